/**
 * Accounts: what sign-up creates, the owner upgrade, the session summary, profile, export and deletion. The
 * account domain writes people's identity (users, profiles, roles); what other domains hold of a person comes
 * through their ports (`features/<domain>/port.ts`).
 */
import { and, eq, gt, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { accountExportSchema, profileSchema, sessionInfoSchema } from "@/shared/contracts/account";
import type { Served } from "@/shared/contracts/common";
import { DEFAULT_LOCALE, type Locale } from "@/shared/locales";
import { hasActiveSubscription } from "@/shared/plans";
import { loadRoleAndSubscription, type Viewer } from "../../auth/viewer";
import type { AppContext } from "../../context";
import type { Database, Queryable } from "../../db";
import { profiles, subscriptions, userRoles, users, verifications } from "../../db/schema";
import { sessionChanged } from "../../realtime/events";
import { sessionsForExport } from "./security";

type AccountContext = Pick<AppContext, "db" | "write" | "domains">;

/** The account's own records besides the library's rows: profile and role. */
export async function createAccountRecords(
  db: Queryable,
  user: { id: string; email: string; name: string; phone: string | null; language?: Locale },
  role: "client" | "staff" | "admin" = "client",
) {
  await db
    .insert(profiles)
    .values({ id: user.id, email: user.email, name: user.name, phone: user.phone, language: user.language })
    .onConflictDoNothing();
  await db.insert(userRoles).values({ userId: user.id, role }).onConflictDoNothing();
}

/**
 * The spec's check-owner-status: an owner (OWNER_EMAILS) whose email is verified and who lacks an active Black
 * membership or the admin role gets both. Read fresh from the database. Returns whether anything changed.
 */
export async function upgradeOwner(
  ctx: AccountContext,
  userId: string,
  ownerEmails: readonly string[],
): Promise<boolean> {
  const [user] = await ctx.db
    .select({ email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.emailVerified || !ownerEmails.includes(user.email.toLowerCase())) return false;
  const { role, subscription } = await loadRoleAndSubscription(ctx.db, userId);
  const alreadyBlack = hasActiveSubscription(subscription) && subscription.plan === "black";
  if (alreadyBlack && role === "admin") return false;
  await ctx.write(async (tx, out) => {
    if (!alreadyBlack) await ctx.domains.billing.grant(tx, userId, "black");
    await tx.insert(userRoles).values({ userId, role: "admin" }).onConflictDoNothing();
    if (role !== "admin") {
      // The owner check gives the role (OWNER_EMAILS), on the owner's own verified request.
      await out.audit({
        actor: { userId, role },
        action: "role.change",
        target: { kind: "user", id: userId },
        before: { role },
        after: { role: "admin", reason: "owner" },
      });
    }
    out.publish(sessionChanged(userId));
  });
  return true;
}

export function sessionInfo(viewer: Viewer | null): Served<typeof sessionInfoSchema> {
  if (!viewer) return { user: null, profile: null, role: null, subscription: null };
  const sub = viewer.subscription;
  return {
    user: {
      id: viewer.userId,
      email: viewer.email,
      name: viewer.name,
      twoFactorEnabled: viewer.twoFactorEnabled,
      emailVerified: viewer.emailVerified,
    },
    profile: viewer.profile ?? {
      name: viewer.name,
      email: viewer.email,
      phone: null,
      language: DEFAULT_LOCALE,
      billingName: null,
      billingAddress: null,
      taxId: null,
    },
    role: viewer.role,
    subscription: sub
      ? {
          plan: sub.plan,
          status: sub.status,
          currentPeriodEnd: sub.currentPeriodEnd?.toISOString() ?? null,
          cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
          complimentary: !sub.stripeCustomerId,
        }
      : null,
  };
}

type ProfileInput = z.output<typeof profileSchema>;

/**
 * Name, phone and the invoicing details (the email never changes here); returns the viewer as it now is. An
 * invoicing field left out stays as it was, an empty one is cleared. The details then go to the member's
 * provider customer, after the commit and only when they have one: a provider that fails or is down never fails
 * the save (`onProviderError` logs it); the next save, a new customer or a sync sends them again (decision 034).
 */
export async function updateProfile(
  ctx: Pick<AppContext, "write" | "payments">,
  viewer: Viewer,
  input: ProfileInput,
  onProviderError: (error: unknown) => void = () => {},
): Promise<Viewer> {
  const phone = input.phone || null;
  const before = viewer.profile;
  const invoicing = {
    billingName: input.billingName === undefined ? (before?.billingName ?? null) : input.billingName || null,
    billingAddress:
      input.billingAddress === undefined ? (before?.billingAddress ?? null) : input.billingAddress || null,
    taxId: input.taxId === undefined ? (before?.taxId ?? null) : input.taxId || null,
  };
  const changed = {
    ...(input.billingName === undefined ? {} : { billingName: invoicing.billingName }),
    ...(input.billingAddress === undefined ? {} : { billingAddress: invoicing.billingAddress }),
    ...(input.taxId === undefined ? {} : { taxId: invoicing.taxId }),
  };
  await ctx.write(async (tx) => {
    await tx
      .update(profiles)
      .set({ name: input.name, phone, ...changed, updatedAt: new Date() })
      .where(eq(profiles.id, viewer.userId));
    await tx.update(users).set({ name: input.name, updatedAt: new Date() }).where(eq(users.id, viewer.userId));
  });
  // What invoices show: the name, and the details when any were sent. Outside the transaction (decision 009).
  const invoiceNameChanged = input.name !== before?.name && !invoicing.billingName;
  if (Object.keys(changed).length || invoiceNameChanged) {
    await ctx.payments.updateCustomerDetails(viewer.userId).catch(onProviderError);
  }
  const language = before?.language ?? DEFAULT_LOCALE;
  return {
    ...viewer,
    name: input.name,
    profile: {
      name: input.name,
      email: viewer.email,
      phone,
      language,
      ...invoicing,
      publicName: viewer.profile?.publicName ?? null,
    },
  };
}

/** The member's interface language (their emails and notifications follow it). */
export async function updateLanguage(ctx: Pick<AppContext, "db">, viewer: Viewer, language: Locale) {
  await ctx.db.update(profiles).set({ language, updatedAt: new Date() }).where(eq(profiles.id, viewer.userId));
  return { ok: true as const };
}

/** GDPR data portability: everything the member's account holds, and nothing of anyone else's. */
export async function exportAccount(ctx: AccountContext, userId: string): Promise<Served<typeof accountExportSchema>> {
  const { db, domains } = ctx;
  const [
    [profile],
    [subscription],
    { requestQuotesList, ...requests },
    conciergeMessages,
    salesInquiries,
    notifications,
    sessions,
  ] = await Promise.all([
    db.select().from(profiles).where(eq(profiles.id, userId)),
    db
      .select({
        plan: subscriptions.plan,
        status: subscriptions.status,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
        cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
        createdAt: subscriptions.createdAt,
      })
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId)),
    domains.requests.exportOf(db, userId).then(async (part) => ({
      ...part,
      requestQuotesList: await domains.quotes.exportOf(
        db,
        userId,
        part.requests.map((r) => r.id),
      ),
    })),
    domains.concierge.exportOf(db, userId),
    domains.sales.exportOf(db, userId),
    domains.notifications.exportOf(db, userId),
    sessionsForExport(db, userId),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    profile: profile
      ? {
          email: profile.email,
          name: profile.name,
          phone: profile.phone,
          billingName: profile.billingName,
          billingAddress: profile.billingAddress,
          taxId: profile.taxId,
          createdAt: profile.createdAt,
        }
      : null,
    subscription: subscription ?? null,
    ...notifications,
    ...requests,
    ...requestQuotesList,
    conciergeMessages,
    salesInquiries,
    sessions,
  };
}

/**
 * Removes the user and, through the foreign keys' cascades, every row of theirs, in one transaction; their open
 * event streams close on every instance. Returns the storage keys of their requests' attachments, for the caller
 * to delete once the rows are gone.
 */
export async function deleteAccount(ctx: AccountContext, userId: string): Promise<string[]> {
  return ctx.write(async (tx, out) => {
    const files = [
      ...(await ctx.domains.requests.filesOf(tx, userId)),
      ...(await ctx.domains.concierge.filesOf(tx, userId)),
    ];
    await tx.delete(users).where(eq(users.id, userId));
    out.publish(sessionChanged(userId));
    return files;
  });
}

/** Deletes users (the QA tools' demo clients) and everything of theirs; returns how many. */
export async function deleteUsers(tx: Queryable, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  const removed = await tx.delete(users).where(inArray(users.id, ids)).returning({ id: users.id });
  return removed.length;
}

export async function userIdByEmail(db: Database, email: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
  return row?.id ?? null;
}

/** The user a password-reset token belongs to, if it is still valid (better-auth's verification row). */
export async function userOfResetToken(db: Database, token: string): Promise<{ id: string; email: string } | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.value))
    .where(and(eq(verifications.identifier, `reset-password:${token}`), gt(verifications.expiresAt, new Date())));
  return row ?? null;
}
