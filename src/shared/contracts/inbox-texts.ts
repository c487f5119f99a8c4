/**
 * The inbox domain's texts both sides say, keyed (decision 028), beside its contract (./inbox.ts). A new text
 * gets an id under "inbox.", then `npm run i18n:extract` and its Portuguese in src/shared/locales/pt-PT.po.
 */
import { INBOX_BULK_MAX, SNOOZE_NOTE_MAX } from "../limits";
import { type Keyed, keyed } from "../texts";

export const INBOX_DESCRIPTORS = {
  conversationNotFound: /*i18n*/ { id: "inbox.conversation_not_found", message: "Conversation not found" },
  badKind: /*i18n*/ { id: "inbox.bad_kind", message: "Choose requests, concierge or sales" },
  badCursor: /*i18n*/ { id: "inbox.bad_cursor", message: "This page of the inbox is no longer valid" },
  untilPast: /*i18n*/ { id: "inbox.until_past", message: "Choose a time in the future" },
  untilFar: /*i18n*/ { id: "inbox.until_far", message: "A snooze can last a year at most" },
  badUntil: /*i18n*/ { id: "inbox.bad_until", message: "Choose when the conversation comes back" },
  noteTooLong: /*i18n*/ {
    id: "inbox.note_too_long",
    message: "The note is limited to {max} characters",
    values: { max: SNOOZE_NOTE_MAX },
  },
  chooseConversations: /*i18n*/ {
    id: "inbox.choose_conversations",
    message: "Choose from 1 to {max} conversations",
    values: { max: INBOX_BULK_MAX },
  },
  badAction: /*i18n*/ { id: "inbox.bad_action", message: "Choose assign, mark read or done" },
} satisfies Record<string, Keyed>;
export const INBOX_TEXTS = keyed(INBOX_DESCRIPTORS);
