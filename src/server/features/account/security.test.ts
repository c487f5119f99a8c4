import { eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { secondInstance, type TestContext } from "#tests/helpers/app";
import { call, unchecked } from "#tests/helpers/call";
import { listeningTestApp, openEventStream } from "#tests/helpers/stream";
import { totpFromUri } from "#tests/helpers/totp";
import { as, cookieFrom, createUser, signUp, type TestUser } from "#tests/helpers/users";
import { ACCOUNT_ERRORS } from "@/shared/contracts/account-texts";
import { endpointUrl } from "@/shared/contracts/endpoint";
import { LAST_SEEN_EVERY_MS } from "../../auth/viewer";
import { knownDevices, outbox, sessions } from "../../db/schema";
import { describeDevice, deviceName } from "../../http/device";
import { DEVICE_COOKIE } from "./security";

const MAC_CHROME =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const IPAD =
  "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

let ctx: TestContext;
let base: string;
beforeAll(async () => {
  ({ ctx, base } = await listeningTestApp());
});
afterAll(() => ctx.close());

/** The device cookie a response set, as "maison.device=…". */
function deviceOf(res: Pick<LightMyRequestResponse, "headers">): string {
  const raw = res.headers["set-cookie"];
  const found = [raw ?? []].flat().find((c) => String(c).startsWith(`${DEVICE_COOKIE}=`));
  if (!found) throw new Error("no device cookie");
  return String(found).split(";")[0];
}

/** Signs `user` in from a browser (user agent, address, and its device cookie if it has one). */
async function signInFrom(
  user: { email: string; password: string },
  browser: { userAgent?: string; address?: string; device?: string } = {},
) {
  const res = await ctx.app.inject({
    method: "POST",
    url: endpointUrl("POST /auth/sign-in"),
    payload: { email: user.email, password: user.password },
    remoteAddress: browser.address ?? "203.0.113.10",
    headers: {
      "user-agent": browser.userAgent ?? MAC_CHROME,
      ...(browser.device ? { cookie: browser.device } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return {
    res,
    cookie: cookieFrom(res)
      .replace(/(^|; )maison\.device=[^;]*/, "")
      .replace(/^; /, ""),
  };
}

const sessionsOf = (cookie: string) => call(ctx, "GET /account/sessions", {}, { cookie });
const me = async (cookie: string) => (await call(ctx, "GET /me", {}, { cookie })).json().user;
const changePassword = (cookie: string, payload: object) =>
  call(ctx, "POST /account/password", unchecked({ body: payload }), { cookie });
const endSession = (cookie: string, id: string) =>
  call(ctx, "DELETE /account/sessions/:sessionId", { params: { sessionId: id } }, { cookie });
const signOutOthers = (cookie: string) => call(ctx, "POST /account/sessions/sign-out-others", {}, { cookie });
const mailsTo = async (email: string, reason: string) =>
  (await ctx.database.db.select().from(outbox)).filter(
    (m) => (m.payload as { to: string }).to === email && (m.payload as { reason: string }).reason === reason,
  );

describe("devices", () => {
  it("reads the browser, the system and the kind from the user agent", () => {
    expect(describeDevice(MAC_CHROME)).toEqual({
      device: "Chrome on macOS",
      kind: "desktop",
      deviceKey: "device.browser_on_os",
      deviceParams: { browser: "Chrome", os: "macOS" },
    });
    expect(describeDevice(IPHONE_SAFARI)).toMatchObject({ device: "Safari on iOS", kind: "mobile" });
    expect(describeDevice(IPAD).kind).toBe("tablet");
    expect(describeDevice(null)).toEqual({ device: "Unknown device", kind: "desktop", deviceKey: "device.unknown" });
    // In an email, in the reader's language (decision 028).
    expect(deviceName(MAC_CHROME, "pt-PT")).toBe("Chrome em macOS");
    expect(deviceName(null, "pt-PT")).toBe("Dispositivo desconhecido");
  });
});

describe("the sessions list", () => {
  it("lists the member's active sessions, the one in use first, with device, address and times", async () => {
    const user = await signUp(ctx);
    const laptop = await signInFrom(user, { userAgent: MAC_CHROME, address: "198.51.100.7" });
    await signInFrom(user, { userAgent: IPHONE_SAFARI, address: "203.0.113.44" });
    const res = await sessionsOf(laptop.cookie);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toHaveLength(3); // sign-up's, the laptop's and the phone's
    expect(list[0]).toMatchObject({
      device: "Chrome on macOS",
      kind: "desktop",
      address: "198.51.100.7",
      current: true,
    });
    expect(list.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(list).toContainEqual(
      expect.objectContaining({ device: "Safari on iOS", kind: "mobile", address: "203.0.113.44", current: false }),
    );
    for (const s of list) {
      expect(Date.parse(s.signedInAt)).toBeGreaterThan(Date.now() - 60_000);
      expect(Date.parse(s.lastSeenAt)).toBeGreaterThan(Date.now() - 60_000);
    }
    // Nobody else's sessions.
    const other = await signUp(ctx);
    expect((await sessionsOf(other.cookie)).json()).toHaveLength(1);
  });

  it("notes when a session was last seen at most every five minutes, in the request's one write", async () => {
    const user = await signUp(ctx);
    const old = new Date(Date.now() - LAST_SEEN_EVERY_MS - 60_000);
    await ctx.database.db.update(sessions).set({ lastSeenAt: old }).where(eq(sessions.userId, user.id));
    const lastSeen = async () =>
      (await ctx.database.db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.userId, user.id)))[0]
        .at;
    await me(user.cookie);
    const seen = await lastSeen();
    expect(seen.getTime()).toBeGreaterThan(Date.now() - 10_000);
    // A minute ago is recent enough: no write.
    const recent = new Date(Date.now() - 60_000);
    await ctx.database.db.update(sessions).set({ lastSeenAt: recent }).where(eq(sessions.userId, user.id));
    await me(user.cookie);
    expect((await lastSeen()).getTime()).toBe(recent.getTime());
  });

  it("is in the account's data export", async () => {
    const user = await signUp(ctx);
    const res = await call(ctx, "GET /account/export", {}, { cookie: user.cookie });
    expect(res.json().sessions).toEqual([
      expect.objectContaining({ device: expect.any(String), signedInAt: expect.any(String) }),
    ]);
  });
});

describe("signing a session out", () => {
  it("ends another session at once; it cannot end the one in use, and an ended one is gone", async () => {
    const user = await signUp(ctx);
    const phone = await signInFrom(user, { userAgent: IPHONE_SAFARI });
    const phoneId = (await sessionsOf(phone.cookie)).json()[0].id;
    const ownId = (await sessionsOf(user.cookie)).json()[0].id;

    const own = await endSession(user.cookie, ownId);
    expect(own.statusCode).toBe(409);
    expect(own.json().error).toBe(ACCOUNT_ERRORS.sessionIsCurrent);

    expect((await endSession(user.cookie, phoneId)).statusCode).toBe(200);
    // The phone's very next call is refused.
    expect(await me(phone.cookie)).toBeNull();
    const refused = await sessionsOf(phone.cookie);
    expect(refused.statusCode).toBe(401);

    const again = await endSession(user.cookie, phoneId);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe(ACCOUNT_ERRORS.sessionEnded);
    expect((await sessionsOf(user.cookie)).json().map((s: { id: string }) => s.id)).toEqual([ownId]);
  });

  it("never ends another member's session (404, as if it did not exist)", async () => {
    const [ana, rui] = [await signUp(ctx), await signUp(ctx)];
    const ruiId = (await sessionsOf(rui.cookie)).json()[0].id;
    const res = await endSession(ana.cookie, ruiId);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(ACCOUNT_ERRORS.sessionEnded);
    expect(await me(rui.cookie)).not.toBeNull();
  });

  it("signs out everywhere else, keeping the session in use", async () => {
    const user = await signUp(ctx);
    const others = [await signInFrom(user), await signInFrom(user, { userAgent: IPHONE_SAFARI })];
    const res = await signOutOthers(user.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ signedOut: 2 });
    for (const other of others) expect(await me(other.cookie)).toBeNull();
    expect((await me(user.cookie))?.email).toBe(user.email);
    expect((await signOutOthers(user.cookie)).json()).toEqual({ signedOut: 0 });
  });

  it("closes the ended session's event stream and tells the member's other streams", async () => {
    const user = await createUser(ctx);
    const phone = await signInFrom(user, { userAgent: IPHONE_SAFARI });
    const [phoneStream, laptopStream] = [await openStream(phone.cookie), await openStream(user.cookie)];
    try {
      const phoneId = (await sessionsOf(phone.cookie)).json()[0].id;
      expect((await endSession(user.cookie, phoneId)).statusCode).toBe(200);
      expect(await phoneStream.ended).toBe(true);
      await expect.poll(() => laptopStream.events).toContain("session");
      expect(laptopStream.closed()).toBe(false);
    } finally {
      phoneStream.close();
      laptopStream.close();
    }
  });
});

describe("changing the password", () => {
  const valid = (user: TestUser, patch: object = {}) => ({
    currentPassword: user.password,
    newPassword: "a-brand-new-secret",
    signOutOthers: false,
    ...patch,
  });

  it("refuses a missing or wrong current password, and a new one equal to it, changing nothing", async () => {
    const user = await signUp(ctx);
    const missing = await changePassword(user.cookie, valid(user, { currentPassword: "" }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe("Please enter your current password.");
    const same = await changePassword(user.cookie, valid(user, { newPassword: user.password }));
    expect(same.statusCode).toBe(400);
    expect(same.json().error).toBe("Your new password must be different from the current one.");
    const short = await changePassword(user.cookie, valid(user, { newPassword: "123" }));
    expect(short.json().error).toBe("Password must be at least 6 characters");
    const wrong = await changePassword(user.cookie, valid(user, { currentPassword: "not-my-password" }));
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe(ACCOUNT_ERRORS.wrongCurrentPassword);
    await signInFrom(user); // the old password still works
    expect(await mailsTo(user.email, "password_changed")).toHaveLength(0);
  });

  it("changes it, keeps every session unless asked, and emails the member", async () => {
    const user = await signUp(ctx);
    const other = await signInFrom(user);
    const res = await changePassword(user.cookie, valid(user));
    expect(res.statusCode, res.body).toBe(200);
    expect(await me(user.cookie)).not.toBeNull();
    expect(await me(other.cookie)).not.toBeNull();
    await signInFrom({ email: user.email, password: "a-brand-new-secret" });
    const old = await call(ctx, "POST /auth/sign-in", { body: { email: user.email, password: user.password } });
    expect(old.statusCode).toBe(401);
    const [mail] = await mailsTo(user.email, "password_changed");
    expect(mail.payload.subject).toBe("Your Maison password was changed");
    expect(String(mail.payload.text)).toContain("/profile#security");
  });

  it("signs the other sessions out when asked, at once, and keeps the one in use", async () => {
    const user = await signUp(ctx);
    const other = await signInFrom(user, { userAgent: IPHONE_SAFARI });
    const stream = await openStream(other.cookie);
    try {
      const res = await changePassword(user.cookie, valid(user, { signOutOthers: true }));
      expect(res.statusCode, res.body).toBe(200);
      expect(await me(other.cookie)).toBeNull();
      expect(await stream.ended).toBe(true);
      expect((await me(user.cookie))?.email).toBe(user.email);
      expect((await sessionsOf(user.cookie)).json()).toHaveLength(1);
    } finally {
      stream.close();
    }
  });

  it("allows 5 attempts per 10 minutes", async () => {
    const user = await signUp(ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await changePassword(user.cookie, valid(user, { currentPassword: "wrong-password" }))).statusCode);
    }
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429]);
    const limited = await changePassword(user.cookie, valid(user));
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
  });
});

describe("the email on a new device", () => {
  const newDeviceMails = (email: string) => mailsTo(email, "new_device_sign_in");

  it("remembers the device at sign-up and emails nothing for it or for a known device", async () => {
    const email = `device-${Date.now()}@example.com`;
    const up = await call(
      ctx,
      "POST /auth/sign-up",
      { body: { name: "Ana Sousa", email, phone: "+351912345678", password: "correct-horse" } },
      { "user-agent": MAC_CHROME },
    );
    expect(up.statusCode).toBe(201);
    const device = deviceOf(up);
    const setCookie = String([up.headers["set-cookie"]].flat().find((c) => String(c).startsWith(DEVICE_COOKIE)));
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/Max-Age=34560000/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const stored = await ctx.database.db.select().from(knownDevices);
    // Only its hash is kept.
    expect(stored.some((d) => device.includes(d.deviceHash))).toBe(false);
    await signInFrom({ email, password: "correct-horse" }, { device });
    expect(await newDeviceMails(email)).toHaveLength(0);
  });

  it("emails the member when a new device signs in to an account that knew another", async () => {
    const user = await signUp(ctx, { name: "Ana Sousa" });
    const { res } = await signInFrom(user, { userAgent: IPHONE_SAFARI, address: "192.0.2.33" });
    expect(deviceOf(res)).toMatch(/^maison\.device=[A-Za-z0-9_-]{43}$/);
    const [mail] = await newDeviceMails(user.email);
    expect(mail).toBeDefined();
    expect(mail.payload.subject).toBe("New sign-in to your Maison account");
    const text = String(mail.payload.text);
    expect(text).toContain("Safari on iOS");
    expect(text).toContain("192.0.2.33");
    expect(text).toContain("If this wasn't you, change your password");
    expect(text).toContain("http://localhost:3000/profile#security");
    // Once known, that device signs in quietly.
    await signInFrom(user, { userAgent: IPHONE_SAFARI, device: deviceOf(res) });
    expect(await newDeviceMails(user.email)).toHaveLength(1);
  });

  it("writes the email in the account's language, whatever the signing-in browser's (issue 34 item 4)", async () => {
    const user = await signUp(ctx, { name: "Inês Duarte" });
    const chosen = await call(ctx, "PUT /profile/language", { body: { language: "pt-PT" } }, as(user));
    expect(chosen.statusCode).toBe(200);
    await signInFrom(user, { userAgent: IPHONE_SAFARI, address: "192.0.2.34" });
    const [mail] = await newDeviceMails(user.email);
    expect(mail.payload.subject).toBe("Novo início de sessão na sua conta Maison");
    const text = String(mail.payload.text);
    expect(text).toContain("Um novo início de sessão");
    expect(text).toContain(`Dispositivo: ${deviceName(IPHONE_SAFARI, "pt-PT")}`);
    expect(text).toContain("Endereço: 192.0.2.34");
    // The time as Portugal writes it: "27 nov. 2026, 05:27 UTC".
    expect(text).toMatch(/Hora: \d{1,2} [a-z]{3}\. \d{4}, \d\d:\d\d UTC/);
    expect(text).not.toContain("New sign-in");
  });

  it("does not email the first device an account is seen on (an account from before devices were kept)", async () => {
    const user = await signUp(ctx);
    await ctx.database.db.delete(knownDevices).where(eq(knownDevices.userId, user.id));
    await signInFrom(user);
    expect(await newDeviceMails(user.email)).toHaveLength(0);
    const rows = await ctx.database.db.select().from(knownDevices).where(eq(knownDevices.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it("waits for the two-factor code before noting the device and emailing", async () => {
    const user = await signUp(ctx);
    const enable = await call(ctx, "POST /auth/two-factor/enable", { body: { password: user.password } }, as(user));
    const { totpURI, backupCodes } = enable.json();
    const confirm = await call(
      ctx,
      "POST /auth/two-factor/verify-totp",
      { body: { code: totpFromUri(totpURI) } },
      as(user),
    );
    expect(confirm.statusCode).toBe(200);
    expect(await newDeviceMails(user.email)).toHaveLength(0); // the same browser

    const signIn = await call(
      ctx,
      "POST /auth/sign-in",
      { body: { email: user.email, password: user.password } },
      { "user-agent": IPHONE_SAFARI },
    );
    expect(signIn.json()).toEqual({ twoFactorRequired: true });
    expect(await newDeviceMails(user.email)).toHaveLength(0);
    const verified = await call(
      ctx,
      "POST /auth/two-factor/verify-totp",
      { body: { code: totpFromUri(totpURI) } },
      { cookie: cookieFrom(signIn), "user-agent": IPHONE_SAFARI },
    );
    expect(verified.statusCode, verified.body).toBe(200);
    deviceOf(verified);
    expect(await newDeviceMails(user.email)).toHaveLength(1);

    // A backup code from yet another browser: a second email.
    const again = await call(ctx, "POST /auth/sign-in", { body: { email: user.email, password: user.password } });
    const backup = await call(
      ctx,
      "POST /auth/two-factor/verify-backup-code",
      { body: { code: backupCodes[0] } },
      { cookie: cookieFrom(again) },
    );
    expect(backup.statusCode, backup.body).toBe(200);
    expect(await newDeviceMails(user.email)).toHaveLength(2);
    expect(await ctx.database.db.select().from(knownDevices).where(eq(knownDevices.userId, user.id))).toHaveLength(3);
  });

  it("ignores the notification preferences: security email always goes", async () => {
    const user = await signUp(ctx);
    await ctx.database.db.execute(
      sql`update notification_preferences set email_enabled = false where user_id = ${user.id}`,
    );
    await signInFrom(user);
    expect(await newDeviceMails(user.email)).toHaveLength(1);
  });
});

describe.runIf(process.env.TEST_DB_DRIVER === "postgres")("on a PostgreSQL server, with two instances", () => {
  it("a session signed out through one instance loses access on the other at once, stream included", async () => {
    const other = await secondInstance(ctx);
    try {
      const user = await signUp(ctx);
      const phone = await signInFrom(user, { userAgent: IPHONE_SAFARI });
      const stream = await openStream(phone.cookie); // held by the first instance
      const phoneId = (await sessionsOf(phone.cookie)).json()[0].id;
      const res = await call(
        other,
        "DELETE /account/sessions/:sessionId",
        { params: { sessionId: phoneId } },
        { cookie: user.cookie },
      );
      expect(res.statusCode).toBe(200);
      expect(await stream.ended).toBe(true);
      expect((await sessionsOf(phone.cookie)).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});

/** The event stream as a browser tab opens it. */
const openStream = (cookie: string) => openEventStream(base, cookie);
