/** GET /api/admin/outbox: what the app sent, is sending, or holds. */
import { z } from "zod";
import { timestamp } from "./common";

export const outboxListSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(["email", "webhook"]),
      status: z.enum(["pending", "sent", "failed", "held"]),
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
