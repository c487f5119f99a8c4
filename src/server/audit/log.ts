/**
 * The audit log (issue 31 item 6, decision 050): one row per staff action on money, roles, plans, member data
 * and settings, per staff sign-in and per member action on money, appended with the caller's transaction (the
 * unit of work's `out.audit`), so an action that fails leaves no row.
 *
 * Rows are numbered 1, 2, 3… and each carries `hash = sha256(canonical(row) + prevHash)`. Appends are serialised
 * by a transaction-scoped advisory lock (held until commit or rollback), so two actions never read the same head
 * and the chain never forks. `verifyAuditLog` walks the chain and names the first row that was changed or
 * removed; the table itself refuses UPDATE and DELETE (a trigger, migration `0028_audit_log_and_two_factor`).
 */
import { createHash } from "node:crypto";
import { asc, desc, gt, sql } from "drizzle-orm";
import type { Queryable } from "../db";
import { auditLog } from "../db/schema";
import { currentClient } from "../http/request-context";

/** The advisory lock key appends take (app_notify's event log uses 7318002). */
export const AUDIT_LOCK_KEY = 7318050;
/** The previous hash of row 1. */
export const GENESIS_HASH = "0".repeat(64);

/** Who acted: a signed-in person (with their address and browser when a request carries them), or the system. */
export interface AuditActor {
  userId: string | null;
  role: string;
  client?: { ip: string | null; userAgent: string | null } | null;
}

/** One audited action: what it was, on what, and the fields it changed (before and after). */
export interface AuditEntry {
  actor: AuditActor;
  /** A dotted key: `hold.capture`, `role.change`, `settings.two_factor`… (AUDIT_ACTIONS). */
  action: string;
  target: { kind: string; id: string };
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** JSON with object keys sorted at every depth, and undefined dropped: the same value always prints the same. */
export function canonical(value: unknown): string {
  const walk = (v: unknown): Json => {
    if (v === null || v === undefined) return null;
    if (v instanceof Date) return v.toISOString();
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v === "object") {
      const out: { [key: string]: Json } = {};
      for (const key of Object.keys(v as object).sort()) {
        const item = (v as Record<string, unknown>)[key];
        if (item !== undefined) out[key] = walk(item);
      }
      return out;
    }
    if (typeof v === "bigint") return v.toString();
    return v as Json;
  };
  return JSON.stringify(walk(value));
}

export type AuditRow = typeof auditLog.$inferSelect;

/** The row's hash: sha256 over its canonical form (every column but the hash) followed by the previous hash. */
export function hashOf(row: Omit<AuditRow, "hash">): string {
  const body = canonical({
    seq: row.seq,
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorRole: row.actorRole,
    action: row.action,
    targetKind: row.targetKind,
    targetId: row.targetId,
    before: row.before,
    after: row.after,
    ip: row.ip,
    userAgent: row.userAgent,
  });
  return createHash("sha256").update(body).update(row.prevHash).digest("hex");
}

/**
 * Only what changed: of `before` and `after`, the fields whose values differ (a field present on one side
 * only counts as changed).
 */
export function changedFields(
  before: Record<string, unknown> = {},
  after: Record<string, unknown> = {},
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of keys) {
    if (canonical(before[key]) === canonical(after[key])) continue;
    if (key in before) b[key] = before[key] ?? null;
    if (key in after) a[key] = after[key] ?? null;
  }
  return { before: b, after: a };
}

/** Appends one row with the caller's transaction (the unit of work's `out.audit`); answers its number. */
export async function appendAudit(tx: Queryable, entry: AuditEntry): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK_KEY})`);
  const [head] = await tx
    .select({ seq: auditLog.seq, hash: auditLog.hash })
    .from(auditLog)
    .orderBy(desc(auditLog.seq))
    .limit(1);
  const diff = changedFields(entry.before, entry.after);
  const client = entry.actor.client ?? currentClient();
  const row: Omit<AuditRow, "hash"> = {
    seq: (head?.seq ?? 0) + 1,
    // Milliseconds: the instant stored is the instant hashed.
    at: new Date(),
    actorId: entry.actor.userId,
    actorRole: entry.actor.role,
    action: entry.action,
    targetKind: entry.target.kind,
    targetId: entry.target.id,
    before: JSON.parse(canonical(diff.before)),
    after: JSON.parse(canonical(diff.after)),
    ip: client?.ip ?? null,
    userAgent: client?.userAgent?.slice(0, 500) ?? null,
    prevHash: head?.hash ?? GENESIS_HASH,
  };
  await tx.insert(auditLog).values({ ...row, hash: hashOf(row) });
  return row.seq;
}

export type AuditVerdict =
  | { ok: true; rows: number }
  | { ok: false; rows: number; seq: number; problem: "altered" | "missing" | "unlinked" };

/**
 * Walks the chain in order, in pages: the first row whose hash is not its content's (altered), whose number
 * skips one (a row before it was removed: `seq` is the first missing number), or whose previous hash is not the
 * row before's (unlinked).
 */
export async function verifyAuditLog(db: Queryable, pageSize = 1000): Promise<AuditVerdict> {
  let expectedSeq = 1;
  let prevHash = GENESIS_HASH;
  let rows = 0;
  for (;;) {
    const page = await db
      .select()
      .from(auditLog)
      .where(gt(auditLog.seq, expectedSeq - 1))
      .orderBy(asc(auditLog.seq))
      .limit(pageSize);
    for (const row of page) {
      if (row.seq !== expectedSeq) return { ok: false, rows, seq: expectedSeq, problem: "missing" };
      const { hash, ...rest } = row;
      if (hashOf(rest) !== hash) return { ok: false, rows, seq: row.seq, problem: "altered" };
      if (row.prevHash !== prevHash) return { ok: false, rows, seq: row.seq, problem: "unlinked" };
      prevHash = hash;
      expectedSeq += 1;
      rows += 1;
    }
    if (page.length < pageSize) return { ok: true, rows };
  }
}
