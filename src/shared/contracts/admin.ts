/**
 * The admin area at work (issue 13): the request pipeline (list, CSV, detail's client panel), the operations
 * dashboard and the QA tools. Staff only; the server refuses everyone else.
 */
import { z } from "zod";
import { PLANS, SUBSCRIPTION_STATUSES } from "../plans";
import { REQUEST_CATEGORIES, REQUEST_STATUSES } from "../requests";
import { searchText } from "../schemas";
import { timestamp } from "./common";
import { requestSummarySchema } from "./requests";

export const PIPELINE_SORTS = ["created", "budget"] as const;
export type PipelineSort = (typeof PIPELINE_SORTS)[number];
/** Counting stops here: past it the list says "10,000+" rather than count a million rows on every refresh. */
export const PIPELINE_COUNT_CAP = 10_000;

/** GET /api/admin/requests and /api/admin/requests.csv: every filter, the sort and the page live in the URL. */
export const pipelineQuery = z.object({
  q: searchText().optional(),
  /** "all" (or absent): every status. */
  status: z.enum(["all", ...REQUEST_STATUSES]).optional(),
  category: z.enum(["all", ...REQUEST_CATEGORIES]).optional(),
  sort: z.enum(PIPELINE_SORTS).default("created"),
  dir: z.enum(["asc", "desc"]).default("desc"),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type PipelineQuery = z.input<typeof pipelineQuery>;

export const pipelineItemSchema = requestSummarySchema.extend({
  client: z.object({ id: z.string(), name: z.string(), email: z.string() }),
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
  }),
  otherRequests: z.array(requestSummarySchema),
});

/** GET /api/admin/stats: the operations dashboard. Each part is one aggregate query. */
export const adminStatsSchema = z.object({
  cards: z.object({
    total: z.number(),
    new: z.number(),
    sourcing: z.number(),
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
});

// QA tools ------------------------------------------------------------------------------------------------

export const QA_NO_CLIENT = "No client user found. Please seed data first.";
export const QA_NO_REQUEST = "No requests found. Create a fake request first.";

export const qaStatusSchema = z.object({
  seeded: z.object({ clients: z.number(), requests: z.number() }),
});
export const qaSeedResultSchema = z.object({
  clients: z.number(),
  requests: z.number(),
  messages: z.number(),
  inquiries: z.number(),
  conciergeMessages: z.number(),
});
export const qaRemoveResultSchema = z.object({ clients: z.number(), requests: z.number() });
export const qaFakeRequestResultSchema = z.object({ id: z.string(), title: z.string(), client: z.string() });
export const qaTestNotificationResultSchema = z.object({ id: z.string(), requestId: z.string() });
