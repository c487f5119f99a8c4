/** The staff's QA tools (absent on a public deployment unless ENABLE_QA_TOOLS=true). */
import { z } from "zod";
import { endpoints } from "./endpoint";

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

export const qaApi = endpoints({
  /** How much demo data exists. */
  "GET /admin/qa": { access: "staff", answer: qaStatusSchema },
  "POST /admin/qa/seed": { access: "staff", answer: qaSeedResultSchema, created: true },
  "DELETE /admin/qa/seed": { access: "staff", answer: qaRemoveResultSchema },
  "POST /admin/qa/fake-request": { access: "staff", answer: qaFakeRequestResultSchema, created: true },
  "POST /admin/qa/test-notification": { access: "staff", answer: qaTestNotificationResultSchema, created: true },
});
