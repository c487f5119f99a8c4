/**
 * The staff's inbox (issue 31, items 1 and 2; decision 048): one list of conversations — a request's thread, a
 * member's concierge chat, a sales inquiry — with who waits longest first, and snoozes. Staff only. The
 * conversations themselves (threads, replies, notes, owners) stay their domains'; this domain lists them, keeps
 * the snoozes, and passes bulk actions on through the owners' ports.
 */

import { z } from "zod";
import { INBOX_BULK_MAX, INBOX_PAGE_SIZE, SNOOZE_NOTE_MAX } from "../limits";
import { PLANS } from "../plans";
import { okSchema, timestamp } from "./common";
import { endpoints } from "./endpoint";
import { INBOX_TEXTS } from "./inbox-texts";
import { clockSchema } from "./service-levels";

export { INBOX_BULK_MAX, INBOX_PAGE_SIZE, SNOOZE_NOTE_MAX };

/** What a conversation is: a request's thread, a member's concierge chat, a sales inquiry. */
export const CONVERSATION_KINDS = ["request", "concierge", "sales"] as const;
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];
/** Whose conversations: everyone's, the viewer's, nobody's. */
export const INBOX_OWNERS = ["all", "me", "none"] as const;
export type InboxOwner = (typeof INBOX_OWNERS)[number];
/**
 * Which: `open` (every conversation not snoozed), `waiting` (of those, the ones whose member waits for an answer),
 * `snoozed` (snoozed now). A service level's "breached" is not this domain's (issue 31, item 3).
 */
export const INBOX_SHOWS = ["open", "waiting", "snoozed"] as const;
export type InboxShow = (typeof INBOX_SHOWS)[number];
/** `waiting`: who has waited longest first (then the newest message); `recent`: the newest message first. */
export const INBOX_SORTS = ["waiting", "recent"] as const;
export type InboxSort = (typeof INBOX_SORTS)[number];

const kindSchema = z.enum(CONVERSATION_KINDS, INBOX_TEXTS.badKind);
/** A conversation's id: a request's or inquiry's uuid, a concierge member's user id. */
const conversationId = z
  .string(INBOX_TEXTS.conversationNotFound)
  .min(1, INBOX_TEXTS.conversationNotFound)
  .max(100, INBOX_TEXTS.conversationNotFound);

export const conversationKeySchema = z.object({ kind: kindSchema, id: conversationId });
export type ConversationKey = z.infer<typeof conversationKeySchema>;

export const inboxQuery = z.object({
  kind: kindSchema.optional(),
  owner: z.enum(INBOX_OWNERS).default("all"),
  show: z.enum(INBOX_SHOWS).default("open"),
  sort: z.enum(INBOX_SORTS).default("waiting"),
  /** The previous page's `next` (keyset pagination). */
  after: z.string(INBOX_TEXTS.badCursor).max(400, INBOX_TEXTS.badCursor).optional(),
});

export const snoozeSchema = z.object({
  until: timestamp,
  note: z.string().max(SNOOZE_NOTE_MAX, INBOX_TEXTS.noteTooLong).nullable(),
  /** Who snoozed it (null once their account is gone). */
  by: z.string().nullable(),
});

export const conversationRowSchema = z.object({
  kind: z.enum(CONVERSATION_KINDS),
  id: z.string(),
  /** The request's title or the inquiry's subject; null for the concierge chat. */
  title: z.string().nullable(),
  /** The request's or the inquiry's status; null for the concierge chat. */
  status: z.string().nullable(),
  member: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    /** Their plan, when they have one. */
    tier: z.enum(PLANS).nullable(),
    language: z.string().nullable(),
  }),
  owner: z.object({ id: z.string(), name: z.string() }).nullable(),
  lastMessage: z.object({ body: z.string(), fromMember: z.boolean(), at: timestamp }).nullable(),
  /** The member's messages this viewer (the team, for the concierge chat) has not read; an open inquiry is 1. */
  unread: z.number().int(),
  /** When the oldest of the member's messages nobody answered yet was written; null: nobody waits. */
  waitingSince: timestamp.nullable(),
  snooze: snoozeSchema.nullable(),
  /** The conversation's service-level clock (decision 049); null for a sales inquiry or a member with no plan. */
  serviceLevel: clockSchema.nullable(),
});

export const inboxPageSchema = z.object({
  items: z.array(conversationRowSchema),
  /** The cursor of the next page; null on the last. */
  next: z.string().nullable(),
  /** Conversations whose member waits, not snoozed, by kind (the tabs' counts; the owner filter applies). */
  waiting: z.object({ request: z.number(), concierge: z.number(), sales: z.number() }),
  /** When the earliest snooze ends (the list refreshes then); null: none. */
  nextWake: timestamp.nullable(),
});

const conversationsSchema = z
  .array(conversationKeySchema, INBOX_TEXTS.chooseConversations)
  .min(1, INBOX_TEXTS.chooseConversations)
  .max(INBOX_BULK_MAX, INBOX_TEXTS.chooseConversations);

/** POST /admin/inbox/snoozes: snooze one or more conversations until a time (a preset's or the staff's own). */
export const snoozeInputSchema = z.object({
  conversations: conversationsSchema,
  until: z.iso.datetime({ offset: true, error: INBOX_TEXTS.badUntil }),
  note: z.string(INBOX_TEXTS.noteTooLong).max(SNOOZE_NOTE_MAX, INBOX_TEXTS.noteTooLong).optional(),
});
export const snoozedSchema = z.object({ snoozed: z.number().int(), until: timestamp });

/** POST /admin/inbox/actions: the same action on each conversation, through its domain. */
export const INBOX_ACTIONS = ["assign", "read", "done"] as const;
export type InboxAction = (typeof INBOX_ACTIONS)[number];
export const inboxActionSchema = z.object({
  conversations: conversationsSchema,
  action: z.enum(INBOX_ACTIONS, INBOX_TEXTS.badAction),
  /** For `assign`: the staff member's id, or null for nobody. */
  assignee: z.string().min(1).max(100).nullable().optional(),
});
/** `skipped`: conversations the action does not apply to (a sales inquiry has no owner). */
export const inboxActionResultSchema = z.object({ done: z.number().int(), skipped: z.number().int() });

export const conversationParams = conversationKeySchema;

export const inboxAdminApi = endpoints({
  "GET /admin/inbox": { access: "staff", query: inboxQuery, answer: inboxPageSchema },
  "POST /admin/inbox/snoozes": { access: "staff", body: snoozeInputSchema, answer: snoozedSchema },
  "DELETE /admin/inbox/snoozes/:kind/:id": { access: "staff", params: conversationParams, answer: okSchema },
  "POST /admin/inbox/actions": { access: "staff", body: inboxActionSchema, answer: inboxActionResultSchema },
});
