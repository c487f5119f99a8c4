/**
 * The audit log's page for admins (decision 050): newest first, filtered by actor (email or id), action and
 * target, keyset-paginated on the row's number (the indexes audit_log_*_idx end with it). The rows are written
 * by src/server/audit with each action's transaction; this domain only reads them.
 */
import { and, desc, eq, lt, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { auditPageSchema } from "@/shared/contracts/audit";
import { AUDIT_PAGE_SIZE, type auditQuerySchema } from "@/shared/contracts/audit";
import type { Served } from "@/shared/contracts/common";
import type { AppContext } from "../../context";
import { auditLog, profiles, users } from "../../db/schema";

export async function auditPage(
  ctx: Pick<AppContext, "db">,
  query: z.output<typeof auditQuerySchema>,
): Promise<Served<typeof auditPageSchema>> {
  const where: SQL[] = [];
  if (query.before) where.push(lt(auditLog.seq, query.before));
  if (query.action) where.push(eq(auditLog.action, query.action));
  if (query.targetKind) where.push(eq(auditLog.targetKind, query.targetKind));
  if (query.targetId) where.push(eq(auditLog.targetId, query.targetId));
  if (query.actor) {
    const actor = query.actor;
    where.push(
      or(
        eq(auditLog.actorId, actor),
        sql`${auditLog.actorId} in (select ${users.id} from ${users} where lower(${users.email}) = lower(${actor}))`,
      ) as SQL,
    );
  }
  const rows = await ctx.db
    .select({
      seq: auditLog.seq,
      at: auditLog.at,
      actorId: auditLog.actorId,
      actorName: sql<string | null>`coalesce(${profiles.name}, ${users.name})`,
      actorEmail: users.email,
      actorRole: auditLog.actorRole,
      action: auditLog.action,
      targetKind: auditLog.targetKind,
      targetId: auditLog.targetId,
      before: auditLog.before,
      after: auditLog.after,
      ip: auditLog.ip,
      userAgent: auditLog.userAgent,
      hash: auditLog.hash,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .leftJoin(profiles, eq(profiles.id, auditLog.actorId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.seq))
    .limit(AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  return {
    rows: page.map((row) => ({ ...row, actorEmail: row.actorEmail ?? null })),
    next: rows.length > AUDIT_PAGE_SIZE ? page[page.length - 1].seq : null,
  };
}
