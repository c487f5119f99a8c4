/** GET /api/dashboard: the member's five most recent requests and the counters over them. */
import { z } from "zod";
import { REQUEST_CATEGORIES, REQUEST_STATUSES, URGENCIES } from "../requests";
import { timestamp } from "./common";

export const dashboardSchema = z.object({
  recent: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      category: z.enum(REQUEST_CATEGORIES),
      status: z.enum(REQUEST_STATUSES),
      urgency: z.enum(URGENCIES),
      budgetEur: z.number(),
      createdAt: timestamp,
    }),
  ),
  counts: z.object({ total: z.number(), active: z.number(), delivered: z.number() }),
});
