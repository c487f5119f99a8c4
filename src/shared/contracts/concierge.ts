/** The Executive Concierge chat (Gold and Black members) and the staff's side of it. */
import { z } from "zod";
import { timestamp } from "./common";

export { adminReplySchema, conciergeMessageSchema } from "../schemas";

export const conciergeMessageItem = z.object({
  id: z.string(),
  message: z.string(),
  senderRole: z.enum(["user", "admin"]),
  /** The staff member who replied (name or email); null for the member's own messages. */
  staffName: z.string().nullable(),
  read: z.boolean(),
  createdAt: timestamp,
});

export const conciergeThreadSchema = z.object({
  messages: z.array(conciergeMessageItem),
  /** Whether the member may write (Gold or Black); a member who downgraded keeps reading their history. */
  canSend: z.boolean(),
  unread: z.number(),
});

export const conciergeConversationsSchema = z.object({
  items: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      email: z.string(),
      lastMessage: z.string(),
      lastMessageAt: timestamp,
      unread: z.number(),
    }),
  ),
});

export const memberParams = z.object({ userId: z.string().min(1).max(100) });
