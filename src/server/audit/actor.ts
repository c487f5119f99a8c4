/** The audit log's actors: a viewer (who they are, their strongest role, their request's address), or a user by id. */
import { eq } from "drizzle-orm";
import { strongestRole } from "@/shared/roles";
import type { Viewer } from "../auth/viewer";
import type { Queryable } from "../db";
import { userRoles } from "../db/schema";
import { currentCaller } from "../http/request-context";
import type { AuditActor } from "./log";

export const actorOf = (viewer: Viewer): AuditActor => ({
  userId: viewer.userId,
  role: viewer.role,
  client: viewer.client,
});

/** The system itself (a webhook, a scheduled job): no person. */
export const SYSTEM_ACTOR: AuditActor = { userId: null, role: "system", client: null };

/** A user known by id (who asked for a capture the provider's answer now applies), or the system. */
export async function actorById(q: Queryable, userId: string | null): Promise<AuditActor> {
  if (!userId) return SYSTEM_ACTOR;
  const roles = await q.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return { userId, role: strongestRole(roles.map((r) => r.role)) };
}

/** The signed-in caller of the current request (an effect applied within it, as its webhook would be), or null. */
export function currentActor(): AuditActor | null {
  const caller = currentCaller();
  return caller ? { userId: caller.userId, role: caller.role } : null;
}
