/**
 * The whole data model: better-auth's tables (users, sessions, accounts, verifications, two_factors) and the
 * product's (spec section 3). Rules the data must always obey are database constraints, not only types.
 */
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { PLANS, SUBSCRIPTION_STATUSES } from "@/shared/plans";
import {
  CONCIERGE_SENDER_ROLES,
  INQUIRY_STATUSES,
  REQUEST_CATEGORIES,
  REQUEST_STATUSES,
  URGENCIES,
} from "@/shared/requests";
import { ROLES } from "@/shared/roles";
import { searchVector } from "./search";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const roleEnum = pgEnum("app_role", ROLES);
export const planEnum = pgEnum("plan", PLANS);
export const subscriptionStatusEnum = pgEnum("subscription_status", SUBSCRIPTION_STATUSES);
export const requestCategoryEnum = pgEnum("request_category", REQUEST_CATEGORIES);
export const requestStatusEnum = pgEnum("request_status", REQUEST_STATUSES);
export const urgencyEnum = pgEnum("urgency", URGENCIES);
export const inquiryStatusEnum = pgEnum("inquiry_status", INQUIRY_STATUSES);
export const conciergeSenderEnum = pgEnum("concierge_sender_role", CONCIERGE_SENDER_ROLES);
export const outboxKindEnum = pgEnum("outbox_kind", ["email", "webhook"]);
export const outboxStatusEnum = pgEnum("outbox_status", ["pending", "sent", "failed", "held"]);

// ---------------------------------------------------------------------------------------------------------
// better-auth (field names are the library's; columns are ours)
// ---------------------------------------------------------------------------------------------------------

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  twoFactorEnabled: boolean("two_factor_enabled").default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

export const twoFactors = pgTable(
  "two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("two_factors_user_id_idx").on(t.userId)],
);

// ---------------------------------------------------------------------------------------------------------
// The product
// ---------------------------------------------------------------------------------------------------------

export const profiles = pgTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    name: text("name").notNull(),
    phone: text("phone"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("profiles_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    index("profiles_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
  ],
);

/** Users made by the QA tools' "Seed demo data": removing them removes everything of theirs. */
export const demoUsers = pgTable("demo_users", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

export const userRoles = pgTable(
  "user_roles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: roleEnum("role").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("user_roles_user_role_key").on(t.userId, t.role), index("user_roles_role_idx").on(t.role)],
);

/**
 * One membership row per user, changed in place by verified payment events. No Stripe customer id means
 * complimentary access (spec section 3).
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    plan: planEnum("plan").notNull(),
    status: subscriptionStatusEnum("status").notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    stripeCustomerId: text("stripe_customer_id"),
    stripeSubscriptionId: text("stripe_subscription_id").unique(),
    /** When the provider last changed this subscription: older events never overwrite newer state. */
    providerUpdatedAt: timestamp("provider_updated_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("subscriptions_user_id_key").on(t.userId), index("subscriptions_status_idx").on(t.status)],
);

/** The payment provider's customer for each user, created once (also under concurrent checkouts). */
export const billingCustomers = pgTable("billing_customers", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  provider: text("provider").notNull(),
  customerId: text("customer_id").notNull().unique(),
  createdAt: createdAt(),
});

/** Each payment event id is processed once. */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The built-in test-mode payment provider's own objects (customers, checkout sessions, subscriptions, invoices),
 * stored in the shapes Stripe gives them. Unused when Stripe is configured.
 */
export const testPaymentObjects = pgTable(
  "test_payment_objects",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    customerId: text("customer_id"),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("test_payment_objects_customer_idx").on(t.customerId, t.kind)],
);

export const requests = pgTable(
  "requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    category: requestCategoryEnum("category").notNull(),
    budgetEur: numeric("budget_eur", { precision: 14, scale: 2, mode: "number" }).notNull(),
    urgency: urgencyEnum("urgency").notNull().default("Medium"),
    notes: text("notes").notNull().default(""),
    phoneNumber: text("phone_number").notNull(),
    status: requestStatusEnum("status").notNull().default("New"),
    /** Storage key of the optional attachment; served only through the request's own endpoint. */
    fileUrl: text("file_url"),
    fileName: text("file_name"),
    fileType: text("file_type"),
    fileSize: integer("file_size"),
    paymentIntentId: text("payment_intent_id"),
    /** Made by the QA tools: removed with their "Remove demo data". */
    seeded: boolean("seeded").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("requests_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("requests_status_created_idx").on(t.status, t.createdAt.desc()),
    index("requests_created_idx").on(t.createdAt.desc()),
    // The admin pipeline at a million rows (issue 13): each filter and sort has its index; text search is trigram.
    index("requests_category_status_created_idx").on(t.category, t.status, t.createdAt.desc()),
    index("requests_category_created_idx").on(t.category, t.createdAt.desc()),
    index("requests_budget_idx").on(t.budgetEur, t.createdAt),
    index("requests_status_budget_idx").on(t.status, t.budgetEur, t.createdAt),
    index("requests_title_trgm_idx").using("gin", sql`${t.title} gin_trgm_ops`),
    index("requests_seeded_idx").on(t.seeded).where(sql`${t.seeded}`),
    check("requests_title_length", sql`char_length(${t.title}) between 3 and 200`),
    check("requests_budget_positive", sql`${t.budgetEur} >= 1`),
    check("requests_notes_length", sql`char_length(${t.notes}) <= 2000`),
    check("requests_phone_length", sql`char_length(${t.phoneNumber}) between 8 and 20`),
  ],
);

/**
 * One row per request a member created, kept when the request is deleted (its `request_id` becomes null): the
 * monthly limit counts these, so a request counts for the month it was created in, whatever happens to it
 * later (decision 013).
 */
export const requestUses = pgTable(
  "request_uses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    requestId: uuid("request_id").references(() => requests.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("request_uses_user_created_idx").on(t.userId, t.createdAt),
    index("request_uses_request_idx").on(t.requestId),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => requests.id, { onDelete: "cascade" }),
    /** Null once the sender's account is deleted; the message stays in the member's thread. */
    senderUserId: text("sender_user_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("messages_request_created_idx").on(t.requestId, t.createdAt),
    index("messages_sender_idx").on(t.senderUserId),
    // Staff search across conversations (db/search.ts).
    index("messages_body_search_idx").using("gin", searchVector(t.body)),
    check("messages_body_not_blank", sql`char_length(btrim(${t.body})) > 0`),
  ],
);

export const messageReads = pgTable(
  "message_reads",
  {
    messageId: uuid("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] }), index("message_reads_user_idx").on(t.userId)],
);

export const executiveConciergeMessages = pgTable(
  "executive_concierge_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    senderRole: conciergeSenderEnum("sender_role").notNull(),
    /** The staff member who wrote an admin message. */
    senderUserId: text("sender_user_id").references(() => users.id, { onDelete: "set null" }),
    message: text("message").notNull(),
    read: boolean("read").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("concierge_user_created_idx").on(t.userId, t.createdAt),
    index("concierge_unread_idx").on(t.senderRole, t.userId).where(sql`${t.read} = false`),
    index("concierge_message_search_idx").using("gin", searchVector(t.message)),
    check("concierge_message_not_blank", sql`char_length(btrim(${t.message})) > 0`),
  ],
);

export const salesInquiries = pgTable(
  "sales_inquiries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    status: inquiryStatusEnum("status").notNull().default("open"),
    adminReply: text("admin_reply"),
    adminId: text("admin_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("sales_inquiries_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("sales_inquiries_status_idx").on(t.status, t.createdAt.desc()),
    index("sales_inquiries_message_search_idx").using("gin", searchVector(salesInquiryText(t))),
    index("sales_inquiries_reply_search_idx").using("gin", searchVector(t.adminReply)),
  ],
);

/** What a member wrote to sales, as one searchable text: the subject and the message. */
export function salesInquiryText(t: { subject: SQLWrapper; message: SQLWrapper }): SQL {
  return sql`${t.subject} || ' ' || ${t.message}`;
}

/**
 * Saved replies (issue 22, item 3): snippets the staff share, inserted in any composer with "/". The text may
 * hold the placeholders {member_name} and {request_title}, filled in the composer.
 */
export const savedReplies = pgTable(
  "saved_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("saved_replies_title_key").on(sql`lower(${t.title})`),
    check("saved_replies_title_length", sql`char_length(${t.title}) between 1 and 100`),
    check("saved_replies_body_length", sql`char_length(btrim(${t.body})) > 0 and char_length(${t.body}) <= 4000`),
  ],
);

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    requestId: uuid("request_id").references(() => requests.id, { onDelete: "cascade" }),
    /**
     * The concierge conversation it is about (the member's id), for either side: reading that conversation marks
     * it read, and it goes with the member's account.
     */
    conciergeMemberId: text("concierge_member_id").references(() => users.id, { onDelete: "cascade" }),
    /** Where it leads in the app for its reader (a request, a conversation). */
    link: text("link"),
    read: boolean("read").notNull().default(false),
    /** How many messages it stands for: a burst on one conversation is one notification while unread. */
    burst: integer("burst").notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_unread_idx").on(t.userId).where(sql`${t.read} = false`),
    // At most one unread message notification per reader and conversation: a new message joins it (notify.ts).
    uniqueIndex("notifications_unread_conversation_key")
      .on(t.userId, sql`(coalesce(request_id::text, concierge_member_id))`)
      .where(
        sql`type = 'message_received' and not read and coalesce(request_id::text, concierge_member_id) is not null`,
      ),
    index("notifications_concierge_member_idx").on(t.conciergeMemberId).where(sql`${t.conciergeMemberId} is not null`),
    index("notifications_user_created_idx").on(t.userId, t.createdAt.desc()),
    check(
      "notifications_type_known",
      sql`${t.type} in ('status_changed', 'message_received', 'request_created', 'test')`,
    ),
  ],
);

export const notificationPreferences = pgTable("notification_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  emailEnabled: boolean("email_enabled").notNull().default(true),
  slackEnabled: boolean("slack_enabled").notNull().default(true),
  smsEnabled: boolean("sms_enabled").notNull().default(true),
  updatedAt: updatedAt(),
});

export const activityLogs = pgTable(
  "activity_logs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => requests.id, { onDelete: "cascade" }),
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("activity_logs_request_created_idx").on(t.requestId, t.createdAt)],
);

/** Emails and webhooks, written in the same transaction as their cause and delivered by a worker. */
export const outbox = pgTable(
  "outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: outboxKindEnum("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: outboxStatusEnum("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /**
     * Set when the message carries a secret (a reset or verification link): when it passes, the text is
     * redacted. The admin's view never shows such a message's text at all.
     */
    secretExpiresAt: timestamp("secret_expires_at", { withTimezone: true }),
    /**
     * A message about a conversation (`burst_key`) to one address or channel (`burst_to`): while it waits, a newer
     * message on the same conversation joins it (`burst` counts them, the payload becomes `burst_digest` with the
     * count), and after it is sent the next one waits out the burst window (notify.ts).
     */
    burstKey: text("burst_key"),
    burstTo: text("burst_to"),
    burst: integer("burst").notNull().default(1),
    burstDigest: jsonb("burst_digest").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("outbox_waiting_burst_key")
      .on(t.burstKey, t.burstTo)
      .where(sql`burst_key is not null and attempts = 0 and status in ('pending', 'held')`),
    index("outbox_burst_idx").on(t.burstKey, t.burstTo).where(sql`burst_key is not null`),
    index("outbox_status_created_idx").on(t.status, t.createdAt.desc()),
    index("outbox_secret_idx").on(t.secretExpiresAt).where(sql`${t.secretExpiresAt} is not null`),
    index("outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("outbox_created_idx").on(t.createdAt.desc()),
  ],
);

/**
 * Rate-limit counters, shared by every app instance: one row per key (a route and a client IP, email or user)
 * and fixed window. Rows whose window has passed are reused or pruned. A back-off count (sign-in failures of one
 * email at one address) also has a lock: refused until locked_until; reset_at is then when it is forgotten.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("rate_limits_reset_idx").on(t.resetAt)],
);
