/** Accounts: what sign-up creates, the owner upgrade, the session summary, export and deletion. */
import { and, desc, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import type { sessionInfoSchema } from "@/shared/contracts/account";
import type { Served } from "@/shared/contracts/common";
import { hasActiveSubscription } from "@/shared/plans";
import { loadRoleAndSubscription, type Viewer } from "../../auth/viewer";
import type { Database, Queryable } from "../../db";
import {
  executiveConciergeMessages,
  messages,
  notificationPreferences,
  notifications,
  profiles,
  requests,
  salesInquiries,
  subscriptions,
  userRoles,
  users,
  verifications,
} from "../../db/schema";
import { publishSessionChanged } from "../../realtime/events";

/** Everything a new account gets besides the library's own rows: profile, client role, preferences. */
export async function createAccountRecords(
  db: Queryable,
  user: { id: string; email: string; name: string; phone: string | null },
  role: "client" | "staff" | "admin" = "client",
) {
  await db
    .insert(profiles)
    .values({ id: user.id, email: user.email, name: user.name, phone: user.phone })
    .onConflictDoNothing();
  await db.insert(userRoles).values({ userId: user.id, role }).onConflictDoNothing();
  await db.insert(notificationPreferences).values({ userId: user.id }).onConflictDoNothing();
}

/** A complimentary membership: active, no payment-provider customer, no end date. */
export async function grantComplimentary(db: Queryable, userId: string, plan: "free" | "silver" | "gold" | "black") {
  const values = {
    plan,
    status: "active" as const,
    stripeCustomerId: null,
    stripeSubscriptionId: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    updatedAt: new Date(),
  };
  await db
    .insert(subscriptions)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: subscriptions.userId, set: values });
}

/**
 * The spec's check-owner-status: an owner (OWNER_EMAILS) whose email is verified and who lacks an active Black
 * membership or the admin role gets both. Read fresh from the database. Returns whether anything changed.
 */
export async function upgradeOwner(db: Database, userId: string, ownerEmails: readonly string[]): Promise<boolean> {
  const [user] = await db
    .select({ email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.emailVerified || !ownerEmails.includes(user.email.toLowerCase())) return false;
  const { role, subscription } = await loadRoleAndSubscription(db, userId);
  const alreadyBlack = hasActiveSubscription(subscription) && subscription.plan === "black";
  if (alreadyBlack && role === "admin") return false;
  await db.transaction(async (tx) => {
    if (!alreadyBlack) await grantComplimentary(tx, userId, "black");
    await tx.insert(userRoles).values({ userId, role: "admin" }).onConflictDoNothing();
    await publishSessionChanged(tx, userId);
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
    profile: viewer.profile ?? { name: viewer.name, email: viewer.email, phone: null },
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

/** Name and phone (the email never changes here); returns the viewer as it now is. */
export async function updateProfile(
  db: Database,
  viewer: Viewer,
  input: { name: string; phone: string },
): Promise<Viewer> {
  const phone = input.phone || null;
  await db.transaction(async (tx) => {
    await tx
      .update(profiles)
      .set({ name: input.name, phone, updatedAt: new Date() })
      .where(eq(profiles.id, viewer.userId));
    await tx.update(users).set({ name: input.name, updatedAt: new Date() }).where(eq(users.id, viewer.userId));
  });
  return { ...viewer, name: input.name, profile: { name: input.name, email: viewer.email, phone } };
}

/** GDPR data portability: everything the member's account holds, and nothing of anyone else's. */
export async function exportAccount(db: Database, userId: string) {
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
  const [subscription] = await db
    .select({
      plan: subscriptions.plan,
      status: subscriptions.status,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      createdAt: subscriptions.createdAt,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  const ownRequests = await db
    .select()
    .from(requests)
    .where(eq(requests.userId, userId))
    .orderBy(desc(requests.createdAt));
  const requestIds = ownRequests.map((r) => r.id);
  const requestMessages = requestIds.length
    ? await db
        .select({
          id: messages.id,
          requestId: messages.requestId,
          body: messages.body,
          createdAt: messages.createdAt,
          fromMe: sql<boolean>`${messages.senderUserId} is not distinct from ${userId}`,
        })
        .from(messages)
        .where(inArray(messages.requestId, requestIds))
        .orderBy(messages.createdAt)
    : [];
  const concierge = await db
    .select({
      senderRole: executiveConciergeMessages.senderRole,
      message: executiveConciergeMessages.message,
      createdAt: executiveConciergeMessages.createdAt,
    })
    .from(executiveConciergeMessages)
    .where(eq(executiveConciergeMessages.userId, userId))
    .orderBy(executiveConciergeMessages.createdAt);
  const inquiries = await db
    .select({
      subject: salesInquiries.subject,
      message: salesInquiries.message,
      status: salesInquiries.status,
      adminReply: salesInquiries.adminReply,
      createdAt: salesInquiries.createdAt,
    })
    .from(salesInquiries)
    .where(eq(salesInquiries.userId, userId));
  const ownNotifications = await db
    .select({
      type: notifications.type,
      title: notifications.title,
      body: notifications.body,
      read: notifications.read,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  const [preferences] = await db
    .select()
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId)));
  return {
    exportedAt: new Date().toISOString(),
    profile: profile
      ? { email: profile.email, name: profile.name, phone: profile.phone, createdAt: profile.createdAt }
      : null,
    subscription: subscription ?? null,
    notificationPreferences: preferences
      ? { email: preferences.emailEnabled, slack: preferences.slackEnabled, sms: preferences.smsEnabled }
      : null,
    requests: ownRequests.map(({ userId: _u, fileUrl: _f, ...r }) => r),
    messages: requestMessages,
    conciergeMessages: concierge,
    salesInquiries: inquiries,
    notifications: ownNotifications,
  };
}

/**
 * Removes the user and, through the foreign keys' cascades, every row of theirs, in one transaction. Returns the
 * storage keys of their requests' attachments, for the caller to delete once the rows are gone.
 */
export async function deleteAccount(db: Database, userId: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const files = await tx
      .select({ key: requests.fileUrl })
      .from(requests)
      .where(and(eq(requests.userId, userId), isNotNull(requests.fileUrl)));
    await tx.delete(users).where(eq(users.id, userId));
    // Its open event streams close on every instance.
    await publishSessionChanged(tx, userId);
    return files.map((f) => f.key as string);
  });
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
