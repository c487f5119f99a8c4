import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import { call } from "#tests/helpers/call";
import { connectionUrlOf } from "#tests/helpers/database";
import { adminUrl } from "#tests/helpers/postgres";
import { startSmtpSink } from "#tests/helpers/smtp";
import { signUp } from "#tests/helpers/users";
import { OUTBOX_TEXTS } from "@/shared/contracts/notifications-texts";
import { outbox, userRoles } from "../db/schema";
import { escapeHtml, renderEmail } from "../mail/templates";
import { type Deliver, deliverDue, enqueueEmail, MAX_ATTEMPTS, retryDelayMs, stopDeliveries } from "./outbox";
import { createDeliverer } from "./worker";

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let ctx: TestContext;

beforeAll(async () => {
  smtp = await startSmtpSink();
  ctx = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: "Maison <concierge@maison.test>" } });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const rows = () => ctx.database.db.select().from(outbox);

describe("email templates", () => {
  it("escapes every value a person supplied", () => {
    const mail = renderEmail({
      subject: "New message",
      heading: "A <b>heading</b>",
      paragraphs: ['Dear <script>alert("x")</script>,'],
      quote: "<img src=x onerror=alert(1)>",
      action: { label: "Open", url: 'https://example.com/?a="b"' },
    });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<img src=x");
    expect(mail.html).toContain(escapeHtml('<script>alert("x")</script>'));
    expect(mail.html).toContain("https://example.com/?a=&quot;b&quot;");
    expect(mail.text).toContain('Dear <script>alert("x")</script>,');
    expect(mail.text).toContain("> <img src=x onerror=alert(1)>");
  });
});

describe("the outbox worker", () => {
  it("delivers a reset email through SMTP with an HTML and a text part", async () => {
    const user = await signUp(ctx, { name: "Ana <Sousa>" });
    // The auth library's own path: not in the endpoint tables.
    await ctx.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email: user.email } });
    await ctx.app.outbox?.drain();
    const resets = () => smtp.received.filter((m) => m.to.includes(user.email) && /Subject: Reset/.test(m.raw));
    await expect.poll(() => resets().length).toBe(1);
    const mail = resets()[0];
    expect(mail.from).toBe("concierge@maison.test");
    const [sent] = (await rows()).filter((r) => r.payload.to === user.email && r.payload.reason === "password_reset");
    // Its Message-ID is the outbox row's: the same on any attempt, so a copy sent again can be told apart.
    expect(mail.raw).toContain(`Message-ID: <${sent.id}@maison.test>`);
    expect(mail.raw).toMatch(/Subject: Reset your Maison password/);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    expect(mail.raw).toContain("Ana &lt;Sousa&gt;");
    const [row] = (await rows()).filter(
      (r) => (r.payload as { to: string; reason: string }).to === user.email && r.payload.reason === "password_reset",
    );
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    // Sent: the one-time link is no longer kept.
    expect(JSON.stringify(row.payload)).not.toContain("token=");
  });

  it("retries a refused email later with back-off, and gives up after the last attempt", async () => {
    smtp.setRefuse(true);
    try {
      await enqueueEmail(
        ctx.database.db,
        { mailEnabled: true },
        {
          to: "later@example.com",
          reason: "test",
          ...renderEmail({ subject: "Hello", heading: "Hello", paragraphs: ["Hi"] }),
        },
      );
      const deliver = createDeliverer(ctx.config);
      await ctx.app.outbox?.drain();
      await deliverDue(ctx.database.db, deliver);
      const find = async () => (await rows()).find((r) => (r.payload as { to: string }).to === "later@example.com")!;
      let row = await find();
      expect(row.status).toBe("pending");
      expect(row.attempts).toBe(1);
      expect(row.lastError).toMatch(/Mailbox unavailable/);
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + retryDelayMs(1) - 5_000);

      // Not due yet: nothing is tried.
      await deliverDue(ctx.database.db, deliver);
      expect((await find()).attempts).toBe(1);

      for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
        await ctx.database.db
          .update(outbox)
          .set({ nextAttemptAt: new Date(0) })
          .where(eq(outbox.id, row.id));
        await deliverDue(ctx.database.db, deliver);
      }
      row = await find();
      expect(row.attempts).toBe(MAX_ATTEMPTS);
      expect(row.status).toBe("failed");
    } finally {
      smtp.setRefuse(false);
    }
  });

  it("while the mail server is down, fails nothing and sends nothing; once it is back the whole backlog goes at once", async () => {
    const backlog = Array.from({ length: 25 }, (_, i) => `backlog-${i}@example.com`);
    const backlogRows = async () => (await rows()).filter((r) => backlog.includes((r.payload as { to: string }).to));
    const received = (to: string) => smtp.received.filter((m) => m.to.includes(to));
    smtp.setDown(true);
    try {
      for (const to of backlog) {
        await enqueueEmail(
          ctx.database.db,
          { mailEnabled: true },
          { to, reason: "test", ...renderEmail({ subject: "Backlog", heading: "Backlog", paragraphs: ["Hi"] }) },
        );
      }
      // The worker met the 421 and is waiting for the server (its probes send nothing).
      await expect
        .poll(async () => (await backlogRows()).some((r) => /mail server is unavailable/.test(r.lastError ?? "")))
        .toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      for (const row of await backlogRows()) {
        expect(row.status).toBe("pending");
        // At most the one attempt that met the outage; still due, not pushed back by the retry back-off.
        expect(row.attempts).toBeLessThanOrEqual(1);
        expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
      }
    } finally {
      smtp.setDown(false);
    }
    // Back: every message of the backlog (more than one pass of 20) within the probe's 2 s, once each.
    await expect.poll(() => backlog.filter((to) => received(to).length > 0).length, { timeout: 4_000 }).toBe(25);
    expect(backlog.map((to) => received(to).length)).toEqual(backlog.map(() => 1));
    await expect.poll(async () => (await backlogRows()).every((r) => r.status === "sent")).toBe(true);
  });

  it("renews a claim while its send lasts: another instance does not send the message meanwhile", async () => {
    const own = await createTestApp({ deps: { startWorkers: false } });
    try {
      const db = own.database.db;
      await enqueueEmail(
        db,
        { mailEnabled: true },
        {
          to: "slow@example.com",
          reason: "test",
          ...renderEmail({ subject: "Hi", heading: "Hi", paragraphs: ["Hi"] }),
        },
      );
      const sent: string[] = [];
      // A send that takes four times the lease, and a second instance's deliverer trying meanwhile.
      const slow: Deliver = async () => {
        await new Promise((resolve) => setTimeout(resolve, 1_200));
        sent.push("first");
      };
      slow.leaseMs = 300;
      const other: Deliver = async () => {
        sent.push("second");
      };
      other.leaseMs = 300;
      const first = deliverDue(db, slow);
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(await deliverDue(db, other)).toBe(0);
      expect(await first).toBe(1);
      expect(sent).toEqual(["first"]);
      const [row] = await db.select().from(outbox);
      expect(row).toMatchObject({ status: "sent", attempts: 1 });
    } finally {
      await own.close();
    }
  });

  it("on a stop, lets a delivery finish within the grace and puts back one that does not, due now and uncounted", async () => {
    const own = await createTestApp({ deps: { startWorkers: false } });
    try {
      const db = own.database.db;
      const mail = (to: string) => ({
        to,
        reason: "test",
        ...renderEmail({ subject: "Hello", heading: "Hello", paragraphs: ["Hi"] }),
      });
      const quick = await enqueueEmail(db, { mailEnabled: true }, mail("quick@example.com"));
      const slow = await enqueueEmail(db, { mailEnabled: true }, mail("slow@example.com"));
      const never = await enqueueEmail(db, { mailEnabled: true }, mail("never@example.com"));
      await db
        .update(outbox)
        .set({ nextAttemptAt: new Date(0) })
        .where(eq(outbox.id, quick));
      await db
        .update(outbox)
        .set({ nextAttemptAt: new Date(1000) })
        .where(eq(outbox.id, slow));
      const sent: string[] = [];
      let cutOff: unknown = null;
      // The quick one takes 100 ms; the slow one waits until it is cut off.
      const deliver: Deliver = async (_kind, payload, signal) => {
        const to = payload.to as string;
        if (to === "quick@example.com") await new Promise((resolve) => setTimeout(resolve, 100));
        else
          await new Promise((_resolve, reject) =>
            signal?.addEventListener("abort", () => {
              cutOff = signal.reason;
              reject(signal.reason);
            }),
          );
        sent.push(to);
      };
      const delivering = deliverDue(db, deliver);
      await expect.poll(() => sent.length).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await stopDeliveries(db, deliver, 300)).toBe(1);
      expect(await delivering).toBe(2);
      expect(cutOff).toBeInstanceOf(Error);
      const find = async (id: string) => (await db.select().from(outbox)).find((r) => r.id === id)!;
      expect(await find(quick)).toMatchObject({ status: "sent", attempts: 1 });
      const back = await find(slow);
      expect(back).toMatchObject({ status: "pending", attempts: 0, lastError: null });
      expect(back.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
      // Stopped: nothing more is claimed.
      expect(await deliverDue(db, deliver)).toBe(0);
      expect(await find(never)).toMatchObject({ status: "pending", attempts: 0 });
      expect(sent).toEqual(["quick@example.com"]);
    } finally {
      await own.close();
    }
  });

  it("on a stop, puts back a message whose burst already has a newer one waiting (its attempt then counted)", async () => {
    const own = await createTestApp({ deps: { startWorkers: false } });
    try {
      const db = own.database.db;
      const burst = { burstKey: "request:x", burstTo: "ana@example.com" };
      const payload = { to: "ana@example.com", reason: "test", subject: "One", html: "", text: "" };
      const [first] = await db
        .insert(outbox)
        .values({ kind: "email", payload, status: "pending", ...burst })
        .returning();
      const hanging: Deliver = (_kind, _payload, signal) =>
        new Promise((_resolve, reject) => signal?.addEventListener("abort", () => reject(signal.reason)));
      const delivering = deliverDue(db, hanging);
      await expect
        .poll(async () => (await db.select().from(outbox).where(eq(outbox.id, first.id)))[0].attempts)
        .toBe(1);
      // While the first is being sent, the next message of the conversation waits in a row of its own.
      await db
        .insert(outbox)
        .values({ kind: "email", payload: { ...payload, subject: "Two" }, status: "pending", ...burst });
      expect(await stopDeliveries(db, hanging, 100)).toBe(1);
      await delivering;
      const [back] = await db.select().from(outbox).where(eq(outbox.id, first.id));
      expect(back).toMatchObject({ status: "pending", attempts: 1 });
      expect(back.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    } finally {
      await own.close();
    }
  });

  it("holds email when no SMTP server is configured", async () => {
    const noMail = await createTestApp({ deps: { startWorkers: false } });
    try {
      const user = await signUp(noMail);
      // The auth library's own path: not in the endpoint tables.
      await noMail.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email: user.email } });
      const held = await noMail.database.db.select().from(outbox);
      expect(held.map((r) => [r.payload.reason, r.status])).toEqual([
        ["email_verification", "held"],
        ["password_reset", "held"],
      ]);
      const admin = await signUp(noMail);
      await noMail.database.db.insert(userRoles).values({ userId: admin.id, role: "admin" });
      const list = await call(noMail, "GET /admin/outbox", {}, { cookie: admin.cookie });
      const reset = list.json().items.find((item) => item.reason === "password_reset");
      expect(reset).toMatchObject({ status: "held", to: user.email, text: OUTBOX_TEXTS.secretHidden });
    } finally {
      await noMail.close();
    }
  });
});

describe.runIf(process.env.TEST_DB_DRIVER === "postgres")("on a PostgreSQL server that goes away", () => {
  it("records a sent email once the database is back, so it is not sent again", async () => {
    const own = await createTestApp({ env: { SMTP_URL: smtp.url }, deps: { startWorkers: false } });
    const name = new URL(connectionUrlOf(own.database) as string).pathname.slice(1);
    const admin = new pg.Client({ connectionString: adminUrl(process.env.TEST_DATABASE_URL as string) });
    await admin.connect();
    try {
      const id = await enqueueEmail(
        own.database.db,
        { mailEnabled: true },
        {
          to: "outage@example.com",
          reason: "test",
          ...renderEmail({ subject: "Hi", heading: "Hi", paragraphs: ["Hi"] }),
        },
      );
      const real = createDeliverer(own.config);
      // The mail server takes the message; then, before its outcome is recorded, the database refuses every
      // connection for a second and its open ones are cut (as in a restart).
      const deliver: Deliver = async (kind, payload, signal, rowId) => {
        await real(kind, payload, signal, rowId);
        await admin.query(`alter database ${name} with allow_connections false`);
        await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [name]);
        setTimeout(() => void admin.query(`alter database ${name} with allow_connections true`), 1_000);
      };
      expect(await deliverDue(own.database.db, deliver)).toBe(1);
      const [row] = await own.database.db.select().from(outbox).where(eq(outbox.id, id));
      expect(row).toMatchObject({ status: "sent", attempts: 1 });
      expect(await deliverDue(own.database.db, real)).toBe(0);
      expect(smtp.received.filter((m) => m.raw.includes(`Message-ID: <${id}@`))).toHaveLength(1);
    } finally {
      await admin.query(`alter database ${name} with allow_connections true`).catch(() => {});
      await admin.end();
      await own.close();
    }
  });
});
