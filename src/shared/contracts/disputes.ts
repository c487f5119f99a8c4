/**
 * Card disputes on a quote's charge (issue 30), the staff's side: the request's dispute with its deadline and the
 * evidence pack the app builds, the evidence submitted once, and (test mode, QA tools) a dispute opened or decided
 * as a bank would.
 */
import { z } from "zod";
import { multiLine } from "../schemas";
import { timestamp } from "./common";
import { endpoints } from "./endpoint";
import { requestIdParams } from "./requests";

const evidenceText = multiLine().pipe(z.string().max(20_000));

/** Stripe's dispute evidence, as text fields (the bank reads these). */
export const disputeEvidenceSchema = z.object({
  product_description: evidenceText,
  customer_name: evidenceText,
  customer_email_address: evidenceText,
  service_date: evidenceText,
  shipping_documentation_text: evidenceText,
  customer_communication: evidenceText,
  uncategorized_text: evidenceText,
});

export const disputeViewSchema = z.object({
  /** The test mode's bank can open and decide disputes here (test payments with the QA tools on). */
  testBank: z.boolean(),
  dispute: z
    .object({
      id: z.string(),
      /** The provider's id (dp_…), to find it in the provider's dashboard. */
      providerDisputeId: z.string(),
      /** The provider's status: warning_needs_response, needs_response, under_review, won, lost, … */
      status: z.string(),
      amountCents: z.number(),
      reason: z.string(),
      evidenceDueBy: timestamp.nullable(),
      evidenceSubmittedAt: timestamp.nullable(),
      /** Evidence can still be submitted. */
      answerable: z.boolean(),
      createdAt: timestamp,
      evidence: disputeEvidenceSchema,
    })
    .nullable(),
});

export const DISPUTE_REASONS = ["fraudulent", "product_not_received", "product_unacceptable", "duplicate"] as const;

export const disputesAdminApi = endpoints({
  "GET /admin/requests/:id/dispute": { access: "staff", params: requestIdParams, answer: disputeViewSchema },
  /** Submits the reviewed evidence to the bank, once (409 after). */
  "POST /admin/requests/:id/dispute/evidence": {
    access: "staff",
    params: requestIdParams,
    body: disputeEvidenceSchema,
    answer: disputeViewSchema,
  },
  /** Test mode with the QA tools on: the member's bank opens a dispute on the captured payment. */
  "POST /admin/requests/:id/dispute/test-open": {
    access: "staff",
    params: requestIdParams,
    body: z.object({ reason: z.enum(DISPUTE_REASONS).default("product_not_received") }),
    answer: disputeViewSchema,
  },
  /** Test mode with the QA tools on: the bank decides the dispute. */
  "POST /admin/requests/:id/dispute/test-close": {
    access: "staff",
    params: requestIdParams,
    body: z.object({ outcome: z.enum(["won", "lost"]) }),
    answer: disputeViewSchema,
  },
});
