/** Limits that the keyed texts state (./contracts/<domain>-texts.ts), with the modules that enforce them re-exporting them. */
export const PASSWORD_MIN_LENGTH = 6;
/** better-auth's default ceiling; long enough for any passphrase, short enough to bound hashing work. */
export const PASSWORD_MAX_LENGTH = 128;
export const QUOTE_MAX_OPTIONS = 3;
/** The photos (or PDFs) of one quote option. */
export const QUOTE_OPTION_MAX_PHOTOS = 6;
export const REPLY_TITLE_MAX = 100;
export const REPLY_TEXT_MAX = 4000;
/** Saved replies the team may keep. */
export const SAVED_REPLIES_MAX = 200;
/** Files one message may carry. */
export const MESSAGE_FILES_MAX = 5;
export const SEARCH_QUERY_MIN = 2;
export const SEARCH_QUERY_MAX = 200;
/** Pages beyond this are not served: refine the search instead. */
export const SEARCH_PAGE_MAX = 50;
/** The inbox (issue 31): conversations per page, per bulk action, and a snooze's note. */
export const INBOX_PAGE_SIZE = 50;
export const INBOX_BULK_MAX = 100;
export const SNOOZE_NOTE_MAX = 500;
/** A snooze lasts a year at most. */
export const SNOOZE_MAX_DAYS = 366;
