/**
 * Backups (issue 23 item 3, decision 025): every table, row by row, and every uploaded file, byte for byte,
 * survive a backup and a restore, on the embedded database and on a PostgreSQL server and from one to the other;
 * a restore over data needs --force; a damaged, truncated or newer archive is refused and changes nothing; an
 * older one is migrated forward; the CLI works with the embedded database only while the server is stopped.
 */
import { randomBytes, randomUUID } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { gunzipSync, gzipSync } from "node:zlib";
import { eq, getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import * as tar from "tar-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext, testConfig } from "#tests/helpers/app";
import { call } from "#tests/helpers/call";
import { runCliInProcess } from "#tests/helpers/cli";
import { connectionUrlOf, createTestDatabase, testDriver } from "#tests/helpers/database";
import { adminUrl, databaseUrl } from "#tests/helpers/postgres";
import { s3Env, startS3rver } from "#tests/helpers/s3";
import { as, createUser } from "#tests/helpers/users";
import { defaultSettings } from "@/shared/service-levels";
import { appendAudit } from "../audit/log";
import { type DatabaseHandle, openDatabase, rowsOf } from "../db";
import * as schema from "../db/schema";
import { createStorage } from "../storage";
import { BackupError, backup, type RestoreOptions, restore, secretFingerprint } from ".";
import { applyMigrations, codeMigrations, dropApplication, NOT_BACKED_UP, publicTables } from "./catalog";
import { inTransaction } from "./session";

const tmp = mkdtempSync(path.join(tmpdir(), "maison-backup-test-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const place = (name: string) => path.join(tmp, name);

/** Text COPY must escape: line breaks, tabs, backslashes, its own null marker, quotes, non-ASCII. */
const AWKWARD = "Line one\nLine two\ttabbed \\ back-slash, \\N is not null, \"double\" 'single' «ünïcödé» 🎩\r end";

/** Every table the schema declares: the round trip must cover each (add rows in fillEveryTable for a new one). */
const SCHEMA_TABLES = Object.values(schema as Record<string, unknown>)
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table))
  // The realtime event log is not data: a database starts its own (catalog.ts).
  .filter((name) => !NOT_BACKED_UP.has(name))
  .sort();

/**
 * Rows in every table: the QA seed (members of each plan, requests of each status with threads, activity,
 * concierge, sales), a staff member signed up through the routes, and direct inserts for the rest. Files go
 * through the app's storage under the keys the rows name.
 */
async function fillEveryTable(ctx: TestContext): Promise<Map<string, Buffer>> {
  const db = ctx.database.db;
  const staff = await createUser(ctx, { role: "admin" });
  const seeded = await call(ctx, "POST /admin/qa/seed", {}, as(staff));
  expect(seeded.statusCode, seeded.body).toBe(201);
  const [request] = await db.select().from(schema.requests).limit(1);
  const [message] = await db.select().from(schema.messages).where(eq(schema.messages.requestId, request.id)).limit(1);
  const [member] = await db.select().from(schema.demoUsers).limit(1);

  const storage = createStorage(ctx.config);
  const files = new Map<string, Buffer>();
  async function put(key: string, bytes: Buffer) {
    const spooled = place(`spool-${randomUUID()}`);
    writeFileSync(spooled, bytes);
    await storage.putFile(key, spooled, "application/octet-stream");
    files.set(key, bytes);
    return { key, size: bytes.length };
  }
  const attachment = await put(`requests/${request.id}/${randomUUID()}`, randomBytes(1_500_000));
  const photo = await put(`messages/requests/${randomUUID()}`, randomBytes(70_001));
  const stored = await put(`quote-files/${request.id}/${randomUUID()}`, Buffer.from("%PDF-1.7\n\u0000\u00ff binary"));
  await put(`messages/concierge/${randomUUID()}`, Buffer.alloc(0));

  await db
    .update(schema.requests)
    .set({ fileUrl: attachment.key, fileName: "brief.pdf", fileType: "application/pdf", fileSize: attachment.size })
    .where(eq(schema.requests.id, request.id));
  await db.insert(schema.billingCustomers).values({ userId: member.userId, provider: "test", customerId: "cus_1" });
  await db.insert(schema.paymentEvents).values({ id: "evt_1", provider: "test", type: "checkout.session.completed" });
  await db.insert(schema.testPaymentObjects).values({
    id: "cs_test_1",
    kind: "checkout_session",
    customerId: "cus_1",
    data: { nested: { list: [1, "two", null, 3.25], text: AWKWARD }, empty: {} },
  });
  await db
    .insert(schema.twoFactors)
    .values({ id: "tf_1", secret: "sealed-secret", backupCodes: "sealed-codes", userId: staff.id });
  await db
    .insert(schema.verifications)
    .values({ id: "ver_1", identifier: "reset", value: "token", expiresAt: new Date("2030-01-01T00:00:00.123Z") });
  await db.insert(schema.messageReads).values({ messageId: message.id, userId: staff.id });
  await db.insert(schema.messageFiles).values({
    domain: "requests",
    requestId: request.id,
    messageId: message.id,
    uploadedBy: staff.id,
    storageKey: photo.key,
    name: "photo «1».png",
    type: "image/png",
    size: photo.size,
  });
  await db.insert(schema.requestNotes).values({ requestId: request.id, authorUserId: staff.id, body: AWKWARD });
  await db.insert(schema.conciergeNotes).values({ memberUserId: member.userId, authorUserId: null, body: AWKWARD });
  await db.insert(schema.conciergeAssignments).values({ memberUserId: member.userId, assigneeUserId: staff.id });
  await db.insert(schema.securitySettings).values({ twoFactorRequired: true });
  const levels = defaultSettings(new Date("2026-11-27T10:00:00.000Z"));
  await db.insert(schema.serviceLevelSettings).values({ ...levels, updatedBy: staff.id });
  await db.insert(schema.serviceLevelWarnings).values({
    conversationKey: `request:${request.id}`,
    target: "first_reply",
    startedAt: new Date("2026-11-27T10:00:00.123Z"),
    dueAt: new Date("2026-11-27T10:15:00.456Z"),
  });
  await db.insert(schema.inboxSnoozes).values({
    kind: "request",
    conversationId: request.id,
    memberUserId: member.userId,
    until: new Date("2030-01-01T09:00:00.789Z"),
    note: AWKWARD.slice(0, 100),
    snoozedBy: staff.id,
  });
  await db.transaction((tx) =>
    appendAudit(tx, {
      actor: { userId: staff.id, role: "staff", client: { ip: "203.0.113.9", userAgent: "Backup test" } },
      action: "role.change",
      target: { kind: "user", id: member.userId },
      before: { role: "client" },
      after: { role: "staff" },
    }),
  );
  await db.insert(schema.ratings).values({
    subject: `request:${request.id}`,
    requestId: request.id,
    memberUserId: member.userId,
    ownerUserId: staff.id,
    tier: "gold",
    score: 2,
    comment: AWKWARD,
  });
  await db.insert(schema.presence).values({
    userId: staff.id,
    place: `request:${request.id}`,
    seenAt: new Date("2026-01-02T03:04:05.678Z"),
    expiresAt: new Date("2026-01-02T03:04:50.678Z"),
    typingUntil: null,
  });
  await db
    .insert(schema.staffAssignmentSettings)
    .values({ userId: staff.id, roundRobin: true, lastAssignedAt: new Date("2026-01-02T03:04:05.678Z") });
  await db
    .insert(schema.savedReplies)
    .values({ title: "Welcome", body: "Dear {member_name},\n\twelcome.", createdBy: staff.id });
  await db
    .insert(schema.notifications)
    .values({ userId: member.userId, type: "test", title: "Test", body: AWKWARD, requestId: request.id, burst: 3 });
  const [quoteFile] = await db
    .insert(schema.quoteFiles)
    .values({
      requestId: request.id,
      storageKey: stored.key,
      name: "quote.pdf",
      type: "application/pdf",
      size: stored.size,
    })
    .returning();
  const [quote] = await db
    .insert(schema.quotes)
    .values({
      requestId: request.id,
      status: "accepted",
      validUntil: "2027-01-31",
      message: AWKWARD,
      createdBy: staff.id,
    })
    .returning();
  const [option] = await db
    .insert(schema.quoteOptions)
    .values({
      quoteId: quote.id,
      position: 1,
      title: "Option one",
      priceCents: 123_456_789_012,
      estimatedDelivery: "2027-02-15",
      photoIds: [quoteFile.id],
    })
    .returning();
  await db.update(schema.quotes).set({ acceptedOptionId: option.id }).where(eq(schema.quotes.id, quote.id));
  const [hold] = await db
    .insert(schema.holds)
    .values({
      requestId: request.id,
      userId: request.userId,
      quoteId: quote.id,
      optionId: option.id,
      status: "held",
      amountCents: 12_345_678_901,
      checkoutSessionId: "cs_hold_1",
      paymentIntentId: "pi_1",
      heldAt: new Date(),
      cardBrand: "visa",
      cardLast4: "4242",
    })
    .returning();
  // Issue 30's money: a balance invoice, a refund, a dispute, a reconciliation run.
  const [invoice] = await db
    .insert(schema.balanceInvoices)
    .values({
      requestId: request.id,
      userId: request.userId,
      amountCents: 1_000_000,
      dueDate: "2026-12-31",
      reason: AWKWARD,
    })
    .returning();
  await db.insert(schema.refunds).values([
    { requestId: request.id, holdId: hold.id, amountCents: 100, reason: AWKWARD, idempotencyKey: "refund-key-1" },
    { requestId: request.id, invoiceId: invoice.id, amountCents: 100, reason: "x", idempotencyKey: "refund-key-2" },
  ]);
  await db.insert(schema.disputes).values({
    requestId: request.id,
    providerDisputeId: "dp_1",
    chargeId: "ch_1",
    amountCents: 100,
    reason: "fraudulent",
    status: "needs_response",
    evidenceDueBy: new Date(),
  });
  await db.insert(schema.reconciliationRuns).values({
    provider: "test",
    startedBy: staff.id,
    finishedAt: new Date(),
    differences: [{ kind: "orphan_authorisation", detail: AWKWARD }],
  });
  await db
    .insert(schema.deliveries)
    .values({ requestId: request.id, note: AWKWARD, photoIds: [quoteFile.id], problem: "" });
  // The staff member's signed-in session: a device with push on belongs to one (decision 029).
  const [session] = await db.select().from(schema.sessions).where(eq(schema.sessions.userId, staff.id)).limit(1);
  await db.insert(schema.pushSubscriptions).values({
    userId: staff.id,
    sessionId: session.id,
    endpoint: "https://push.example/send/abc",
    p256dh: "BPk",
    auth: "c2VjcmV0",
    userAgent: AWKWARD,
    lastUsedAt: new Date(),
  });
  return files;
}

/** Every table's rows as text (timestamps in UTC), sorted, and the migrations applied. */
async function contents(database: DatabaseHandle): Promise<Record<string, string[]>> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone to 'UTC'`);
    const tables = await rowsOf<{ name: string }>(
      tx,
      sql`select c.relname::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relkind = 'r' order by 1`,
    );
    const all: Record<string, string[]> = {};
    for (const { name } of tables) {
      if (NOT_BACKED_UP.has(name)) continue;
      const rows = await rowsOf<{ row: string }>(tx, sql.raw(`select t::text as row from public."${name}" t`));
      all[name] = rows.map((r) => r.row).sort();
    }
    const migrations = await rowsOf<{ hash: string; created_at: string }>(
      tx,
      sql`select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at`,
    );
    all["drizzle.__drizzle_migrations"] = migrations.map((m) => `${m.hash} ${m.created_at}`);
    return all;
  });
}

/** The files under `dir`, by storage key. */
function filesIn(dir: string): Map<string, Buffer> {
  if (!existsSync(dir)) return new Map();
  return new Map(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const full = path.join(entry.parentPath, entry.name);
        return [path.relative(dir, full).split(path.sep).join("/"), readFileSync(full)];
      }),
  );
}

const APP = { name: "maison", version: "0.0.0-test" };

/** Rewrites an archive's entries (to make a damaged or doctored one that is still a valid gzipped tar). */
async function rewriteArchive(
  from: string,
  to: string,
  change: (name: string, data: Buffer) => Buffer | null,
  extra: Array<[string, Buffer]> = [],
) {
  const extract = tar.extract();
  const entries: Array<[string, Buffer]> = [];
  const reading = pipeline(Readable.from([gunzipSync(readFileSync(from))]), extract as unknown as Writable);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    const changed = change(entry.header.name, Buffer.concat(chunks));
    if (changed) entries.push([entry.header.name, changed]);
  }
  await reading;
  const pack = tar.pack();
  for (const [name, data] of [...extra, ...entries]) pack.entry({ name }, data);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  writeFileSync(to, gzipSync(Buffer.concat(chunks)));
}

/**
 * Restores `file` into `database` with the install `dir` under the test's folder (its files on disk in
 * `dir/uploads`, the source's auth secret): the options each case changes are given.
 */
function restoreInto(
  database: DatabaseHandle,
  file: string,
  dir: string,
  options: Partial<Pick<RestoreOptions, "files" | "force" | "authSecretFingerprint">> = {},
) {
  return restore({
    database,
    file,
    workDir: place(dir),
    files: { kind: "local", dir: place(`${dir}/uploads`) },
    force: false,
    authSecretFingerprint: secretFingerprint(SECRET),
    ...options,
  });
}

let source: TestContext;
let sourceFiles: Map<string, Buffer>;
let sourceContents: Record<string, string[]>;
const archive = place("source.tgz");
const SECRET = "test-secret-test-secret-test-secret-0123456789";

beforeAll(async () => {
  source = await createTestApp({ env: { DATA_DIR: place("source") }, deps: { startWorkers: false } });
  sourceFiles = await fillEveryTable(source);
  sourceContents = await contents(source.database);
  await backup({
    database: source.database,
    file: archive,
    files: { kind: "local", dir: place("source/uploads") },
    app: APP,
    authSecretFingerprint: secretFingerprint(SECRET),
  });
}, 120_000);
afterAll(() => source?.close());

describe("backup and restore", { timeout: 120_000 }, () => {
  it("fills every table of the schema, so the round trip covers each", () => {
    const empty = SCHEMA_TABLES.filter((table) => !sourceContents[table]?.length);
    expect(empty, "tables without rows: add rows for them in fillEveryTable").toEqual([]);
    expect(
      Object.keys(sourceContents)
        .filter((t) => !t.startsWith("drizzle."))
        .sort(),
    ).toEqual(SCHEMA_TABLES);
  });

  it("writes one private file, and restores every table row by row and every file byte for byte", async () => {
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    expect(readdirSync(tmp).filter((name) => name.startsWith("."))).toEqual([]); // no temporary file left behind
    const target = await createTestDatabase();
    try {
      const done = await restoreInto(target, archive, "target");
      expect(done).toMatchObject({ tables: SCHEMA_TABLES.length, files: sourceFiles.size, migratedForward: [] });
      expect(done.replaced.size).toBe(0);
      expect(done.notes).toEqual([]);
      expect(await contents(target)).toEqual(sourceContents);
      expect(filesIn(place("target/uploads"))).toEqual(sourceFiles);
      expect(statSync(place("target/uploads")).mode & 0o777).toBe(0o700);
      // Nothing of the unpacked archive is left in the data directory.
      expect(readdirSync(place("target"))).toEqual(["uploads"]);
    } finally {
      await target.close();
    }
  });

  it("refuses to restore over data without --force and changes nothing; --force replaces data and files", async () => {
    const other = await createTestApp({ env: { DATA_DIR: place("other") }, deps: { startWorkers: false } });
    try {
      await createUser(other, { plan: "gold" });
      mkdirSync(place("other/uploads/requests/x"), { recursive: true });
      writeFileSync(place("other/uploads/requests/x/old"), "an older file");
      const before = await contents(other.database);
      const refused = await restoreInto(other.database, archive, "other").catch((error) => error);
      expect(refused).toBeInstanceOf(BackupError);
      expect(refused.message).toMatch(
        /^The database already holds data: 1 user, \d+ rows in \d+ tables\. Restoring replaces all of it and the 1 uploaded file in .*other\/uploads with the backup\. Run the restore again with --force to do so\.$/,
      );
      expect(await contents(other.database)).toEqual(before);
      expect([...filesIn(place("other/uploads")).keys()]).toEqual(["requests/x/old"]);

      const done = await restoreInto(other.database, archive, "other", { force: true });
      expect(done.replaced.get("users")).toBe(1);
      expect(await contents(other.database)).toEqual(sourceContents);
      expect(filesIn(place("other/uploads"))).toEqual(sourceFiles);
    } finally {
      await other.close();
    }
  });

  it("refuses a truncated, damaged, doctored or foreign archive and changes nothing", async () => {
    const target = await createTestDatabase();
    mkdirSync(place("kept/uploads"), { recursive: true });
    writeFileSync(place("kept/uploads/kept"), "kept");
    try {
      const before = await contents(target);
      const bytes = readFileSync(archive);
      const flipped = Buffer.from(bytes);
      flipped[Math.floor(bytes.length / 2)] ^= 0xff;
      const cases: Array<[string, Buffer | null, RegExp]> = [
        ["truncated.tgz", bytes.subarray(0, Math.floor(bytes.length * 0.6)), /damaged or incomplete/],
        ["cut-at-end.tgz", bytes.subarray(0, bytes.length - 20), /damaged or incomplete|no manifest/],
        ["flipped.tgz", flipped, /damaged or incomplete|checksum/],
        ["empty.tgz", Buffer.alloc(0), /damaged or incomplete|no manifest/],
        ["foreign.tgz", gzipSync(Buffer.from("not a tar at all")), /damaged or incomplete|no manifest/],
      ];
      // Valid gzipped tars whose content was changed: a row edited, a file dropped, an entry added.
      await rewriteArchive(archive, place("doctored.tgz"), (name, data) => {
        if (name !== "tables/users.copy") return data;
        const edited = Buffer.from(data);
        edited[0] = edited[0] === 0x61 ? 0x62 : 0x61;
        return edited;
      });
      cases.push(["doctored.tgz", null, /tables\/users\.copy does not match its checksum/]);
      await rewriteArchive(archive, place("missing.tgz"), (name, data) =>
        name.startsWith("uploads/quote-files/") ? null : data,
      );
      cases.push(["missing.tgz", null, /uploads\/quote-files\/.* is missing from it/]);
      await rewriteArchive(archive, place("extra.tgz"), (_name, data) => data, [["uploads/extra", Buffer.from("x")]]);
      cases.push(["extra.tgz", null, /it holds uploads\/extra, which its manifest does not name/]);
      await rewriteArchive(archive, place("escape.tgz"), (_name, data) => data, [["../../escaped", Buffer.from("x")]]);
      cases.push(["escape.tgz", null, /it holds an unexpected entry \(\.\.\/\.\.\/escaped\)/]);
      await rewriteArchive(archive, place("rewritten.tgz"), (_name, data) => data);
      for (const [name, data, message] of cases) {
        if (data) writeFileSync(place(name), data);
        const error = await restoreInto(target, place(name), "kept", { force: true }).catch((e) => e);
        expect(error, name).toBeInstanceOf(BackupError);
        expect(error.message, name).toMatch(new RegExp(`^${name.replace(".", "\\.")} cannot be restored: `));
        expect(error.message, name).toMatch(message);
      }
      // A rewritten but faithful archive still restores (the refusals above are about their damage).
      expect(await contents(target)).toEqual(before);
      expect(filesIn(place("kept/uploads"))).toEqual(new Map([["kept", Buffer.from("kept")]]));
      expect(readdirSync(place("kept"))).toEqual(["uploads"]);
      await restoreInto(target, place("rewritten.tgz"), "kept", { force: true });
      expect(await contents(target)).toEqual(sourceContents);
    } finally {
      await target.close();
    }
  });

  it("refuses a backup from a newer version of Maison, and migrates an older one forward", async () => {
    const target = await createTestDatabase();
    try {
      const before = await contents(target);
      await rewriteArchive(archive, place("newer.tgz"), (name, data) => {
        if (name !== "manifest.json") return data;
        const manifest = JSON.parse(data.toString());
        manifest.migrations.push({ tag: "9999_future", when: 4_102_444_800_000, hash: "f".repeat(64) });
        return Buffer.from(JSON.stringify(manifest));
      });
      await rewriteArchive(archive, place("newer-format.tgz"), (name, data) =>
        name === "manifest.json"
          ? Buffer.from(data.toString().replace('"formatVersion": 1', '"formatVersion": 2'))
          : data,
      );
      await expect(restoreInto(target, place("newer.tgz"), "newer", { force: true })).rejects.toThrow(
        "This backup was made by a newer version of Maison: its database has migration 9999_future, which this version does not know. Restore it with that version or a later one.",
      );
      await expect(restoreInto(target, place("newer-format.tgz"), "newer", { force: true })).rejects.toThrow(
        "it was written by a newer version of Maison (backup format 2; this version reads format 1)",
      );
      expect(await contents(target)).toEqual(before);

      // A database one migration behind, with a member and a request, backed up and restored by this version.
      const code = codeMigrations();
      const older = await createTestDatabase();
      try {
        await inTransaction(older, "write", async (session) => {
          await dropApplication(
            session,
            (await publicTables(session)).map((t) => t.name),
          );
          await applyMigrations(session, code.slice(0, -1));
          await session.query("insert into users (id, name, email) values ('u1', 'Older Member', 'older@example.com')");
          await session.query(
            `insert into requests (user_id, title, category, budget_eur, phone_number)
               values ('u1', 'From an older version', 'Autos', 5000.5, '+351912345678')`,
          );
        });
        await backup({
          database: older,
          file: place("older.tgz"),
          files: { kind: "local", dir: place("older/uploads") },
          app: APP,
          authSecretFingerprint: null,
        });
      } finally {
        await older.close();
      }
      const done = await restoreInto(target, place("older.tgz"), "newer", { force: true });
      expect(done.migratedForward).toEqual([code.at(-1)!.tag]);
      const after = await contents(target);
      expect(after["drizzle.__drizzle_migrations"]).toEqual(before["drizzle.__drizzle_migrations"]);
      const [row] = await rowsOf<{ title: string; budget_eur: string }>(
        target.db,
        sql`select title, budget_eur::text from requests`,
      );
      expect(row).toEqual({ title: "From an older version", budget_eur: "5000.50" });
    } finally {
      await target.close();
    }
  });
});

describe("files in S3", { timeout: 120_000 }, () => {
  it("leaves them in the bucket when backing up, and uploads an archive's files to the bucket when restoring", async () => {
    const directory = place("s3");
    const { server, port } = await startS3rver(directory);
    const storage = createStorage(testConfig(s3Env(port, place("s3-install"))));
    const target = await createTestDatabase();
    try {
      // Disk → S3: the archive's files go to the bucket under their keys.
      const done = await restoreInto(target, archive, "s3-install", { files: { kind: "s3", storage } });
      expect(done.files).toBe(sourceFiles.size);
      for (const [key, bytes] of sourceFiles) expect(await buffer(await storage.get(key)), key).toEqual(bytes);
      expect(existsSync(place("s3-install/uploads"))).toBe(false);

      // A backup in S3 mode holds the rows and no file; restoring it onto disk says where the files are.
      const s3Archive = place("s3.tgz");
      const taken = await backup({
        database: target,
        file: s3Archive,
        files: { kind: "s3" },
        app: APP,
        authSecretFingerprint: secretFingerprint(SECRET),
      });
      expect(taken.manifest.files).toEqual({ storage: "s3", list: [] });
      const back = await createTestDatabase();
      try {
        const restored = await restoreInto(back, s3Archive, "s3-back");
        expect(restored.notes).toEqual([
          `The backup was made with files in S3: it holds none. The restored rows refer to the objects in the bucket; copy them into ${place("s3-back/uploads")} (same keys) to serve them from disk.`,
        ]);
        expect(await contents(back)).toEqual(sourceContents);
      } finally {
        await back.close();
      }
    } finally {
      await target.close();
      await server.close();
    }
  });
});

describe.skipIf(testDriver !== "postgres")("a backup while the app writes", { timeout: 120_000 }, () => {
  it("reads every table at the same instant: rows written together are in it together or not at all", async () => {
    const database = await createTestDatabase();
    try {
      // Each write puts one row in payment_events and one in verifications, in one transaction; the backup copies
      // them 16 tables apart (in name order) while writes keep coming.
      let writes = 0;
      let stop = false;
      const writer = (async () => {
        while (!stop) {
          const n = writes;
          await database.db.transaction(async (tx) => {
            await tx.insert(schema.paymentEvents).values({ id: `evt_${n}`, provider: "test", type: "busy" });
            await tx
              .insert(schema.verifications)
              .values({ id: `ver_${n}`, identifier: "busy", value: "v", expiresAt: new Date() });
          });
          writes++;
        }
      })();
      await expect.poll(() => writes).toBeGreaterThan(20);
      const before = writes;
      const taken = await backup({
        database,
        file: place("busy.tgz"),
        files: { kind: "local", dir: place("busy/uploads") },
        app: APP,
        authSecretFingerprint: null,
      });
      const during = writes - before;
      stop = true;
      await writer;
      const rows = Object.fromEntries(taken.manifest.tables.map((t) => [t.name, t.rows]));
      expect(during, "writes made while the backup ran").toBeGreaterThan(0);
      expect(rows.payment_events).toBeGreaterThanOrEqual(before);
      expect(rows.verifications).toBe(rows.payment_events);
    } finally {
      await database.close();
    }
  });
});

/** A stream's bytes. */
async function buffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The CLI as an operator runs it, with its own environment, but in this process (cli/run.ts; cli.test.ts runs
 * the entry as a child process).
 */
/** The CLI's environment for the embedded database in `dataDir` (no PostgreSQL URL), with `extra`. */
const embeddedEnv = (dataDir: string, extra: Record<string, string> = {}) => ({
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  ...extra,
});

function cli(args: string[], env: Record<string, string | undefined>) {
  const childEnv: Record<string, string | undefined> = { ...process.env, LOG_LEVEL: "silent", ...env };
  for (const name of Object.keys(childEnv)) {
    if (childEnv[name] === undefined || (/^(S3_|BETTER_AUTH_SECRET$)/.test(name) && !(name in env)))
      delete childEnv[name];
  }
  return runCliInProcess(args, { env: childEnv as NodeJS.ProcessEnv });
}

describe.skipIf(testDriver !== "pglite")(
  "npm run cli -- backup / restore (embedded database)",
  { timeout: 400_000 },
  () => {
    it("restores into an empty data directory, refuses to overwrite it, backs it up, and needs the server stopped", async () => {
      const dataDir = place("embedded");
      const restored = await cli(["restore", archive], embeddedEnv(dataDir));
      expect(restored.status, restored.stderr).toBe(0);
      expect(restored.stdout).toMatch(
        new RegExp(
          `Restored ${SCHEMA_TABLES.length} tables \\([\\d,]+ rows\\) and 4 uploaded files from .*source\\.tgz, made .* by Maison 0\\.0\\.0-test from an embedded database\\.`,
        ),
      );
      // The data directory has no auth secret yet: the operator is told what that means for sessions and 2FA.
      expect(restored.stdout).toContain(
        "Note: This install has no auth secret yet (the server makes a new one at its first start): with another secret everyone must sign in again, and the two-factor codes of the 1 account that use them are refused.",
      );

      const again = await cli(["restore", archive], embeddedEnv(dataDir));
      expect(again.status).toBe(1);
      expect(again.stderr).toContain("The database already holds data: ");
      expect(again.stderr).toContain("Run the restore again with --force to do so.");

      // A running server holds the data directory: the CLI says so and what to do. (The server's pid is another
      // live process's: this one's own pid in the lock would be taken as its own, left over.)
      const serverPid = process.ppid;
      writeFileSync(path.join(dataDir, "maison.pid"), String(serverPid));
      const locked = await cli(["backup", place("locked.tgz")], embeddedEnv(dataDir));
      rmSync(path.join(dataDir, "maison.pid"));
      expect(locked.status).toBe(1);
      expect(locked.stderr).toContain(
        `The embedded database in ${dataDir} is in use by another process (pid ${serverPid}).`,
      );
      expect(locked.stderr).toContain(
        "The embedded database can only be backed up while the server is stopped: stop it, run the backup, then start it again.",
      );
      expect(existsSync(place("locked.tgz"))).toBe(false);

      const second = place("from-cli.tgz");
      const backedUp = await cli(["backup", second], embeddedEnv(dataDir, { BETTER_AUTH_SECRET: SECRET }));
      expect(backedUp.status, backedUp.stderr).toBe(0);
      expect(backedUp.stdout).toMatch(
        new RegExp(
          `^Backed up ${SCHEMA_TABLES.length} tables \\([\\d,]+ rows\\) and 4 uploaded files \\(1\\.5 MB\\) to .*from-cli\\.tgz \\([\\d.]+ [kM]B\\)\\.\\n$`,
        ),
      );
      expect(statSync(second).mode & 0o777).toBe(0o600);

      const embedded = await openDatabase({ kind: "pglite", dataDir });
      try {
        expect(await contents(embedded)).toEqual(sourceContents);
      } finally {
        await embedded.close();
      }
      expect(filesIn(path.join(dataDir, "uploads"))).toEqual(sourceFiles);

      // What the CLI wrote restores to the same rows and files.
      const target = await createTestDatabase();
      try {
        const done = await restoreInto(target, second, "from-cli");
        expect(done.notes).toEqual([]);
        expect(await contents(target)).toEqual(sourceContents);
        expect(filesIn(place("from-cli/uploads"))).toEqual(sourceFiles);
      } finally {
        await target.close();
      }
    });
  },
);

describe.skipIf(testDriver !== "postgres")(
  "npm run cli -- backup / restore (PostgreSQL server)",
  { timeout: 400_000 },
  () => {
    it("backs up a server while it runs, and restores it onto the embedded database and back onto an empty server", async () => {
      const pg = (await import("pg")).default;
      const base = process.env.TEST_DATABASE_URL as string;
      const sourceUrl = connectionUrlOf(source.database) as string;
      const fromServer = place("server.tgz");
      const backedUp = await cli(["backup", fromServer], { DATABASE_URL: sourceUrl, DATA_DIR: place("source") });
      expect(backedUp.status, backedUp.stderr).toBe(0);
      expect(backedUp.stdout).toContain("and 4 uploaded files");

      // PostgreSQL → embedded
      const dataDir = place("embedded-from-server");
      const toEmbedded = await cli(["restore", fromServer], embeddedEnv(dataDir, { BETTER_AUTH_SECRET: SECRET }));
      expect(toEmbedded.status, toEmbedded.stderr).toBe(0);
      expect(toEmbedded.stdout).toContain("from a PostgreSQL server.");
      const fromEmbedded = place("embedded.tgz");
      const again = await cli(["backup", fromEmbedded], embeddedEnv(dataDir));
      expect(again.status, again.stderr).toBe(0);

      // embedded → an empty PostgreSQL database (never migrated)
      const name = `maison_t_${process.ppid}_restore_${randomBytes(4).toString("hex")}`;
      const admin = new pg.Client({ connectionString: adminUrl(base) });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      try {
        const url = databaseUrl(base, name);
        const serverDir = place("server-target");
        const toServer = await cli(["restore", fromEmbedded], { DATABASE_URL: url, DATA_DIR: serverDir });
        expect(toServer.status, toServer.stderr).toBe(0);
        expect(toServer.stdout).toContain("from an embedded database.");
        const restored = await openDatabase({ kind: "postgres", url, max: 2 });
        try {
          expect(await contents(restored)).toEqual(sourceContents);
        } finally {
          await restored.close();
        }
        expect(filesIn(path.join(serverDir, "uploads"))).toEqual(sourceFiles);
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    });
  },
);
