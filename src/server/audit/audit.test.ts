/**
 * The audit log (issue 31 item 6, decision 050): staff actions on money, roles, plans and settings, staff sign-ins
 * and the members' own payments are written with the action's transaction (a failed action leaves no row);
 * 20 concurrent actions give one unbroken chain; the table refuses UPDATE and DELETE; `npm run cli -- audit
 * verify` says OK with the count, or names the first altered or removed row (exit 1); admins page through it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { TestContext } from "#tests/helpers/app";
import { call } from "#tests/helpers/call";
import { runCliInProcess } from "#tests/helpers/cli";
import { connectionUrlOf, createTestDatabase, testDriver } from "#tests/helpers/database";
import { CARD, option, quotesTestApp } from "#tests/helpers/quote-steps";
import { withTwoFactor } from "#tests/helpers/two-factor";
import { as, createUser, type TestUser } from "#tests/helpers/users";
import { type DatabaseHandle, openDatabase } from "../db";
import { auditLog, userRoles } from "../db/schema";
import { appendAudit, verifyAuditLog } from "./log";

let ctx: TestContext;
let staff: TestUser;
const steps = quotesTestApp((started) => {
  ({ ctx, staff } = started);
});
const db = () => ctx.database.db;
const rows = () => db().select().from(auditLog).orderBy(asc(auditLog.seq));
const rowsOf = async (action: string) => (await rows()).filter((r) => r.action === action);

describe("what is audited", () => {
  it("a sent quote, an authorised hold and its capture, a refund: each a row with actor, target and the change", async () => {
    const held = await steps.heldRequest([option("Kelly 28, Gold", 1_000_000)]);
    const sent = await rowsOf("quote.send");
    expect(sent.at(-1)).toMatchObject({
      actorId: staff.id,
      actorRole: "staff",
      targetKind: "quote",
      targetId: held.quoteId,
      before: { status: "draft" },
      after: { status: "sent", requestId: held.id },
    });
    const authorised = (await rowsOf("hold.authorise")).at(-1);
    expect(authorised).toMatchObject({ actorId: held.member.id, actorRole: "client", targetKind: "hold" });

    const captured = await call(
      ctx,
      "POST /admin/requests/:id/hold/capture",
      { params: { id: held.id }, body: {} },
      { ...as(staff), "user-agent": "Audit test browser" },
    );
    expect(captured.statusCode, captured.body).toBe(200);
    expect((await rowsOf("hold.capture")).at(-1)).toMatchObject({
      actorId: staff.id,
      actorRole: "staff",
      targetId: authorised?.targetId,
      before: { status: "held", capturedCents: 0 },
      after: { status: "captured", capturedCents: 100_000 },
      userAgent: "Audit test browser",
    });
    expect((await rowsOf("hold.capture")).at(-1)?.ip).toBeTruthy();

    const refunded = await steps.refundBy(held.id, 20_000, { reason: "A scuff" });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await rowsOf("refund.create")).at(-1)).toMatchObject({
      actorId: staff.id,
      targetKind: "refund",
      after: { amountCents: 20_000, reason: "A scuff", source: "hold" },
    });
    expect(await verifyAuditLog(db())).toEqual({ ok: true, rows: (await rows()).length });
  });

  it("the member's own payment of a balance invoice, and the staff's send of it", async () => {
    const invoiced = await steps.invoicedRequest();
    expect((await rowsOf("balance.send")).at(-1)).toMatchObject({ actorId: staff.id, targetKind: "balance_invoice" });
    const paid = await call(
      ctx,
      "POST /billing/test/invoices/:id/pay",
      { params: { id: invoiced.invoiceId }, body: CARD },
      as(invoiced.member),
    );
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await rowsOf("balance.pay")).at(-1)).toMatchObject({
      actorId: invoiced.member.id,
      actorRole: "client",
      after: { status: "paid" },
    });
  });

  it("an admin's plan change for a member (simulated checkout), role change and security setting; a staff sign-in", async () => {
    const admin = await withTwoFactor(ctx, await createUser(ctx, { role: "admin" }));
    const member = await createUser(ctx, {});
    const simulated = await call(
      ctx,
      "POST /admin/debug/simulate-checkout",
      { body: { userEmail: member.email, plan: "gold" } },
      as(admin),
    );
    expect(simulated.statusCode, simulated.body).toBe(200);
    expect((await rowsOf("plan.change")).at(-1)).toMatchObject({
      actorId: admin.id,
      actorRole: "admin",
      targetKind: "member",
      targetId: member.id,
      after: { plan: "gold", status: "active" },
    });

    const promoted = await call(ctx, "PUT /admin/roles", { body: { email: member.email, role: "staff" } }, as(admin));
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect((await rowsOf("role.change")).at(-1)).toMatchObject({
      actorId: admin.id,
      targetId: member.id,
      before: { role: "client" },
      after: { role: "staff" },
    });
    const setting = await call(ctx, "PUT /admin/security", { body: { twoFactorRequired: true } }, as(admin));
    expect(setting.statusCode, setting.body).toBe(200);
    expect((await rowsOf("settings.security")).at(-1)).toMatchObject({
      before: { twoFactorRequired: false },
      after: { twoFactorRequired: true },
    });
    // Put back: the other tests' staff have no second factor.
    const back = await call(ctx, "PUT /admin/security", { body: { twoFactorRequired: false } }, as(admin));
    expect(back.statusCode, back.body).toBe(200);

    const before = (await rowsOf("auth.sign_in")).length;
    const signedIn = await call(ctx, "POST /auth/sign-in", {
      body: { email: member.email, password: member.password },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const signIns = await rowsOf("auth.sign_in");
    expect(signIns).toHaveLength(before + 1);
    expect(signIns.at(-1)).toMatchObject({ actorId: member.id, actorRole: "staff", after: { method: "password" } });
    // A member's sign-in is not audited.
    const client = await createUser(ctx, {});
    await call(ctx, "POST /auth/sign-in", { body: { email: client.email, password: client.password } });
    expect(await rowsOf("auth.sign_in")).toHaveLength(before + 1);
  });

  it("a staff member's round-robin setting, once per change", async () => {
    const turn = (enabled: boolean) => call(ctx, "PUT /admin/assignment/round-robin", { body: { enabled } }, as(staff));
    expect((await turn(true)).statusCode).toBe(200);
    expect((await turn(true)).statusCode).toBe(200);
    const rows = (await rowsOf("settings.round_robin")).filter((r) => r.actorId === staff.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ before: { roundRobin: false }, after: { roundRobin: true } });
    await turn(false);
  });

  it("a failed action leaves no row: a capture refused, a role change for nobody, a refund above what was taken", async () => {
    const count = (await rows()).length;
    const sourcing = await steps.sourcingRequest();
    const noHold = await call(
      ctx,
      "POST /admin/requests/:id/hold/capture",
      { params: { id: sourcing.id }, body: {} },
      as(staff),
    );
    expect(noHold.statusCode).toBe(409);
    const admin = await createUser(ctx, { role: "admin" });
    const nobody = await call(
      ctx,
      "PUT /admin/roles",
      { body: { email: "nobody@example.com", role: "staff" } },
      as(admin),
    );
    expect(nobody.statusCode).toBe(404);
    const notAdmin = await call(ctx, "PUT /admin/roles", { body: { email: staff.email, role: "admin" } }, as(staff));
    expect(notAdmin.statusCode).toBe(403);
    const own = await call(ctx, "PUT /admin/roles", { body: { email: admin.email, role: "staff" } }, as(admin));
    expect(own.statusCode).toBe(409);
    expect((await rows()).length).toBe(count);
  });

  it("an audit row that cannot be written undoes its action (one transaction)", async () => {
    const admin = await createUser(ctx, { role: "admin" });
    const member = await createUser(ctx, {});
    // The audit log refuses every insert for a moment: the role change fails, and the role is as it was.
    await db().execute(sql`alter table audit_log add constraint audit_refuses check (false) not valid`);
    try {
      const refused = await call(ctx, "PUT /admin/roles", { body: { email: member.email, role: "staff" } }, as(admin));
      expect(refused.statusCode).toBe(500);
    } finally {
      await db().execute(sql`alter table audit_log drop constraint audit_refuses`);
    }
    const roles = await db().select().from(userRoles).where(eq(userRoles.userId, member.id));
    expect(roles.map((r) => r.role)).toEqual(["client"]);
  });
});

describe("the chain", () => {
  it("20 concurrent actions give 20 rows numbered without a gap, each linked to the one before", async () => {
    const admin = await createUser(ctx, { role: "admin" });
    const members = await Promise.all(Array.from({ length: 20 }, () => createUser(ctx, {})));
    const start = (await rows()).length;
    const answers = await Promise.all(
      members.map((m) => call(ctx, "PUT /admin/roles", { body: { email: m.email, role: "staff" } }, as(admin))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const all = await rows();
    expect(all).toHaveLength(start + 20);
    expect(all.map((r) => r.seq)).toEqual(all.map((_, i) => i + 1));
    for (let i = 1; i < all.length; i += 1) expect(all[i].prevHash).toBe(all[i - 1].hash);
    expect(await verifyAuditLog(db())).toEqual({ ok: true, rows: all.length });
  });

  it("refuses UPDATE and DELETE", async () => {
    const refusal = (error: unknown) => String((error as { cause?: Error }).cause?.message ?? error);
    for (const statement of [
      sql`update audit_log set action = 'x' where seq = 1`,
      sql`delete from audit_log where seq = 1`,
    ]) {
      const error = await db()
        .execute(statement)
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(refusal(error)).toMatch(/audit_log is append-only: (UPDATE|DELETE) refused/);
    }
  });
});

describe("GET /admin/audit", () => {
  it("newest first, filtered by actor email, action and target, a page at a time", async () => {
    const admin = await createUser(ctx, { role: "admin" });
    for (let i = 0; i < 40; i += 1) {
      await db().transaction((tx) =>
        appendAudit(tx, {
          actor: { userId: admin.id, role: "admin" },
          action: "role.change",
          target: { kind: "user", id: `someone-${i}` },
          before: { role: "client" },
          after: { role: "staff" },
        }),
      );
    }
    const page = await call(ctx, "GET /admin/audit", { query: { action: "role.change" } }, as(admin));
    expect(page.statusCode, page.body).toBe(200);
    const { rows: found, next } = page.json();
    expect(found.length).toBe(50);
    expect(found.every((r) => r.action === "role.change")).toBe(true);
    expect(found[0].seq).toBeGreaterThan(found[1].seq);
    expect(next).toBe(found.at(-1)?.seq);
    const older = await call(
      ctx,
      "GET /admin/audit",
      { query: { action: "role.change", before: next ?? 0 } },
      as(admin),
    );
    expect(older.json().rows[0].seq).toBeLessThan(next ?? 0);

    const byStaff = await call(ctx, "GET /admin/audit", { query: { actor: staff.email.toUpperCase() } }, as(admin));
    expect(byStaff.json().rows.length).toBeGreaterThan(0);
    expect(byStaff.json().rows.every((r) => r.actorId === staff.id && r.actorEmail === staff.email)).toBe(true);
    const target = byStaff.json().rows[0];
    const byTarget = await call(
      ctx,
      "GET /admin/audit",
      { query: { targetKind: target.targetKind, targetId: target.targetId } },
      as(admin),
    );
    expect(byTarget.json().rows.every((r) => r.targetId === target.targetId)).toBe(true);
    expect(byTarget.json().rows[0]).toMatchObject({ hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it("is the admins' only: staff 403, nobody 401; a malformed filter 400", async () => {
    expect((await call(ctx, "GET /admin/audit", {}, as(staff))).statusCode).toBe(403);
    expect((await call(ctx, "GET /admin/audit", {}, {})).statusCode).toBe(401);
    const admin = await createUser(ctx, { role: "admin" });
    const bad = await ctx.app.inject({ method: "GET", url: "/api/admin/audit?before=-3", headers: as(admin) });
    expect(bad.statusCode).toBe(400);
  });
});

// `npm run cli -- audit verify`, on a database of its own: the server's (PostgreSQL) or a data directory (PGlite).
describe("npm run cli -- audit verify", { timeout: 120_000 }, () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** A database with `n` audit rows, and how to run the CLI on it and reach it again. */
  async function auditedDatabase(n: number) {
    let handle: DatabaseHandle;
    let env: NodeJS.ProcessEnv;
    let reopen: () => Promise<DatabaseHandle>;
    if (testDriver === "postgres") {
      handle = await createTestDatabase();
      env = { ...process.env, DATABASE_URL: connectionUrlOf(handle), LOG_LEVEL: "silent" };
      reopen = async () => handle;
    } else {
      const dir = mkdtempSync(path.join(tmpdir(), "maison-audit-"));
      dirs.push(dir);
      handle = await openDatabase({ kind: "pglite", dataDir: dir });
      await handle.migrate();
      env = { ...process.env, DATA_DIR: dir, DATABASE_URL: "", LOG_LEVEL: "silent" };
      reopen = () => openDatabase({ kind: "pglite", dataDir: dir });
    }
    for (let i = 0; i < n; i += 1) {
      await handle.db.transaction((tx) =>
        appendAudit(tx, {
          actor: { userId: `user-${i}`, role: "staff", client: { ip: "203.0.113.7", userAgent: "test" } },
          action: "role.change",
          target: { kind: "user", id: `target-${i}` },
          before: { role: "client", name: "Same" },
          after: { role: "staff", name: "Same" },
        }),
      );
    }
    const run = async () => {
      if (testDriver === "pglite") await handle.close();
      const result = await runCliInProcess(["audit", "verify"], { env });
      handle = await reopen();
      return result;
    };
    /** Changes the table as someone who disabled its trigger would (the owner can). */
    const tamper = async (statement: ReturnType<typeof sql>) => {
      await handle.db.execute(sql`alter table audit_log disable trigger audit_log_no_update`);
      await handle.db.execute(statement);
      await handle.db.execute(sql`alter table audit_log enable trigger audit_log_no_update`);
    };
    return { run, tamper, close: () => handle.close(), db: () => handle.db };
  }

  it("OK with the count; only the changed fields are kept", async () => {
    const audited = await auditedDatabase(3);
    try {
      const [row] = await audited.db().select().from(auditLog).where(eq(auditLog.seq, 1));
      expect(row).toMatchObject({ before: { role: "client" }, after: { role: "staff" }, ip: "203.0.113.7" });
      const run = await audited.run();
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain("Audit log OK: 3 rows");
    } finally {
      await audited.close();
    }
  });

  it("names an altered row (exit 1)", async () => {
    const audited = await auditedDatabase(4);
    try {
      await audited.tamper(sql`update audit_log set after = '{"role":"admin"}'::jsonb where seq = 2`);
      const run = await audited.run();
      expect(run.status).toBe(1);
      expect(run.stderr).toContain("row 2 was altered");
    } finally {
      await audited.close();
    }
  });

  it("names a removed row (exit 1)", async () => {
    const audited = await auditedDatabase(4);
    try {
      await audited.tamper(sql`delete from audit_log where seq = 3`);
      const run = await audited.run();
      expect(run.status).toBe(1);
      expect(run.stderr).toContain("row 3 was removed");
    } finally {
      await audited.close();
    }
  });

  it("names a row rewritten with a fresh hash of its own (the next row's link breaks)", async () => {
    const audited = await auditedDatabase(3);
    try {
      const [row] = await audited.db().select().from(auditLog).where(eq(auditLog.seq, 2));
      const { hashOf } = await import("./log");
      const forged = { ...row, targetId: "someone-else" };
      const { hash: _old, ...rest } = forged;
      await audited.tamper(sql`update audit_log set target_id = 'someone-else', hash = ${hashOf(rest)} where seq = 2`);
      const run = await audited.run();
      expect(run.status).toBe(1);
      expect(run.stderr).toContain("row 3 does not follow");
    } finally {
      await audited.close();
    }
  });
});
