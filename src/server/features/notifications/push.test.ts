/**
 * Push notifications (issue 24, item 5): the devices each person turns push on for, and the pushes a reply
 * sends them through the outbox, delivered to a stand-in push service on the loopback address that checks the
 * protocol (encryption headers, the VAPID signature) and decrypts each message; its retries (5xx), the removal
 * of a device the service calls gone (410), refusals (400, 413), and what a push may say.
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import webpush from "web-push";
import { createTestApp, type TestContext, testConfig } from "#tests/helpers/app";
import { call, unchecked } from "#tests/helpers/call";
import { type PushService, pushDevice, startPushService, type TestDevice } from "#tests/helpers/push";
import { createRequest } from "#tests/helpers/requests";
import { as, createUser, type TestUser } from "#tests/helpers/users";
import { PUSH_TEXTS } from "@/shared/contracts/common-texts";
import { PUSH_MESSAGES } from "@/shared/contracts/notifications";
import { fill } from "@/shared/texts";
import { outbox, pushSubscriptions, sessions } from "../../db/schema";
import { isPushService, PUSH_TTL_SECONDS, vapidKeysOf } from "./push";

let ctx: TestContext;
let service: PushService;

const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";

/** Turns push on for a new device of `user` (on the stand-in), as the browser's card does. */
async function turnOn(user: TestUser, device: TestDevice = service.device()) {
  const res = await call(
    ctx,
    "POST /notifications/devices",
    { body: device.subscription },
    {
      ...as(user),
      ...{
        "user-agent": ANDROID_CHROME,
      },
    },
  );
  expect(res.statusCode, res.body).toBe(201);
  return { device, id: res.json().id as string };
}

const newRequest = (member: TestUser) =>
  createRequest(ctx, member, { title: "A Hermès Kelly 28", budget_eur: 30000, urgency: "Medium" });

const pushRows = () => ctx.database.db.select().from(outbox).where(eq(outbox.kind, "push"));
/** Delivers what is due now (the background worker may have taken some: either way, it is done after). */
const drain = () => ctx.app.outbox?.drain();
/** Makes the outbox's retries due now (their back-off starts at 30 s). */
const retriesDueNow = () =>
  ctx.database.db.update(outbox).set({ nextAttemptAt: sql`now()` }).where(eq(outbox.status, "pending"));

beforeAll(async () => {
  service = await startPushService();
  ctx = await createTestApp({ env: { PUSH_SERVICE_HOSTS: "127.0.0.1", OUTBOX_MAX_ATTEMPTS: "3" } });
});
afterAll(async () => {
  await ctx.close();
  await service.close();
});
beforeEach(async () => {
  await drain();
  await ctx.database.db.delete(outbox);
  service.reset();
});

describe("devices", () => {
  it("turns push on for a browser, names it from its user agent, lists it with the key, and turns it off", async () => {
    const member = await createUser(ctx, { plan: "silver" });
    const { device, id } = await turnOn(member);
    const list = (await call(ctx, "GET /notifications/devices", {}, as(member))).json();
    expect(list.publicKey).toBe(ctx.config.VAPID_PUBLIC_KEY);
    expect(list.items).toEqual([
      {
        id,
        device: "Chrome on Android",
        deviceKey: "device.browser_on_os",
        deviceParams: { browser: "Chrome", os: "Android" },
        kind: "mobile",
        endpoint: device.endpoint,
        createdAt: expect.any(String),
        lastUsedAt: null,
      },
    ]);
    // The same browser subscribing again is the same device.
    await turnOn(member, device);
    expect((await call(ctx, "GET /notifications/devices", {}, as(member))).json().items).toHaveLength(1);

    // Another person's device does not exist for them; the owner removes it.
    const other = await createUser(ctx, { plan: "silver" });
    expect((await call(ctx, "DELETE /notifications/devices/:id", { params: { id } }, as(other))).statusCode).toBe(404);
    const removed = await call(ctx, "DELETE /notifications/devices/:id", { params: { id } }, as(member));
    expect(removed.json()).toEqual({ ok: true });
    expect((await call(ctx, "GET /notifications/devices", {}, as(member))).json().items).toEqual([]);
    const again = await call(ctx, "DELETE /notifications/devices/:id", { params: { id } }, as(member));
    expect([again.statusCode, again.json().error]).toEqual([404, PUSH_MESSAGES.deviceNotFound]);
  });

  it("keeps one subscription per signed-in browser, and a browser another account used moves to the new one", async () => {
    const first = await createUser(ctx);
    const { device } = await turnOn(first);
    // The browser's subscription changed (the push service renewed it): the old one goes.
    const renewed = await turnOn(first);
    const mine = (await call(ctx, "GET /notifications/devices", {}, as(first))).json().items;
    expect(mine.map((d: { endpoint: string }) => d.endpoint)).toEqual([renewed.device.endpoint]);

    // Someone else signs in on that browser and turns push on: it is theirs now.
    const second = await createUser(ctx);
    await turnOn(second, renewed.device);
    expect((await call(ctx, "GET /notifications/devices", {}, as(first))).json().items).toEqual([]);
    expect((await call(ctx, "GET /notifications/devices", {}, as(second))).json().items).toHaveLength(1);
    expect(device.endpoint).not.toBe(renewed.device.endpoint);
  });

  it("refuses a subscription that is not one, or whose push service is not a browser's", async () => {
    const member = await createUser(ctx);
    const valid = pushDevice("https://fcm.googleapis.com").subscription;
    const cases: Array<[object, string]> = [
      [{ ...valid, endpoint: "https://attacker.example/collect" }, PUSH_MESSAGES.pushServiceRefused],
      [{ ...valid, endpoint: "http://10.0.0.1/internal" }, PUSH_MESSAGES.pushServiceRefused],
      [{ ...valid, endpoint: "not a url" }, PUSH_MESSAGES.invalidSubscription],
      [{ ...valid, keys: { ...valid.keys, p256dh: "short" } }, PUSH_MESSAGES.invalidSubscription],
      [{ ...valid, keys: { ...valid.keys, auth: `${valid.keys.auth}AAAA` } }, PUSH_MESSAGES.invalidSubscription],
      [{ endpoint: valid.endpoint }, PUSH_MESSAGES.invalidSubscription],
    ];
    for (const [body, error] of cases) {
      const res = await call(ctx, "POST /notifications/devices", unchecked({ body }), as(member));
      expect([res.statusCode, res.json().error], JSON.stringify(body)).toEqual([400, error]);
    }
    expect(
      await ctx.database.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, (await call(ctx, "GET /me", {}, as(member))).json().user!.id)),
    ).toEqual([]);
  });

  it("generates the VAPID key pair once into DATA_DIR when none is configured, readable by this user only", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "maison-vapid-"));
    try {
      const config = testConfig({ DATA_DIR: dataDir, VAPID_PUBLIC_KEY: "", VAPID_PRIVATE_KEY: "" });
      const keys = vapidKeysOf(config);
      expect(Buffer.from(keys.publicKey, "base64url")).toHaveLength(65);
      expect(Buffer.from(keys.privateKey, "base64url")).toHaveLength(32);
      // web-push takes them as its own (it checks both keys' lengths and encoding).
      expect(() => webpush.setVapidDetails(keys.subject, keys.publicKey, keys.privateKey)).not.toThrow();
      const file = path.join(dataDir, "vapid-keys.json");
      expect(statSync(file).mode & 0o777).toBe(0o600);
      // Another start (or another instance on this data directory) reads the same pair.
      const again = vapidKeysOf(testConfig({ DATA_DIR: dataDir, VAPID_PUBLIC_KEY: "", VAPID_PRIVATE_KEY: "" }));
      expect(again).toEqual(keys);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("posts only to the browsers' known push hosts on https's port 443, or http to a listed loopback host", () => {
    const defaults = testConfig();
    const taken = [
      "https://fcm.googleapis.com/fcm/send/abc",
      "https://updates.push.services.mozilla.com/wpush/v2/abc",
      "https://wns2-par02p.notify.windows.com/w/?token=abc",
      "https://web.push.apple.com/QGuQ",
      "https://fcm.googleapis.com:443/fcm/send/abc",
    ];
    const refused = [
      "http://fcm.googleapis.com/fcm/send/abc",
      "https://user:pass@fcm.googleapis.com/fcm/send/abc",
      "https://fcm.googleapis.com.attacker.example/abc",
      "https://evilfcm.googleapis.com/abc",
      "https://fcm.googleapis.com:22/x",
      "https://fcm.googleapis.com:8443/fcm/send/abc",
      "https://attacker.push.apple.com/x",
      "https://x.fcm.googleapis.com/abc",
      "https://updates.push.services.mozilla.com.evil.example/x",
      "https://notify.windows.com/x",
      "https://169.254.169.254/latest/meta-data",
      "http://127.0.0.1:5432/",
    ];
    expect(taken.filter((url) => !isPushService(defaults, url))).toEqual([]);
    expect(refused.filter((url) => isPushService(defaults, url))).toEqual([]);
    const local = testConfig({ PUSH_SERVICE_HOSTS: "127.0.0.1" });
    expect(isPushService(local, "http://127.0.0.1:4000/push/x")).toBe(true);
    expect(isPushService(local, "https://fcm.googleapis.com/fcm/send/abc")).toBe(false);
  });

  it("goes with the browser's session: signing it out removes the device", async () => {
    const member = await createUser(ctx, { plan: "silver" });
    await turnOn(member);
    const userId = (await call(ctx, "GET /me", {}, as(member))).json().user!.id as string;
    const devicesOf = () =>
      ctx.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    expect(await devicesOf()).toHaveLength(1);
    const out = await call(ctx, "POST /auth/sign-out", {}, as(member));
    expect(out.statusCode, out.body).toBeLessThan(300);
    expect(await devicesOf()).toEqual([]);
  });
});

describe("a reply pushed to the member's devices", () => {
  let staff: TestUser;
  beforeAll(async () => {
    staff = await createUser(ctx, { role: "staff", name: "Sofia Reis" });
  });

  it("is encrypted, signed and sent at once; it says there is a reply and no more, and opens the request", async () => {
    const member = await createUser(ctx, { plan: "silver" });
    const { device, id: deviceId } = await turnOn(member);
    const requestId = await newRequest(member);
    const wakes: string[] = [];
    const unlisten = await ctx.database.listen("outbox", (payload) => wakes.push(payload));
    const reply = await call(
      ctx,
      "POST /requests/:id/messages",
      {
        params: { id: requestId },
        body: {
          body: "The Kelly is available in Étoupe, at 28,500 €.",
        },
      },
      as(staff),
    );
    expect(reply.statusCode, reply.body).toBe(201);

    // Written with the message and announced at its commit: the worker sends it without waiting for its poll.
    await expect.poll(() => wakes).toEqual(["push"]);
    await unlisten();
    await expect.poll(() => service.received.length, { timeout: 8_000 }).toBe(1);
    expect(service.malformed).toEqual([]);
    const [push] = service.received;
    expect(push.path).toBe(new URL(device.endpoint).pathname);
    expect(push.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(push.headers.ttl)).toBe(PUSH_TTL_SECONDS);
    expect(push.headers.urgency).toBe("high");
    expect(push.headers.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect(push.signedWith).toBe(ctx.config.VAPID_PUBLIC_KEY);
    expect(push.claims.aud).toBe(service.origin);
    expect(push.claims.sub).toBe(`mailto:${ctx.config.CONTACT_EMAIL}`);
    expect(push.claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(push.claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
    expect(push.message).toEqual({
      title: "Maison",
      body: PUSH_TEXTS.memberRequestReply.message,
      url: `/requests/${requestId}`,
      tag: `request:${requestId}`,
    });
    // Nothing private left the server: neither the message nor the request's title.
    expect(JSON.stringify(push.message)).not.toMatch(/Kelly|Étoupe|Sofia/);

    await expect.poll(async () => (await pushRows()).map((r) => r.status)).toEqual(["sent"]);
    const [row] = await ctx.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, deviceId));
    expect(row.lastUsedAt).toBeInstanceOf(Date);
  });

  it("shows the message itself only to a member who turned previews on", async () => {
    const member = await createUser(ctx, { plan: "silver" });
    await turnOn(member);
    await call(ctx, "PUT /notifications/preferences", { body: { channel: "pushPreview", enabled: true } }, as(member));
    const requestId = await newRequest(member);
    await call(
      ctx,
      "POST /requests/:id/messages",
      { params: { id: requestId }, body: { body: "Found it in Paris." } },
      as(staff),
    );
    await expect.poll(() => service.received.length, { timeout: 8_000 }).toBe(1);
    expect(service.received[0].message).toMatchObject({
      title: "A reply on your request: A Hermès Kelly 28",
      body: "Sofia Reis: Found it in Paris.",
    });
  });

  it("sends nothing when the member's push preference is off, and still notifies in the app", async () => {
    const member = await createUser(ctx, { plan: "silver" });
    await turnOn(member);
    await call(ctx, "PUT /notifications/preferences", { body: { channel: "push", enabled: false } }, as(member));
    const requestId = await newRequest(member);
    const wakes: string[] = [];
    const unlisten = await ctx.database.listen("outbox", (payload) => wakes.push(payload));
    await call(
      ctx,
      "POST /requests/:id/messages",
      { params: { id: requestId }, body: { body: "Found it." } },
      as(staff),
    );
    await drain();
    await unlisten();
    expect(await pushRows()).toEqual([]);
    // No push written, no wake-up either.
    expect(wakes).toEqual([]);
    expect(service.received).toEqual([]);
    expect((await call(ctx, "GET /notifications", {}, as(member))).json().items[0].title).toMatch(/A reply/);
  });

  it("retries a push the service could not take (5xx) with back-off, then delivers it", async () => {
    const member = await createUser(ctx, { plan: "silver" });
    await turnOn(member);
    service.answerNext(500, 503);
    const requestId = await newRequest(member);
    await call(
      ctx,
      "POST /requests/:id/messages",
      { params: { id: requestId }, body: { body: "One moment." } },
      as(staff),
    );
    await expect.poll(async () => (await pushRows())[0]?.lastError ?? null, { timeout: 8_000 }).not.toBeNull();
    let [row] = await pushRows();
    expect(row).toMatchObject({ status: "pending", lastError: "The push service answered 500" });
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    await retriesDueNow();
    await drain();
    [row] = await pushRows();
    expect(row).toMatchObject({ status: "pending", attempts: 2, lastError: "The push service answered 503" });
    await retriesDueNow();
    await drain();
    [row] = await pushRows();
    expect(row).toMatchObject({ status: "sent", attempts: 3 });
    expect(service.received.map((p) => p.status)).toEqual([500, 503, 201]);
    // The same message each time (encrypted anew).
    expect(new Set(service.received.map((p) => JSON.stringify(p.message))).size).toBe(1);
  });

  it("removes a device the push service says is gone (410), and fails its push at once", async () => {
    const member = await createUser(ctx, { plan: "silver" });
    await turnOn(member);
    service.answerNext(410);
    const requestId = await newRequest(member);
    await call(
      ctx,
      "POST /requests/:id/messages",
      { params: { id: requestId }, body: { body: "Here you are." } },
      as(staff),
    );
    await expect.poll(async () => (await pushRows())[0]?.status, { timeout: 8_000 }).toBe("failed");
    const rows = await pushRows();
    expect(rows.map((r) => [r.status, r.attempts, r.lastError])).toEqual([
      ["failed", 1, "The push service answered 410: the device is gone and was removed."],
    ]);
    expect(service.received.map((p) => p.status)).toEqual([410]);
    expect((await call(ctx, "GET /notifications/devices", {}, as(member))).json().items).toEqual([]);
  });

  it("fails at once a push the service refuses (413, 400) and keeps the device", async () => {
    const member = await createUser(ctx, { plan: "silver" });
    const { id } = await turnOn(member);
    const requestId = await newRequest(member);
    for (const status of [413, 400]) {
      await ctx.database.db.delete(outbox);
      service.answerNext(status);
      await call(
        ctx,
        "POST /requests/:id/messages",
        { params: { id: requestId }, body: { body: `Attempt ${status}` } },
        as(staff),
      );
      await expect.poll(async () => (await pushRows())[0]?.status, { timeout: 8_000 }).toBe("failed");
      const [row] = await pushRows();
      expect([row.attempts, row.lastError]).toEqual([1, `The push service refused the message (${status})`]);
    }
    const [device] = await ctx.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    expect(device).toBeDefined();
  });

  it("retries a push service that cannot be reached, naming the error and never the address", async () => {
    const member = await createUser(ctx, { plan: "silver" });
    const userId = (await call(ctx, "GET /me", {}, as(member))).json().user!.id as string;
    const [session] = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, userId));
    // A device on a port nobody listens on (made directly: the route would take it, the host being allowed).
    const gone = pushDevice("http://127.0.0.1:9");
    await ctx.database.db.insert(pushSubscriptions).values({
      userId,
      sessionId: session.id,
      endpoint: gone.endpoint,
      ...gone.subscription.keys,
    });
    const requestId = await newRequest(member);
    await call(ctx, "POST /requests/:id/messages", { params: { id: requestId }, body: { body: "Hello" } }, as(staff));
    await expect.poll(async () => (await pushRows())[0]?.lastError ?? null, { timeout: 15_000 }).not.toBeNull();
    const [row] = await pushRows();
    expect([row.status, row.attempts]).toEqual(["pending", 1]);
    expect(row.lastError).toMatch(/^The push service could not be reached/);
    expect(row.lastError).not.toContain("127.0.0.1");
  });
});

describe("a member's message pushed to the team's devices", () => {
  it("goes to the request's owner when it has one, else to every staff member; a concierge message likewise", async () => {
    const [owner, other] = [await createUser(ctx, { role: "staff" }), await createUser(ctx, { role: "admin" })];
    const ownerDevice = await turnOn(owner);
    const otherDevice = await turnOn(other);
    const member = await createUser(ctx, { plan: "gold", name: "Ana Sousa" });
    const requestId = await newRequest(member);
    const paths = () => service.received.map((p) => p.path).sort();
    const pathOf = (d: { device: TestDevice }) => new URL(d.device.endpoint).pathname;

    // Unassigned: every staff member's device (those of other staff in this file too).
    await call(
      ctx,
      "POST /requests/:id/messages",
      { params: { id: requestId }, body: { body: "Any news?" } },
      as(member),
    );
    await drain();
    await expect.poll(paths).toEqual(expect.arrayContaining([pathOf(ownerDevice), pathOf(otherDevice)]));
    const unassigned = service.received.find((p) => p.path === pathOf(ownerDevice));
    expect(unassigned?.message).toEqual({
      title: "Maison",
      body: PUSH_TEXTS.staffRequestMessage.message,
      url: `/admin/requests/${requestId}`,
      tag: `request:${requestId}`,
    });

    // Assigned: its owner's only.
    service.received.length = 0;
    const assigned = await call(
      ctx,
      "POST /admin/requests/:id/assignee",
      {
        params: { id: requestId },
        body: {
          userId: (await call(ctx, "GET /me", {}, as(owner))).json().user!.id,
        },
      },
      as(other),
    );
    expect(assigned.statusCode, assigned.body).toBe(200);
    await call(
      ctx,
      "POST /requests/:id/messages",
      { params: { id: requestId }, body: { body: "Still there?" } },
      as(member),
    );
    await drain();
    await expect.poll(paths).toEqual([pathOf(ownerDevice)]);

    // The concierge: the member's conversation, assigned to the other; the reply goes to the member's device.
    service.received.length = 0;
    const memberId = (await call(ctx, "GET /me", {}, as(member))).json().user!.id as string;
    expect(
      (
        await call(
          ctx,
          "POST /admin/concierge/:userId/assignee",
          {
            params: { userId: memberId },
            body: {
              userId: (await call(ctx, "GET /me", {}, as(other))).json().user!.id,
            },
          },
          as(owner),
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (await call(ctx, "POST /concierge/messages", { body: { message: "A table tonight?" } }, as(member))).statusCode,
    ).toBe(201);
    await drain();
    await expect.poll(paths).toEqual([pathOf(otherDevice)]);
    expect(service.received[0].message).toMatchObject({
      body: PUSH_TEXTS.staffConciergeMessage.message,
      url: `/admin/inbox?tab=concierge&member=${memberId}`,
      tag: `concierge:${memberId}`,
    });

    service.received.length = 0;
    const memberDevice = await turnOn(member);
    await call(
      ctx,
      "POST /admin/concierge/:userId",
      { params: { userId: memberId }, body: { reply: "Done: 21:00 at Belcanto." } },
      as(other),
    );
    await drain();
    await expect.poll(paths).toEqual([pathOf(memberDevice)]);
    // The conversation has an owner: the member hears from the person who replied (issue 34 item 1).
    const replier = (await call(ctx, "GET /me", {}, as(other))).json().user!.name;
    expect(service.received[0].message).toEqual({
      title: "Maison",
      body: fill(PUSH_TEXTS.namedReply.message, { name: replier }),
      url: "/messages?view=concierge",
      tag: `concierge:${memberId}`,
    });
    expect(service.malformed).toEqual([]);
  });

  it("sends nothing to a device whose session ended", async () => {
    const member = await createUser(ctx, { plan: "silver" });
    const staffer = await createUser(ctx, { role: "staff" });
    const { id } = await turnOn(member);
    const requestId = await newRequest(member);
    // The session expired (its row stays until the library prunes it).
    const [device] = await ctx.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(sessions.id, device.sessionId)));
    await call(ctx, "POST /requests/:id/messages", { params: { id: requestId }, body: { body: "Hello" } }, as(staffer));
    await drain();
    expect((await pushRows()).filter((r) => (r.payload as { subscriptionId: string }).subscriptionId === id)).toEqual(
      [],
    );
  });
});
