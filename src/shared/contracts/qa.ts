/** The staff's QA tools (absent on a public deployment unless ENABLE_QA_TOOLS=true). */
import { z } from "zod";
import { timestamp } from "./common";
import { ERRORS } from "./common-texts";
import { endpoints } from "./endpoint";

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

/** Moves the test payment provider's clock (holds lapse after 7 days): hours forward, cumulative. */
export const qaClockSchema = z.object({
  hours: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
});
export const qaClockResultSchema = z.object({ now: timestamp });

/** Test mode: a bank transfer reached the open balance invoice of a request (in part, or by default in full). */
export const qaBankTransferSchema = z.object({
  requestId: z.uuid(ERRORS.requestNotFound),
  amountCents: z.number().int().min(1).optional(),
});
export const qaBankTransferResultSchema = z.object({
  status: z.string(),
  amountPaidCents: z.number(),
  amountRemainingCents: z.number(),
});

export const qaApi = endpoints({
  /** How much demo data exists. */
  "GET /admin/qa": { access: "staff", answer: qaStatusSchema },
  "POST /admin/qa/seed": { access: "staff", answer: qaSeedResultSchema, created: true },
  "DELETE /admin/qa/seed": { access: "staff", answer: qaRemoveResultSchema },
  "POST /admin/qa/fake-request": { access: "staff", answer: qaFakeRequestResultSchema, created: true },
  "POST /admin/qa/test-notification": { access: "staff", answer: qaTestNotificationResultSchema, created: true },
  /** Test mode: the payment provider's clock moved forward; due hold expiries are delivered as webhooks. */
  "POST /admin/qa/payment-clock": { access: "staff", body: qaClockSchema, answer: qaClockResultSchema },
  /** Test mode: "bank transfer received" on a request's open balance invoice (delivered as the provider's events). */
  "POST /admin/qa/bank-transfer": { access: "staff", body: qaBankTransferSchema, answer: qaBankTransferResultSchema },
  /** Test mode: the payment provider's clock back to the real time. */
  "DELETE /admin/qa/payment-clock": { access: "staff", answer: qaClockResultSchema },
});
