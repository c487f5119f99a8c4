/** Sourcing requests and their message threads: the member's and the staff's routes. */
import { z } from "zod";
import { REQUEST_CATEGORIES, REQUEST_STATUSES, URGENCIES } from "../requests";
import { searchText } from "../schemas";
import { timestamp } from "./common";

export { newRequestSchema, requestMessageSchema, statusChangeSchema } from "../schemas";

export const requestIdParams = z.object({ id: z.uuid("Request not found") });

/** A request as its lists show it. */
export const requestSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  category: z.enum(REQUEST_CATEGORIES),
  status: z.enum(REQUEST_STATUSES),
  urgency: z.enum(URGENCIES),
  budgetEur: z.number(),
  createdAt: timestamp,
});

/** GET /api/dashboard: the five most recent requests, and counters over all of the member's requests. */
export const dashboardSchema = z.object({
  recent: z.array(requestSummarySchema),
  counts: z.object({ total: z.number(), active: z.number(), delivered: z.number() }),
});

export const requestListQuery = z.object({
  q: searchText().optional(),
  status: z.enum(REQUEST_STATUSES).optional(),
  category: z.enum(REQUEST_CATEGORIES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const requestListSchema = z.object({
  items: z.array(requestSummarySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

export const attachmentSchema = z.object({ name: z.string(), type: z.string(), size: z.number() });

export const requestDetailSchema = requestSummarySchema.extend({
  notes: z.string(),
  phoneNumber: z.string(),
  attachment: attachmentSchema.nullable(),
  client: z.object({ id: z.string(), name: z.string(), email: z.string() }),
});

export const messageSchema = z.object({
  id: z.string(),
  body: z.string(),
  createdAt: timestamp,
  /** Null once the sender's account is gone. */
  sender: z.object({ id: z.string(), name: z.string(), email: z.string(), isStaff: z.boolean() }).nullable(),
  mine: z.boolean(),
  /** Read by the other side: a member's message by any staff member, the team's by the member. */
  read: z.boolean(),
});
export const threadSchema = z.object({ messages: z.array(messageSchema) });

export const createdRequestSchema = z.object({ id: z.string(), remainingThisMonth: z.number().nullable() });
export const allowanceSchema = z.object({
  canCreate: z.boolean(),
  /** Null: unlimited. */
  limit: z.number().nullable(),
  usedThisMonth: z.number(),
  remainingThisMonth: z.number().nullable(),
  /** The day the count starts again: the first day of next month in Lisbon, "YYYY-MM-DD". */
  renewsOn: z.iso.date(),
});

/** /messages: the member's requests with their thread's last message, newest activity first. */
export const conversationsSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      category: z.enum(REQUEST_CATEGORIES),
      lastMessage: z.string().nullable(),
      lastMessageAt: timestamp.nullable(),
      messageCount: z.number(),
      unread: z.number(),
    }),
  ),
});

export const unreadSchema = z.object({ unread: z.number() });

export const activitySchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      action: z.string(),
      details: z.record(z.string(), z.unknown()).nullable(),
      actor: z.string().nullable(),
      createdAt: timestamp,
    }),
  ),
});

/** Staff inbox, Requests tab. */
export const staffUnreadMessagesSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      body: z.string(),
      createdAt: timestamp,
      request: z.object({ id: z.string(), title: z.string() }),
      member: z.object({ name: z.string(), email: z.string() }),
    }),
  ),
});
export const messageIdParams = z.object({ id: z.uuid("Message not found") });

/** The admin sidebar's badges: Requests (New + Sourcing), Messages (unread), Notifications (unread). */
export const adminBadgesSchema = z.object({
  requests: z.number(),
  messages: z.number(),
  notifications: z.number(),
  /** The email banner: whether SMTP is configured, and how many messages the outbox holds unsent. */
  mail: z.object({ configured: z.boolean(), held: z.number() }),
});
