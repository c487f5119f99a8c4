/**
 * Refunds of a quote's payment (issue 30, decision 033): what staff ask for, and each refund as the quote shows it
 * to staff and the member. The endpoint is in quotesAdminApi (./quotes.ts): refunds belong to the quotes domain.
 */
import { z } from "zod";
import { QUOTE_MESSAGES, REFUND_MESSAGES } from "../messages";
import { multiLine } from "../schemas";
import { timestamp } from "./common";

export const REFUND_STATUSES = ["pending", "succeeded", "failed", "canceled"] as const;
export const REFUND_REASON_MIN = 3;

/** POST /admin/requests/:id/refunds: an amount of what was captured, a reason, and the dialog's own key. */
export const refundInput = z.object({
  amountCents: z.number().int(QUOTE_MESSAGES.wholeCents).min(1, QUOTE_MESSAGES.amountTooLow),
  reason: multiLine().pipe(z.string().trim().min(REFUND_REASON_MIN, REFUND_MESSAGES.reasonRequired).max(1000)),
  /** Generated once per dialog: the same key is the same refund, however often it is sent. */
  idempotencyKey: z.uuid(REFUND_MESSAGES.keyInvalid),
  /** What is refunded: the captured hold (the default), or the request's paid balance invoice. */
  source: z.enum(["hold", "invoice"]).default("hold"),
});

export const refundSchema = z.object({
  id: z.string(),
  /** What was refunded: the captured hold, or a paid balance invoice. */
  source: z.enum(["hold", "invoice"]),
  amountCents: z.number(),
  /** The team's reason; empty for a refund made at the provider (Stripe's dashboard). */
  reason: z.string(),
  status: z.enum(REFUND_STATUSES),
  /** The provider's reason for a failed refund. */
  failure: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
