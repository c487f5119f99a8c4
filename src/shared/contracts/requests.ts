/**
 * Sourcing requests and their message threads: the member's endpoints (requestsApi) and the staff's
 * (requestsAdminApi: the pipeline, a request's client panel, status changes, activity, the inbox's Requests tab
 * and the operations dashboard).
 */
import { z } from "zod";
import { LOCALES } from "../locales";
import { messageFileSchema } from "../message-files";
import { newNoteSchema, notesSchema } from "../notes";
import { PLANS, SUBSCRIPTION_STATUSES } from "../plans";
import { HOLD_STATUSES } from "../quotes";
import { EDITABLE_FIELDS, REQUEST_CATEGORIES, REQUEST_STATUSES, URGENCIES } from "../requests";
import {
  newRequestSchema,
  requestChangesSchema,
  requestMessageSchema,
  searchText,
  statusChangeSchema,
} from "../schemas";
import { staffCardSchema } from "../staff-card";
import { TIMELINE_ACTORS } from "../timeline";
import { createdIdSchema, okSchema, timestamp } from "./common";
import { ERRORS } from "./common-texts";
import { endpoints } from "./endpoint";
import { REQUEST_ERRORS } from "./requests-texts";

export { newRequestSchema, requestChangesSchema, requestMessageSchema, statusChangeSchema };

export const requestIdParams = z.object({ id: z.uuid(ERRORS.requestNotFound) });
/** A file of a request's thread (issue 22 item 6). */
export const messageFileParams = requestIdParams.extend({ fileId: z.uuid(ERRORS.fileNotFound) });

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
  /** The member's optional deadline, "YYYY-MM-DD" (issue 22 item 7). */
  deadline: z.string().nullable(),
  client: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  /** False once money has moved (a card hold was ever authorised): the request is kept (issue 30 item 4). */
  deletable: z.boolean(),
  /** The staff member who owns it, as the member sees them (issue 34 item 1); null: the team. */
  concierge: staffCardSchema.nullable(),
});

export const messageSchema = z.object({
  id: z.string(),
  body: z.string(),
  createdAt: timestamp,
  /** Null once the sender's account is gone. */
  sender: z
    .object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      isStaff: z.boolean(),
      /** A staff member's photo (issue 34 item 1). */
      photoUrl: z.string().nullable(),
    })
    .nullable(),
  mine: z.boolean(),
  /** Read by the other side: a member's message by any staff member, the team's by the member. */
  read: z.boolean(),
  /** Photos and PDFs sent with it (issue 22 item 6). */
  files: z.array(messageFileSchema),
  /** The quote's option it asks about: its place in the quote (from 1) and title (issue 34 item 2). */
  about: z.object({ optionId: z.string(), number: z.number(), title: z.string() }).nullable(),
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

/** GET /requests/:id/timeline: what happened, in the member's words (src/shared/timeline.ts), oldest first. */
export const timelineSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      /** The English; `key` (and `amountCents`, for an amount) let the client say it in the reader's language. */
      text: z.string(),
      key: z.string(),
      amountCents: z.number().int().optional(),
      actor: z.enum(TIMELINE_ACTORS),
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
export const messageIdParams = z.object({ id: z.uuid(REQUEST_ERRORS.messageNotFound) });

/** The admin sidebar's badges: Requests (New + Sourcing), Messages (unread), Notifications (unread). */
export const adminBadgesSchema = z.object({
  requests: z.number(),
  messages: z.number(),
  notifications: z.number(),
  /** The email banner: whether SMTP is configured, and how many messages the outbox holds unsent. */
  mail: z.object({ configured: z.boolean(), held: z.number() }),
});

// The staff's pipeline and operations dashboard ------------------------------------------------------

/** The pipeline's and the inbox's owner filter (issue 22, item 1). */
export const ASSIGNEE_FILTERS = ["all", "me", "none"] as const;
export type AssigneeFilter = (typeof ASSIGNEE_FILTERS)[number];

/** A staff member a request or a conversation can be given to. */
export const assigneeSchema = z.object({ id: z.string(), name: z.string() });
export const assigneesSchema = z.object({ items: z.array(assigneeSchema) });
/** POST /admin/requests/:id/assignee: a staff member's id, or null to unassign. */
export const assignSchema = z.object({ userId: z.string().min(1).max(100).nullable() });
export const assignedSchema = z.object({ id: z.string(), assignee: assigneeSchema.nullable() });

/** GET /admin/requests/:id/handling: who owns the request, and how long it took (minutes; null: not yet). */
export const requestHandlingSchema = z.object({
  assignee: assigneeSchema.nullable(),
  firstReplyMinutes: z.number().nullable(),
  resolutionMinutes: z.number().nullable(),
});

/** The staff member's own assignment setting: new requests given to them in turn. */
export const roundRobinSchema = z.object({ enabled: z.boolean() });

/** GET /api/admin/requests and /api/admin/requests.csv: every filter, the sort and the page live in the URL. */
export const PIPELINE_SORTS = ["created", "budget"] as const;
export type PipelineSort = (typeof PIPELINE_SORTS)[number];
/** Counting stops here: past it the list says "10,000+" rather than count a million rows on every refresh. */
export const PIPELINE_COUNT_CAP = 10_000;

export const pipelineQuery = z.object({
  q: searchText().optional(),
  /** "all" (or absent): every status. */
  status: z.enum(["all", ...REQUEST_STATUSES]).optional(),
  category: z.enum(["all", ...REQUEST_CATEGORIES]).optional(),
  /** "me": assigned to the caller; "none": unassigned; "all" (or absent): either (issue 22, item 1). */
  assignee: z.enum(ASSIGNEE_FILTERS).optional(),
  sort: z.enum(PIPELINE_SORTS).default("created"),
  dir: z.enum(["asc", "desc"]).default("desc"),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type PipelineQuery = z.input<typeof pipelineQuery>;

export const pipelineItemSchema = requestSummarySchema.extend({
  client: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  /** The request's newest card hold, if any (issue 21): the pipeline flags one expiring within 24 h. */
  hold: z
    .object({ status: z.enum(HOLD_STATUSES), expiresAt: timestamp.nullable() })
    .nullable()
    .optional(),
  /** The staff member who owns it (issue 22, item 1). */
  assignee: assigneeSchema.nullable(),
});
export const pipelineSchema = z.object({
  items: z.array(pipelineItemSchema),
  /** Matching rows, counted up to PIPELINE_COUNT_CAP. */
  total: z.number(),
  /** True when there are more than `total` (the count stopped at the cap). */
  totalCapped: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
});

/** GET /api/admin/requests/:id/client: who asked, and what else they asked for. */
export const requestClientSchema = z.object({
  client: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    plan: z.enum(PLANS).nullable(),
    subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES).nullable(),
    memberSince: timestamp,
    /** The interface language the member chose: the one their emails and notifications are written in. */
    language: z.enum(LOCALES),
  }),
  otherRequests: z.array(requestSummarySchema),
});

/** GET /api/admin/stats: the operations dashboard. Each part is one aggregate query. */
export const adminStatsSchema = z.object({
  cards: z.object({
    total: z.number(),
    new: z.number(),
    sourcing: z.number(),
    /** Delivered requests (issue 21: the loop's end). */
    delivered: z.number(),
    clients: z.number(),
    unreadMessages: z.number(),
  }),
  /** The last 12 weeks (Monday first, oldest first, Lisbon time), each with its count per category. */
  weekly: z.array(
    z.object({
      weekStart: z.string(),
      counts: z.record(z.enum(REQUEST_CATEGORIES), z.number()),
    }),
  ),
  /** Requests by their current status, in the pipeline's order. */
  funnel: z.array(z.object({ status: z.enum(REQUEST_STATUSES), count: z.number() })),
  /** Time from a request's creation to the first staff message, for requests created in the last 30 days. */
  firstReply: z.object({
    medianMinutes: z.number().nullable(),
    replied: z.number(),
    waiting: z.number(),
    /** The last 30 days, oldest first: the median for the requests created that day (null: no reply yet). */
    daily: z.array(z.object({ day: z.string(), medianMinutes: z.number().nullable(), replied: z.number() })),
  }),
  /**
   * Per staff member over the same 30 days (issue 22, item 5): the median first reply on requests they answered
   * first, and the median resolution (created to Delivered or Failed) of the requests assigned to them.
   */
  byStaff: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      firstReplyMinutes: z.number().nullable(),
      replied: z.number(),
      resolutionMinutes: z.number().nullable(),
      resolved: z.number(),
    }),
  ),
});

export const statusChangedSchema = z.object({ id: z.string(), status: z.enum(REQUEST_STATUSES) });

/** PATCH /api/requests/:id: the fields that changed (none when every value was already so). */
export const requestChangedSchema = z.object({ changed: z.array(z.enum(EDITABLE_FIELDS)) });

export const requestsApi = endpoints({
  /** The member's dashboard: the five most recent requests and the counters. */
  "GET /dashboard": { access: "member", answer: dashboardSchema },
  "GET /requests/allowance": { access: "user", answer: allowanceSchema },
  "POST /requests": { access: "user", body: newRequestSchema, answer: createdRequestSchema, created: true },
  "GET /requests": { access: "user", query: requestListQuery, answer: requestListSchema },
  "GET /requests/:id": { access: "user", params: requestIdParams, answer: requestDetailSchema },
  "DELETE /requests/:id": { access: "user", params: requestIdParams, answer: okSchema },
  /** The owner changes budget, notes, urgency or deadline while New or Sourcing (409 after; 404 to anyone else). */
  "PATCH /requests/:id": {
    access: "user",
    params: requestIdParams,
    body: requestChangesSchema,
    answer: requestChangedSchema,
  },
  /** The owner withdraws it while New or Sourcing: Withdrawn, history kept. */
  "POST /requests/:id/withdraw": { access: "user", params: requestIdParams, answer: statusChangedSchema },
  /** One multipart file: the request's attachment (replacing an earlier one). */
  "POST /requests/:id/attachment": {
    access: "user",
    params: requestIdParams,
    upload: true,
    answer: attachmentSchema,
    created: true,
  },
  /** The file itself, to those who may see the request. */
  "GET /requests/:id/attachment": { access: "user", params: requestIdParams },
  "GET /requests/:id/messages": { access: "user", params: requestIdParams, answer: threadSchema },
  "POST /requests/:id/messages": {
    access: "user",
    params: requestIdParams,
    body: requestMessageSchema,
    answer: createdIdSchema,
    created: true,
  },
  /** One multipart photo or PDF for a message of the thread, kept pending until a message references it. */
  "POST /requests/:id/messages/files": {
    access: "user",
    params: requestIdParams,
    upload: true,
    answer: messageFileSchema,
    created: true,
  },
  /** A sent file of the thread, to those who may see the request (404 otherwise). */
  "GET /requests/:id/messages/files/:fileId": { access: "user", params: messageFileParams },
  /** Marks every message from the other side read, with the reader's notifications about the thread. */
  "POST /requests/:id/read": { access: "user", params: requestIdParams, answer: okSchema },
  /** The member's timeline of their request (owner only: 404 to anyone else, staff included). */
  "GET /requests/:id/timeline": { access: "user", params: requestIdParams, answer: timelineSchema },
  "GET /messages/conversations": { access: "user", answer: conversationsSchema },
  "GET /messages/unread": { access: "user", answer: unreadSchema },
});

export const requestsAdminApi = endpoints({
  "GET /admin/requests": { access: "staff", query: pipelineQuery, answer: pipelineSchema },
  /** The filtered pipeline as CSV (at most PIPELINE_COUNT_CAP rows). */
  "GET /admin/requests.csv": { access: "staff", query: pipelineQuery },
  "GET /admin/requests/:id/client": { access: "staff", params: requestIdParams, answer: requestClientSchema },
  "GET /admin/requests/:id/activity": { access: "staff", params: requestIdParams, answer: activitySchema },
  /** Internal notes on the request: staff only, never in any member's answer (decision 021). */
  "GET /admin/requests/:id/notes": { access: "staff", params: requestIdParams, answer: notesSchema },
  "POST /admin/requests/:id/notes": {
    access: "staff",
    params: requestIdParams,
    body: newNoteSchema,
    answer: createdIdSchema,
    created: true,
  },
  "POST /admin/requests/:id/status": {
    access: "staff",
    params: requestIdParams,
    body: statusChangeSchema,
    answer: statusChangedSchema,
  },
  "GET /admin/stats": { access: "staff", answer: adminStatsSchema },
  /** Issue 22, items 1 and 5: who may own a request, assigning it, and a request's reply and resolution times. */
  "GET /admin/assignees": { access: "staff", answer: assigneesSchema },
  "POST /admin/requests/:id/assignee": {
    access: "staff",
    params: requestIdParams,
    body: assignSchema,
    answer: assignedSchema,
  },
  "GET /admin/requests/:id/handling": { access: "staff", params: requestIdParams, answer: requestHandlingSchema },
  "GET /admin/assignment/round-robin": { access: "staff", answer: roundRobinSchema },
  "PUT /admin/assignment/round-robin": { access: "staff", body: roundRobinSchema, answer: roundRobinSchema },
  "GET /admin/badges": { access: "staff", answer: adminBadgesSchema },
  /** The inbox's Requests tab: members' messages this staff member has not read. */
  "GET /admin/inbox/messages": { access: "staff", answer: staffUnreadMessagesSchema },
  "POST /admin/inbox/messages/:id/read": { access: "staff", params: messageIdParams, answer: okSchema },
  "DELETE /admin/inbox/messages/:id/read": { access: "staff", params: messageIdParams, answer: okSchema },
});
