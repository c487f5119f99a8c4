/** The Executive Concierge chat (Gold and Black members) and the staff's side of it. */
import { z } from "zod";
import { LOCALES } from "../locales";
import { messageFileSchema } from "../message-files";
import { newNoteSchema, notesSchema } from "../notes";
import { adminReplySchema, conciergeMessageSchema, conciergeReplySchema } from "../schemas";
import { staffCardSchema } from "../staff-card";
import { createdIdSchema, okSchema, timestamp } from "./common";
import { ERRORS } from "./common-texts";
import { endpoints } from "./endpoint";

export { adminReplySchema, conciergeMessageSchema, conciergeReplySchema };

export const conciergeMessageItem = z.object({
  id: z.string(),
  message: z.string(),
  senderRole: z.enum(["user", "admin"]),
  /** The staff member who replied (name or email); null for the member's own messages. */
  staffName: z.string().nullable(),
  /** The staff member's photo (issue 34 item 1). */
  staffPhotoUrl: z.string().nullable(),
  read: z.boolean(),
  createdAt: timestamp,
  /** Photos and PDFs sent with it (issue 22 item 6). */
  files: z.array(messageFileSchema),
});

export const conciergeThreadSchema = z.object({
  messages: z.array(conciergeMessageItem),
  /** Whether the member may write (Gold or Black); a member who downgraded keeps reading their history. */
  canSend: z.boolean(),
  unread: z.number(),
  /** The staff member who owns the conversation, as the member sees them (issue 34 item 1); null: the team. */
  concierge: staffCardSchema.nullable(),
});

export const conciergeConversationsSchema = z.object({
  items: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      email: z.string(),
      /** The member's interface language (their emails are written in it). */
      language: z.enum(LOCALES),
      lastMessage: z.string(),
      lastMessageAt: timestamp,
      unread: z.number(),
      /** The staff member who owns the conversation (issue 22, item 1). */
      assignee: z.object({ id: z.string(), name: z.string() }).nullable(),
    }),
  ),
});
/** The inbox's owner filter: "me", "none", or "all" (absent). */
export const conciergeListQuery = z.object({ assignee: z.enum(["all", "me", "none"]).optional() });

/**
 * The team's median first reply to requests over the last 30 days (issue 22, item 5), shown beside "Usually
 * replies within minutes" when at least REPLY_TIME_MIN_SAMPLE requests were answered; else null.
 */
export const REPLY_TIME_MIN_SAMPLE = 5;
export const replyTimeSchema = z.object({ medianMinutes: z.number().nullable() });

/** A concierge conversation's owner (issue 22, item 1): a staff member's id, or null to unassign. */
export const conciergeAssignSchema = z.object({ userId: z.string().min(1).max(100).nullable() });
export const conciergeAssignedSchema = z.object({
  userId: z.string(),
  assignee: z.object({ id: z.string(), name: z.string() }).nullable(),
});

export const memberParams = z.object({ userId: z.string().min(1).max(100) });
export const conciergeFileParams = z.object({ fileId: z.uuid(ERRORS.fileNotFound) });
export const memberFileParams = memberParams.extend({ fileId: z.uuid(ERRORS.fileNotFound) });

export const conciergeApi = endpoints({
  /** The member's own thread: with the plan, or when there is history to read after a downgrade. */
  "GET /concierge/messages": { access: "user", answer: conciergeThreadSchema },
  "POST /concierge/messages": { access: "user", body: conciergeMessageSchema, answer: createdIdSchema, created: true },
  /** One multipart photo or PDF for the member's next message (with the plan), pending until it is sent. */
  "POST /concierge/files": { access: "user", upload: true, answer: messageFileSchema, created: true },
  /** A sent file of the member's own chat. */
  "GET /concierge/files/:fileId": { access: "user", params: conciergeFileParams },
  /** The member read the staff's messages (and their notifications about them). */
  "POST /concierge/read": { access: "user", answer: okSchema },
  /** "…is typing" to the staff: an event, never stored. */
  "POST /concierge/typing": { access: "user", answer: okSchema },
  "GET /concierge/reply-time": { access: "user", answer: replyTimeSchema },
});

export const conciergeAdminApi = endpoints({
  "GET /admin/concierge": { access: "staff", query: conciergeListQuery, answer: conciergeConversationsSchema },
  "POST /admin/concierge/:userId/assignee": {
    access: "staff",
    params: memberParams,
    body: conciergeAssignSchema,
    answer: conciergeAssignedSchema,
  },
  "GET /admin/concierge/:userId": { access: "staff", params: memberParams, answer: conciergeThreadSchema },
  /** The member's messages read (for the whole team), and this staff member's notifications about them. */
  "POST /admin/concierge/:userId/read": { access: "staff", params: memberParams, answer: okSchema },
  "POST /admin/concierge/:userId": {
    access: "staff",
    params: memberParams,
    body: conciergeReplySchema,
    answer: createdIdSchema,
    created: true,
  },
  /** Internal notes on the member's conversation: staff only (decision 021). */
  "GET /admin/concierge/:userId/notes": { access: "staff", params: memberParams, answer: notesSchema },
  "POST /admin/concierge/:userId/notes": {
    access: "staff",
    params: memberParams,
    body: newNoteSchema,
    answer: createdIdSchema,
    created: true,
  },
  /** One multipart photo or PDF for the staff's next reply to this member, pending until it is sent. */
  "POST /admin/concierge/:userId/files": {
    access: "staff",
    params: memberParams,
    upload: true,
    answer: messageFileSchema,
    created: true,
  },
  "GET /admin/concierge/:userId/files/:fileId": { access: "staff", params: memberFileParams },
  "POST /admin/concierge/:userId/typing": { access: "staff", params: memberParams, answer: okSchema },
});
