/** GET /api/admin/outbox: what the app sent, is sending, or holds. */
import { z } from "zod";
import { timestamp } from "./common";

export const OUTBOX_STATUSES = ["pending", "sent", "failed", "held"] as const;
export const outboxListQuery = z.object({ status: z.enum(["all", ...OUTBOX_STATUSES]).optional() });
export const outboxIdParams = z.object({ id: z.uuid("Delivery not found") });
export const RETRY_ONLY_FAILED = "Only a failed delivery can be retried.";

export const outboxListSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(["email", "webhook"]),
      status: z.enum(OUTBOX_STATUSES),
      to: z.string().nullable(),
      subject: z.string().nullable(),
      reason: z.string().nullable(),
      /** Never the text of a message holding a one-time link. */
      text: z.string().nullable(),
      attempts: z.number(),
      lastError: z.string().nullable(),
      createdAt: timestamp,
      sentAt: timestamp.nullable(),
    }),
  ),
});
