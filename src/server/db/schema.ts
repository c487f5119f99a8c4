/**
 * The whole data model: better-auth's tables (users, sessions, accounts, verifications, two_factors) and the
 * product's (spec section 3). Rules the data must always obey are database constraints, not only types.
 */
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
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
import { NOTIFICATION_TYPES, OUTBOX_KINDS } from "@/shared/contracts/notifications";
import { LOCALES } from "@/shared/locales";
import { PLANS, SUBSCRIPTION_STATUSES } from "@/shared/plans";
import { DELIVERY_STATUSES, HOLD_STATUSES, QUOTE_STATUSES, VAT_RATES } from "@/shared/quotes";
import {
  CONCIERGE_SENDER_ROLES,
  INQUIRY_STATUSES,
  REQUEST_CATEGORIES,
  REQUEST_STATUSES,
  URGENCIES,
} from "@/shared/requests";
import { ROLES } from "@/shared/roles";
import { type ServiceLevelSettings, TARGET_KINDS } from "@/shared/service-levels";
import { searchVector } from "./search";

/** A moment, always with its time zone. */
const at = (column: string) => timestamp(column, { withTimezone: true });
/** The account a row goes with: deleted with it (`key`: the row is the account's one and only). */
const ownedBy = (column: string, key?: "key") => {
  const id = key ? text(column).primaryKey() : text(column).notNull();
  return id.references((): AnyPgColumn => users.id, { onDelete: "cascade" });
};
/** Who did something: null once their account is deleted, the row stays. */
const keptFrom = (column: string) => text(column).references((): AnyPgColumn => users.id, { onDelete: "set null" });
const createdAt = () => at("created_at").notNull().defaultNow();
const updatedAt = () => at("updated_at").notNull().defaultNow();

export const roleEnum = pgEnum("app_role", ROLES);
export const planEnum = pgEnum("plan", PLANS);
export const subscriptionStatusEnum = pgEnum("subscription_status", SUBSCRIPTION_STATUSES);
export const requestCategoryEnum = pgEnum("request_category", REQUEST_CATEGORIES);
export const requestStatusEnum = pgEnum("request_status", REQUEST_STATUSES);
export const urgencyEnum = pgEnum("urgency", URGENCIES);
export const inquiryStatusEnum = pgEnum("inquiry_status", INQUIRY_STATUSES);
export const conciergeSenderEnum = pgEnum("concierge_sender_role", CONCIERGE_SENDER_ROLES);
export const quoteStatusEnum = pgEnum("quote_status", QUOTE_STATUSES);
export const holdStatusEnum = pgEnum("hold_status", HOLD_STATUSES);
export const deliveryStatusEnum = pgEnum("delivery_status", DELIVERY_STATUSES);
export const outboxKindEnum = pgEnum("outbox_kind", OUTBOX_KINDS);
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
    expiresAt: at("expires_at").notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: ownedBy("user_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** When the session was last used (written at most every few minutes: auth/viewer.ts). */
    lastSeenAt: at("last_seen_at").notNull().defaultNow(),
    /**
     * When this session last proved a second factor (a TOTP or backup code at sign-in or since): capturing,
     * refunding and changing roles ask for a fresh one (decision 050).
     */
    secondFactorAt: at("second_factor_at"),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

/**
 * The browsers an account has signed in from: the SHA-256 of a random device cookie (never the cookie
 * itself), so a sign-in from a new one can be told to the member (features/account/security.ts).
 */
export const knownDevices = pgTable(
  "known_devices",
  {
    userId: ownedBy("user_id"),
    deviceHash: text("device_hash").notNull(),
    firstSeenAt: at("first_seen_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: ownedBy("user_id"),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: at("access_token_expires_at"),
    refreshTokenExpiresAt: at("refresh_token_expires_at"),
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
    expiresAt: at("expires_at").notNull(),
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
    userId: ownedBy("user_id"),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: at("locked_until"),
  },
  (t) => [index("two_factors_user_id_idx").on(t.userId)],
);

// ---------------------------------------------------------------------------------------------------------
// The product
// ---------------------------------------------------------------------------------------------------------

export const profiles = pgTable(
  "profiles",
  {
    id: ownedBy("id", "key"),
    email: text("email").notNull(),
    name: text("name").notNull(),
    phone: text("phone"),
    /** The interface's language the member chose (decision 028): their emails and notifications use it. */
    language: text("language", { enum: LOCALES }).notNull().default("en"),
    /** Invoicing details (issue 30): the name and address invoices are made out to, and the Portuguese NIF. */
    billingName: text("billing_name"),
    billingAddress: text("billing_address"),
    taxId: text("tax_id"),
    /**
     * A staff member's card as members see it when they own a request or a concierge conversation (issue 34
     * item 1): the name they go by (else `name`), a short line, and a photo in the object store.
     */
    publicName: text("public_name"),
    headline: text("headline"),
    photoKey: text("photo_key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("profiles_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    index("profiles_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
    check("profiles_public_name_length", sql`char_length(${t.publicName}) <= 60`),
    check("profiles_headline_length", sql`char_length(${t.headline}) <= 80`),
  ],
);

/** Users made by the QA tools' "Seed demo data": removing them removes everything of theirs. */
export const demoUsers = pgTable("demo_users", {
  userId: ownedBy("user_id", "key"),
  createdAt: createdAt(),
});

export const userRoles = pgTable(
  "user_roles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: ownedBy("user_id"),
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
    userId: ownedBy("user_id"),
    plan: planEnum("plan").notNull(),
    status: subscriptionStatusEnum("status").notNull(),
    currentPeriodEnd: at("current_period_end"),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    stripeCustomerId: text("stripe_customer_id"),
    stripeSubscriptionId: text("stripe_subscription_id").unique(),
    /** When the provider last changed this subscription: older events never overwrite newer state. */
    providerUpdatedAt: at("provider_updated_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("subscriptions_user_id_key").on(t.userId), index("subscriptions_status_idx").on(t.status)],
);

/** The payment provider's customer for each user, created once (also under concurrent checkouts). */
export const billingCustomers = pgTable("billing_customers", {
  userId: ownedBy("user_id", "key"),
  provider: text("provider").notNull(),
  customerId: text("customer_id").notNull().unique(),
  createdAt: createdAt(),
});

/** Each payment event id is processed once. */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  processedAt: at("processed_at").notNull().defaultNow(),
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
    userId: ownedBy("user_id"),
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
    /** The member's optional deadline (issue 22 item 7), a calendar day. */
    deadline: date("deadline", { mode: "string" }),
    /** The staff member who owns the request (issue 22, item 1): null while unassigned. */
    assigneeUserId: keptFrom("assignee_user_id"),
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
    // The pipeline's "Assigned to me" and "Unassigned" filters, newest first.
    index("requests_assignee_created_idx").on(t.assigneeUserId, t.createdAt.desc()),
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
    userId: ownedBy("user_id"),
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
    senderUserId: keptFrom("sender_user_id"),
    body: text("body").notNull(),
    /** The quote's option the message asks about ('Ask about this option', issue 34 item 2). */
    aboutOptionId: uuid("about_option_id").references((): AnyPgColumn => quoteOptions.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("messages_request_created_idx").on(t.requestId, t.createdAt),
    // The inbox (decision 048): a thread's newest message from its member, and the oldest one unanswered.
    index("messages_request_sender_created_idx").on(t.requestId, t.senderUserId, t.createdAt),
    index("messages_sender_idx").on(t.senderUserId),
    // An edited draft's options are deleted: their references are found without reading every message.
    index("messages_about_option_idx").on(t.aboutOptionId).where(sql`${t.aboutOptionId} is not null`),
    // Staff search across conversations (db/search.ts).
    index("messages_body_search_idx").using("gin", searchVector(t.body)),
    // Empty only when files go with it (issue 22 item 6: the service checks there are some); never only spaces.
    check("messages_body_not_blank", sql`${t.body} = '' or char_length(btrim(${t.body})) > 0`),
  ],
);

/** What every internal note is, whichever conversation it is keyed by (request_notes, concierge_notes). */
const noteColumns = () => ({
  id: uuid("id").primaryKey().defaultRandom(),
  /** Null once the author's account is deleted; the note stays. */
  authorUserId: keptFrom("author_user_id"),
  body: text("body").notNull(),
  createdAt: createdAt(),
});
const noteBodyCheck = (table: string, t: { body: AnyPgColumn }) =>
  check(`${table}_body_length`, sql`char_length(btrim(${t.body})) > 0 and char_length(${t.body}) <= 5000`);

/**
 * Internal notes (issue 22, item 2): what staff write on a request for each other. Their own table, never a flag on
 * messages, so no member query can select one by accident; only the staff's routes read it (decision 021).
 */
export const requestNotes = pgTable(
  "request_notes",
  {
    ...noteColumns(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => requests.id, { onDelete: "cascade" }),
  },
  (t) => [
    index("request_notes_request_created_idx").on(t.requestId, t.createdAt),
    noteBodyCheck("request_notes", t),
    index("request_notes_body_search_idx").using("gin", searchVector(t.body)),
  ],
);

export const messageReads = pgTable(
  "message_reads",
  {
    messageId: uuid("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    userId: ownedBy("user_id"),
    readAt: at("read_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] }), index("message_reads_user_idx").on(t.userId)],
);

export const executiveConciergeMessages = pgTable(
  "executive_concierge_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: ownedBy("user_id"),
    senderRole: conciergeSenderEnum("sender_role").notNull(),
    /** The staff member who wrote an admin message. */
    senderUserId: keptFrom("sender_user_id"),
    message: text("message").notNull(),
    read: boolean("read").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("concierge_user_created_idx").on(t.userId, t.createdAt),
    // The inbox (decision 048): each side's newest message in a member's chat, and the oldest one unanswered.
    index("concierge_user_role_created_idx").on(t.userId, t.senderRole, t.createdAt),
    index("concierge_unread_idx").on(t.senderRole, t.userId).where(sql`${t.read} = false`),
    index("concierge_message_search_idx").using("gin", searchVector(t.message)),
    check("concierge_message_not_blank", sql`${t.message} = '' or char_length(btrim(${t.message})) > 0`),
  ],
);

/**
 * Files in conversations (issue 22 item 6): a photo or PDF uploaded by a member or staff, pending (no message,
 * its uploader's only, dropped after MESSAGE_FILE_PENDING_HOURS) until a message of the same thread references
 * it. Each domain owns its rows: `requests` (a request's thread) and `concierge` (a member's concierge chat).
 */
export const messageFiles = pgTable(
  "message_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    domain: text("domain", { enum: ["requests", "concierge"] }).notNull(),
    requestId: uuid("request_id").references(() => requests.id, { onDelete: "cascade" }),
    messageId: uuid("message_id").references(() => messages.id, { onDelete: "cascade" }),
    /** The member whose concierge chat it belongs to. */
    conciergeMemberId: text("concierge_member_id").references(() => users.id, { onDelete: "cascade" }),
    conciergeMessageId: uuid("concierge_message_id").references(() => executiveConciergeMessages.id, {
      onDelete: "cascade",
    }),
    uploadedBy: keptFrom("uploaded_by"),
    storageKey: text("storage_key").notNull().unique(),
    name: text("name").notNull(),
    type: text("type").notNull(),
    size: integer("size").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("message_files_message_idx").on(t.messageId),
    index("message_files_concierge_message_idx").on(t.conciergeMessageId),
    index("message_files_pending_idx")
      .on(t.createdAt)
      .where(sql`${t.messageId} is null and ${t.conciergeMessageId} is null`),
    check(
      "message_files_thread",
      sql`(${t.domain} = 'requests' and ${t.requestId} is not null and ${t.conciergeMemberId} is null and ${t.conciergeMessageId} is null)
        or (${t.domain} = 'concierge' and ${t.conciergeMemberId} is not null and ${t.requestId} is null and ${t.messageId} is null)`,
    ),
  ],
);

/** Internal notes on a member's concierge conversation (issue 22, item 2): staff only, as request_notes. */
export const conciergeNotes = pgTable(
  "concierge_notes",
  {
    ...noteColumns(),
    /** The member whose conversation it is about; goes with their account. */
    memberUserId: ownedBy("member_user_id"),
  },
  (t) => [
    index("concierge_notes_member_created_idx").on(t.memberUserId, t.createdAt),
    noteBodyCheck("concierge_notes", t),
    index("concierge_notes_body_search_idx").using("gin", searchVector(t.body)),
  ],
);

export const salesInquiries = pgTable(
  "sales_inquiries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: ownedBy("user_id"),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    status: inquiryStatusEnum("status").notNull().default("open"),
    adminReply: text("admin_reply"),
    adminId: keptFrom("admin_id"),
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
/** Who owns a member's concierge conversation (issue 22, item 1): one row per assigned conversation. */
export const conciergeAssignments = pgTable(
  "concierge_assignments",
  {
    memberUserId: ownedBy("member_user_id", "key"),
    assigneeUserId: ownedBy("assignee_user_id"),
    assignedAt: at("assigned_at").notNull().defaultNow(),
  },
  (t) => [index("concierge_assignments_assignee_idx").on(t.assigneeUserId)],
);

/**
 * A staff member's share of new requests (issue 22, item 1): those who opt in are given new requests in turn,
 * the least recently given first.
 */
export const staffAssignmentSettings = pgTable(
  "staff_assignment_settings",
  {
    userId: ownedBy("user_id", "key"),
    roundRobin: boolean("round_robin").notNull().default(false),
    lastAssignedAt: at("last_assigned_at"),
  },
  (t) => [index("staff_assignment_round_robin_idx").on(t.lastAssignedAt).where(sql`${t.roundRobin}`)],
);

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
    /** What a staff member types after "/" to pick it (issue 31 item 8): lower-case letters, digits, dashes. */
    shortcut: text("shortcut"),
    createdBy: keptFrom("created_by"),
    updatedBy: keptFrom("updated_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("saved_replies_title_key").on(sql`lower(${t.title})`),
    uniqueIndex("saved_replies_shortcut_key").on(t.shortcut),
    check("saved_replies_shortcut_format", sql`${t.shortcut} ~ '^[a-z0-9][a-z0-9-]{0,29}$'`),
    check("saved_replies_title_length", sql`char_length(${t.title}) between 1 and 100`),
    check("saved_replies_body_length", sql`char_length(btrim(${t.body})) > 0 and char_length(${t.body}) <= 4000`),
  ],
);

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: ownedBy("user_id"),
    type: text("type").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    /**
     * The title and body as keys with their values (decision 045), said in the reader's language when read
     * (features/notifications/stored-texts.ts); `title` and `body` keep them as first written, in the recipient's
     * language then (what rows from before have only).
     */
    message: jsonb("message"),
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
    // At most one unread message notification per reader and conversation: a new message joins it (notice engine).
    uniqueIndex("notifications_unread_conversation_key")
      .on(t.userId, sql`(coalesce(request_id::text, concierge_member_id))`)
      .where(
        sql`type = 'message_received' and not read and coalesce(request_id::text, concierge_member_id) is not null`,
      ),
    index("notifications_concierge_member_idx").on(t.conciergeMemberId).where(sql`${t.conciergeMemberId} is not null`),
    index("notifications_user_created_idx").on(t.userId, t.createdAt.desc()),
    check(
      "notifications_type_known",
      sql`${t.type} in (${sql.raw(NOTIFICATION_TYPES.map((type) => `'${type}'`).join(", "))})`,
    ),
  ],
);

export const notificationPreferences = pgTable("notification_preferences", {
  userId: ownedBy("user_id", "key"),
  emailEnabled: boolean("email_enabled").notNull().default(true),
  slackEnabled: boolean("slack_enabled").notNull().default(true),
  smsEnabled: boolean("sms_enabled").notNull().default(true),
  /** Push to the devices the person turned it on for (issue 24, item 5). */
  pushEnabled: boolean("push_enabled").notNull().default(true),
  /** A push may show the message itself (title and text), not only that there is one. */
  pushPreview: boolean("push_preview").notNull().default(false),
  updatedAt: updatedAt(),
});

/**
 * A device with push on (issue 24, item 5): the browser's push subscription, per user and signed-in browser.
 * It belongs to the session that turned it on: signing that browser out (or "sign out everywhere else", or a
 * password reset) deletes it, so a device nobody is signed in on hears nothing more of the account.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: ownedBy("user_id"),
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    /** The push service's address for this device (a capability URL: whoever has it and our key can push). */
    endpoint: text("endpoint").notNull().unique(),
    /** The device's keys for the message encryption (RFC 8291), base64url. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** What the device is ("Chrome on Android"), from the user agent it subscribed with. */
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    /** When a notification last reached it. */
    lastUsedAt: at("last_used_at"),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId), index("push_subscriptions_session_idx").on(t.sessionId)],
);

export const activityLogs = pgTable(
  "activity_logs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => requests.id, { onDelete: "cascade" }),
    actorUserId: keptFrom("actor_user_id"),
    action: text("action").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("activity_logs_request_created_idx").on(t.requestId, t.createdAt)],
);

/** Emails, webhooks and pushes, written in the same transaction as their cause and delivered by a worker. */
export const outbox = pgTable(
  "outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: outboxKindEnum("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: outboxStatusEnum("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: at("next_attempt_at").notNull().defaultNow(),
    sentAt: at("sent_at"),
    /**
     * Set when the message carries a secret (a reset or verification link): when it passes, the text is
     * redacted. The admin's view never shows such a message's text at all.
     */
    secretExpiresAt: at("secret_expires_at"),
    /**
     * A message about a conversation (`burst_key`) to one address or channel (`burst_to`): while it waits, a newer
     * message on the same conversation joins it (`burst` counts them, the payload becomes `burst_digest` with the
     * count), and after it is sent the next one waits out the burst window (notifications/engine.ts).
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
 * The realtime event log (decision 043): each row is one committed transaction's events, written by
 * `app_notify()` (migration 0024) in the writing transaction under a lock held to its commit, so ids become
 * visible in id order. Its id is the stream's `id:`; a reconnecting browser resumes after it. Rows older than
 * the retention window are pruned (the newest row is always kept).
 */
export const eventLog = pgTable("event_log", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  events: jsonb("events").$type<unknown[]>().notNull(),
  at: at("at").notNull().default(sql`clock_timestamp()`),
});

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
    resetAt: at("reset_at").notNull(),
    lockedUntil: at("locked_until"),
  },
  (t) => [index("rate_limits_reset_idx").on(t.resetAt)],
);

// ---------------------------------------------------------------------------------------------------------
// The business loop (issue 21, decision 018): quotes, card holds, deliveries and their files. Owned by the
// quotes domain; a request's own row (status, payment_intent_id) changes only through the requests port.
// ---------------------------------------------------------------------------------------------------------

/** Images and PDFs of a request's quote (options' photos, the handover's): served only to those who may see them. */
export const quoteFiles = pgTable(
  "quote_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => requests.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull().unique(),
    name: text("name").notNull(),
    type: text("type").notNull(),
    size: integer("size").notNull(),
    uploadedBy: keptFrom("uploaded_by"),
    createdAt: createdAt(),
  },
  (t) => [index("quote_files_request_idx").on(t.requestId)],
);

/**
 * A proposal staff make on a request. At most one sent (current) quote per request; a revised one supersedes it.
 * Drafts are staff only.
 */
export const quotes = pgTable(
  "quotes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => requests.id, { onDelete: "cascade" }),
    status: quoteStatusEnum("status").notNull().default("draft"),
    /** The last day it may be accepted (Lisbon's calendar). */
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    message: text("message").notNull().default(""),
    acceptedOptionId: uuid("accepted_option_id"),
    declineReason: text("decline_reason"),
    createdBy: keptFrom("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    sentAt: at("sent_at"),
    answeredAt: at("answered_at"),
  },
  (t) => [
    index("quotes_request_created_idx").on(t.requestId, t.createdAt.desc()),
    uniqueIndex("quotes_one_current_key").on(t.requestId).where(sql`${t.status} in ('sent', 'accepted')`),
    check("quotes_message_length", sql`char_length(${t.message}) <= 2000`),
  ],
);

export const quoteOptions = pgTable(
  "quote_options",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    priceCents: bigint("price_cents", { mode: "number" }).notNull(),
    supplierTerms: text("supplier_terms").notNull().default(""),
    estimatedDelivery: date("estimated_delivery", { mode: "string" }),
    /** Quote files of the same request, in order. */
    photoIds: jsonb("photo_ids").$type<string[]>().notNull().default([]),
    /** The price includes VAT at this rate (VAT_RATES: "23", "13", "6", or "margin" for the margin scheme). */
    vatRate: text("vat_rate", { enum: VAT_RATES }).notNull().default("23"),
  },
  (t) => [
    uniqueIndex("quote_options_position_key").on(t.quoteId, t.position),
    check("quote_options_price_min", sql`${t.priceCents} >= 100`),
    check("quote_options_position_range", sql`${t.position} between 1 and 3`),
  ],
);

/**
 * A card authorisation of 10 % of an accepted option's price (Stripe: a PaymentIntent with manual capture,
 * opened through Checkout). At most one live hold per request; each checkout session and payment intent is one
 * hold; events never move a hold back (`provider_updated_at`, the status order).
 */
export const holds = pgTable(
  "holds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => requests.id, { onDelete: "cascade" }),
    userId: ownedBy("user_id"),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    optionId: uuid("option_id")
      .notNull()
      .references(() => quoteOptions.id, { onDelete: "cascade" }),
    status: holdStatusEnum("status").notNull().default("pending"),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    capturedCents: bigint("captured_cents", { mode: "number" }).notNull().default(0),
    checkoutSessionId: text("checkout_session_id").unique(),
    checkoutUrl: text("checkout_url"),
    paymentIntentId: text("payment_intent_id").unique(),
    /** Until when it can be captured (Stripe's capture_before). */
    expiresAt: at("expires_at"),
    reauthorizationRequested: boolean("reauthorization_requested").notNull().default(false),
    receiptUrl: text("receipt_url"),
    failure: text("failure"),
    /** A capture or release under way at the provider: a second one is refused until it is done. */
    pendingAction: text("pending_action"),
    /** Who asked for the capture or release, and why (a partial capture's reason). */
    actionBy: keptFrom("action_by"),
    actionReason: text("action_reason"),
    heldAt: at("held_at"),
    capturedAt: at("captured_at"),
    /** Released, expired, or (after a partial capture) the remainder's release. */
    releasedAt: at("released_at"),
    refundedAt: at("refunded_at"),
    /** Refunded of what was captured, in total (refunds are rows of `refunds`; the provider's word). */
    refundedCents: bigint("refunded_cents", { mode: "number" }).notNull().default(0),
    /** The card that was authorised (shown on the statement). */
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    /** When the member and staff were told the authorisation lapses within 48 h (once per hold). */
    lapseWarnedAt: at("lapse_warned_at"),
    /** The newest provider event applied: an older one never overwrites it. */
    providerUpdatedAt: at("provider_updated_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("holds_one_live_key").on(t.requestId).where(sql`${t.status} in ('pending', 'requires_action', 'held')`),
    index("holds_request_created_idx").on(t.requestId, t.createdAt.desc()),
    index("holds_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("holds_held_expiry_idx").on(t.expiresAt).where(sql`${t.status} = 'held'`),
    check("holds_amount_min", sql`${t.amountCents} >= 50`),
    check("holds_captured_range", sql`${t.capturedCents} between 0 and ${t.amountCents}`),
    check(
      "holds_pending_action_known",
      sql`${t.pendingAction} is null or ${t.pendingAction} in ('capture', 'release')`,
    ),
  ],
);

/**
 * The balance of a quote (price − captured, or what staff set with a reason), sent as a provider invoice with a
 * hosted page and a due date. The provider's webhooks are the truth of its status and of what was paid.
 */
export const balanceInvoices = pgTable(
  "balance_invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => requests.id, { onDelete: "cascade" }),
    userId: ownedBy("user_id"),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    /** Why the amount differs from price − captured, when it does. */
    reason: text("reason"),
    vatRate: text("vat_rate", { enum: VAT_RATES }).notNull().default("23"),
    status: text("status", { enum: ["draft", "open", "paid", "void", "uncollectible"] })
      .notNull()
      .default("draft"),
    amountPaidCents: bigint("amount_paid_cents", { mode: "number" }).notNull().default(0),
    refundedCents: bigint("refunded_cents", { mode: "number" }).notNull().default(0),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    providerInvoiceId: text("provider_invoice_id").unique(),
    hostedUrl: text("hosted_url"),
    pdfUrl: text("pdf_url"),
    overdue: boolean("overdue").notNull().default(false),
    /** The member's reminders, once each: a few days before the due date, and the day after it. */
    remindedBeforeAt: at("reminded_before_at"),
    remindedAfterAt: at("reminded_after_at"),
    createdBy: keptFrom("created_by"),
    paidAt: at("paid_at"),
    providerUpdatedAt: at("provider_updated_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("balance_invoices_request_idx").on(t.requestId, t.createdAt.desc()),
    uniqueIndex("balance_invoices_one_open_key").on(t.requestId).where(sql`${t.status} in ('draft', 'open')`),
    check("balance_invoices_amount_min", sql`${t.amountCents} >= 50`),
  ],
);

/** A refund of a captured hold or a paid balance invoice, in full or in part (the provider's word moves it). */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => requests.id, { onDelete: "cascade" }),
    holdId: uuid("hold_id").references(() => holds.id, { onDelete: "cascade" }),
    invoiceId: uuid("invoice_id").references(() => balanceInvoices.id, { onDelete: "cascade" }),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    reason: text("reason").notNull(),
    status: text("status", { enum: ["pending", "succeeded", "failed", "canceled"] })
      .notNull()
      .default("pending"),
    providerRefundId: text("provider_refund_id").unique(),
    /** The caller's idempotency key: the same key is the same refund. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    failure: text("failure"),
    createdBy: keptFrom("created_by"),
    providerUpdatedAt: at("provider_updated_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("refunds_request_idx").on(t.requestId, t.createdAt),
    check("refunds_amount_min", sql`${t.amountCents} >= 1`),
    check("refunds_one_source", sql`(${t.holdId} is null) <> (${t.invoiceId} is null)`),
  ],
);

/** A card dispute (chargeback) on a quote's charge: its deadline, and the evidence staff submitted. */
export const disputes = pgTable(
  "disputes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => requests.id, { onDelete: "cascade" }),
    providerDisputeId: text("provider_dispute_id").notNull().unique(),
    chargeId: text("charge_id").notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    reason: text("reason").notNull(),
    /** Stripe's dispute status (warning_needs_response, needs_response, under_review, won, lost, …). */
    status: text("status").notNull(),
    evidenceDueBy: at("evidence_due_by"),
    evidenceSubmittedAt: at("evidence_submitted_at"),
    evidenceSubmittedBy: keptFrom("evidence_submitted_by"),
    providerUpdatedAt: at("provider_updated_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("disputes_request_idx").on(t.requestId)],
);

/**
 * One reconciliation of the provider's holds with ours (issue 30): what was compared, every difference found,
 * and what was repaired (an orphan authorisation cancelled, a capture recorded) or only reported.
 */
export const reconciliationRuns = pgTable(
  "reconciliation_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: text("provider").notNull(),
    /** Who started it: a user id, or null for the scheduled job and the command line. */
    startedBy: keptFrom("started_by"),
    startedAt: at("started_at").notNull().defaultNow(),
    finishedAt: at("finished_at"),
    /** Provider objects and our rows looked at. */
    checked: integer("checked").notNull().default(0),
    /** Each difference: { kind, holdId?, paymentIntentId, requestId?, amountCents?, repaired, detail }. */
    differences: jsonb("differences").$type<Array<Record<string, unknown>>>().notNull().default([]),
    repaired: integer("repaired").notNull().default(0),
    /** Set when the run could not finish (the provider unreachable): the message. */
    error: text("error"),
  },
  (t) => [index("reconciliation_runs_started_idx").on(t.startedAt.desc())],
);

/** Found → Delivered: the handover, then the member's answer (receipt confirmed, or a problem within 30 days). */
export const deliveries = pgTable("deliveries", {
  requestId: uuid("request_id")
    .primaryKey()
    .references(() => requests.id, { onDelete: "cascade" }),
  status: deliveryStatusEnum("status").notNull().default("delivered"),
  note: text("note").notNull().default(""),
  photoIds: jsonb("photo_ids").$type<string[]>().notNull().default([]),
  deliveredBy: keptFrom("delivered_by"),
  deliveredAt: at("delivered_at").notNull().defaultNow(),
  answeredAt: at("answered_at"),
  problem: text("problem"),
});

/**
 * The service levels' settings (issue 31 item 3, decision 049): one row, written by admins; before the first save
 * the defaults (src/shared/service-levels.ts) hold. Hours, holidays and targets are checked by the contract.
 */
export const serviceLevelSettings = pgTable(
  "service_level_settings",
  {
    id: boolean("id").primaryKey().default(true),
    timeZone: text("time_zone").notNull(),
    hours: jsonb("hours").$type<ServiceLevelSettings["hours"]>().notNull(),
    holidays: jsonb("holidays").$type<ServiceLevelSettings["holidays"]>().notNull(),
    targets: jsonb("targets").$type<ServiceLevelSettings["targets"]>().notNull(),
    updatedBy: keptFrom("updated_by"),
    updatedAt: updatedAt(),
  },
  (t) => [check("service_level_settings_one_row", sql`${t.id}`)],
);

/**
 * Breach warnings sent (decision 049): one row per conversation, target and the instant that target started, so
 * however many instances sweep at once, each is warned once (the insert is the claim).
 */
export const serviceLevelWarnings = pgTable(
  "service_level_warnings",
  {
    conversationKey: text("conversation_key").notNull(),
    target: text("target", { enum: TARGET_KINDS }).notNull(),
    startedAt: at("started_at").notNull(),
    dueAt: at("due_at").notNull(),
    warnedAt: at("warned_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationKey, t.target, t.startedAt] }),
    index("service_level_warnings_warned_idx").on(t.warnedAt),
  ],
);

/**
 * Snoozes (issue 31, item 2; decision 048): the inbox domain's one table. A conversation — a request's thread,
 * a member's concierge chat, a sales inquiry, keyed by kind and id — is out of the staff's list until `until`,
 * or until its member writes after `snoozed_at`: both are read at list time, so nothing wakes it but the clock
 * and the member's message, and no job runs. Goes with the member's account.
 */
export const inboxSnoozes = pgTable(
  "inbox_snoozes",
  {
    kind: text("kind", { enum: ["request", "concierge", "sales"] }).notNull(),
    conversationId: text("conversation_id").notNull(),
    memberUserId: ownedBy("member_user_id"),
    until: at("until").notNull(),
    note: text("note"),
    snoozedBy: keptFrom("snoozed_by"),
    snoozedAt: at("snoozed_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.conversationId] }),
    // The list's next wake-up: the earliest snooze still to end.
    index("inbox_snoozes_until_idx").on(t.until),
    index("inbox_snoozes_member_idx").on(t.memberUserId),
    check("inbox_snoozes_note_length", sql`char_length(${t.note}) <= 500`),
  ],
);

/**
 * A member's rating of the service (issue 31 item 5): once per delivered request (after receipt is confirmed) or
 * per finished concierge conversation (`subject`: "request:<id>" or "concierge:<member id>:<finished at>"), with
 * the staff member who owned it then and the member's plan then, so the scores hold when either changes later.
 */
export const ratings = pgTable(
  "ratings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subject: text("subject").notNull(),
    requestId: uuid("request_id").references(() => requests.id, { onDelete: "cascade" }),
    memberUserId: ownedBy("member_user_id"),
    ownerUserId: keptFrom("owner_user_id"),
    tier: planEnum("tier").notNull(),
    score: integer("score").notNull(),
    comment: text("comment").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("ratings_subject_key").on(t.subject),
    index("ratings_created_idx").on(t.createdAt),
    check("ratings_score_range", sql`${t.score} between 1 and 5`),
    check("ratings_comment_length", sql`char_length(${t.comment}) <= 1000`),
  ],
);

/**
 * The audit log (issue 31 item 6, decision 050): every staff action on money, roles, plans, member data and
 * settings, every staff sign-in and the members' own actions on money, written in the action's transaction
 * (src/server/audit). Append-only: a trigger refuses UPDATE and DELETE (migration `0028_audit_log_and_two_factor`). Rows are numbered
 * without gaps and each one's hash covers its canonical form and the previous row's hash, so `npm run cli --
 * audit verify` finds a changed or removed row. No foreign key: a deleted account's rows stay as they were.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    seq: bigint("seq", { mode: "number" }).primaryKey(),
    at: at("at").notNull(),
    actorId: text("actor_id"),
    actorRole: text("actor_role").notNull(),
    action: text("action").notNull(),
    targetKind: text("target_kind").notNull(),
    targetId: text("target_id").notNull(),
    before: jsonb("before").$type<Record<string, unknown>>().notNull(),
    after: jsonb("after").$type<Record<string, unknown>>().notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    prevHash: text("prev_hash").notNull(),
    hash: text("hash").notNull(),
  },
  (t) => [
    index("audit_log_actor_idx").on(t.actorId, t.seq),
    index("audit_log_action_idx").on(t.action, t.seq),
    index("audit_log_target_idx").on(t.targetKind, t.targetId, t.seq),
  ],
);

/** The team's security settings (decision 050): one row. */
export const securitySettings = pgTable(
  "security_settings",
  {
    id: integer("id").primaryKey().default(1),
    /** Staff and admins must have two-factor before they can do anything else. */
    twoFactorRequired: boolean("two_factor_required").notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [check("security_settings_one_row", sql`${t.id} = 1`)],
);

/**
 * Staff presence (issue 31 item 4), shared by every instance: a heartbeat per staff member and place, expiring
 * unless renewed. `place` is a conversation ("request:<id>", "concierge:<member id>") while its page is open, or
 * "app" for being active at all (any signed-in request or open stream); `typingUntil`, while they type in it.
 */
export const presence = pgTable(
  "presence",
  {
    userId: ownedBy("user_id"),
    place: text("place").notNull(),
    seenAt: at("seen_at").notNull(),
    expiresAt: at("expires_at").notNull(),
    typingUntil: at("typing_until"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.place] }), index("presence_place_idx").on(t.place, t.expiresAt)],
);
