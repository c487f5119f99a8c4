/**
 * The team's security (decision 050): whether two-factor is mandatory for staff and admins, giving someone a
 * role, and what a sign-in leaves behind: the moment its second factor was proved (the session's
 * `second_factor_at`, which capturing, refunding and changing roles want fresh) and, for a staff account, an
 * audit row. Every change here is audited in its own transaction.
 */
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { roleChangeSchema, securitySettingsSchema } from "@/shared/contracts/account";
import { ACCOUNT_ERRORS } from "@/shared/contracts/account-texts";
import type { Served } from "@/shared/contracts/common";
import { isStaffRole, type Role, strongestRole } from "@/shared/roles";
import { actorOf } from "../../audit/actor";
import { sessionTokenOfSetCookie, type Viewer } from "../../auth/viewer";
import type { AppContext } from "../../context";
import type { Queryable } from "../../db";
import { securitySettings, sessions, userRoles, users } from "../../db/schema";
import { conflict, notFound } from "../../http/errors";
import type { RequestClient } from "../../http/request-context";
import { sessionChanged } from "../../realtime/events";

type SecurityContext = Pick<AppContext, "db" | "write" | "auth">;
type Settings = Served<typeof securitySettingsSchema>;

async function settingsOf(q: Queryable): Promise<Settings> {
  const [row] = await q.select().from(securitySettings).where(eq(securitySettings.id, 1));
  return { twoFactorRequired: row?.twoFactorRequired ?? false };
}

export const securitySettingsOf = (ctx: SecurityContext) => settingsOf(ctx.db);

/** 409 when an admin without two-factor would make it mandatory: they would lock themselves out at once. */
export async function saveSecuritySettings(ctx: SecurityContext, admin: Viewer, input: Settings): Promise<Settings> {
  if (input.twoFactorRequired && !admin.twoFactorEnabled) {
    throw conflict(ACCOUNT_ERRORS.ownTwoFactorFirst, "own_two_factor_first");
  }
  return ctx.write(async (tx, out) => {
    const before = await settingsOf(tx);
    await tx
      .insert(securitySettings)
      .values({ id: 1, twoFactorRequired: input.twoFactorRequired })
      .onConflictDoUpdate({
        target: securitySettings.id,
        set: { twoFactorRequired: input.twoFactorRequired, updatedAt: new Date() },
      });
    if (before.twoFactorRequired !== input.twoFactorRequired) {
      await out.audit({
        actor: actorOf(admin),
        action: "settings.security",
        target: { kind: "settings", id: "security" },
        before,
        after: input,
      });
    }
    return input;
  });
}

/**
 * Gives the account at `email` exactly `role` (its role rows replaced). 404 for no such account; 409 for the
 * admin's own (an administrator never locks themselves out). Its open sessions see the change at once.
 */
export async function changeRole(
  ctx: SecurityContext,
  admin: Viewer,
  input: z.output<typeof roleChangeSchema>,
): Promise<{ userId: string; email: string; role: Role }> {
  return ctx.write(async (tx, out) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.email, input.email));
    if (!user) throw notFound(ACCOUNT_ERRORS.accountNotFound);
    if (user.id === admin.userId) throw conflict(ACCOUNT_ERRORS.ownRole, "own_role");
    // The user's role rows, locked: two admins changing one role at once apply one after the other.
    const rows = await tx
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(eq(userRoles.userId, user.id))
      .for("update");
    const before = strongestRole(rows.map((r) => r.role));
    if (before !== input.role || rows.length !== 1) {
      await tx.delete(userRoles).where(eq(userRoles.userId, user.id));
      await tx.insert(userRoles).values({ userId: user.id, role: input.role });
      out.publish(sessionChanged(user.id));
    }
    if (before !== input.role) {
      await out.audit({
        actor: actorOf(admin),
        action: "role.change",
        target: { kind: "user", id: user.id },
        before: { role: before },
        after: { role: input.role },
      });
    }
    return { userId: user.id, email: user.email, role: input.role };
  });
}

/**
 * What a sign-in leaves (after the library made its session, named by the Set-Cookie it answered, or the
 * request's own session when confirming a code while signed in): `secondFactor`, the moment the session proved
 * one; and for a staff account's sign-in, an audit row. Nothing when no session was made (a sign-in waiting for
 * its code).
 */
export async function recordSignIn(
  ctx: SecurityContext,
  input: {
    setCookies: string[];
    /** The request's own session, when the code confirmed one already signed in. */
    current?: Viewer | null;
    method: "password" | "totp" | "backup_code";
    /** A sign-in (audited for staff), or a code confirming an open session (not a sign-in). */
    signIn: boolean;
    client: RequestClient | null;
  },
): Promise<void> {
  const token = (await sessionTokenOfSetCookie(ctx.auth, input.setCookies)) ?? null;
  const secondFactor = input.method !== "password";
  await ctx.write(async (tx, out) => {
    const [session] = token
      ? await tx.select({ id: sessions.id, userId: sessions.userId }).from(sessions).where(eq(sessions.token, token))
      : input.current?.sessionId
        ? [{ id: input.current.sessionId, userId: input.current.userId }]
        : [];
    if (!session) return;
    if (secondFactor) {
      await tx.update(sessions).set({ secondFactorAt: new Date() }).where(eq(sessions.id, session.id));
    }
    if (!input.signIn) return;
    const roles = await tx.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, session.userId));
    const role = strongestRole(roles.map((r) => r.role));
    if (!isStaffRole(role)) return;
    await out.audit({
      actor: { userId: session.userId, role, client: input.client },
      action: "auth.sign_in",
      target: { kind: "session", id: session.id },
      after: { method: input.method },
    });
  });
}
