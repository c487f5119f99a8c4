/**
 * A notification's title and body kept as keys with their values (issue 34 item 4, decision 045), said in its
 * reader's language when it is read: a staff member who switches to Portuguese reads yesterday's notices in
 * Portuguese too, with Portuguese dates and amounts.
 *
 * A notice's texts are a function of the reader (`Notice.texts`), which composes keyed texts, names, excerpts of
 * messages, amounts and dates. `recordTexts` runs it once with a reader that, instead of translating, leaves a
 * mark (a private-use character, a nonce no one can type, an index) for each keyed text, amount and date, and
 * reads the marks back out of the title and body: what stays literal (a name, a member's words) is kept as it
 * is, and each mark becomes its key and values, recursively (a status's label inside a title). `sayStored` says
 * the result in a language. The row's `title` and `body` columns keep the text as first written, for rows from
 * before (no `message`) and in case a stored key cannot be said.
 */
import { randomBytes } from "node:crypto";
import type { Notice, NoticeReader } from "@/shared/contracts/notifications";
import { BURST_COUNT } from "@/shared/contracts/notifications";
import { type DateInput, type DateStyle, formatDate, formatEuro, formatUtcTime } from "@/shared/format";
import { DEFAULT_LOCALE, type Locale } from "@/shared/locales";
import type { Keyed } from "@/shared/texts";
import { translate, translator } from "../../i18n";

/** A keyed text: its key (`k`), its English when written (`m`, said when a language lacks the key) and values. */
export interface StoredKeyed {
  k: string;
  m: string;
  v?: Record<string, StoredPiece>;
}
/** An amount in euro, or a date in one of format.ts's shapes (an ISO instant or a calendar day). */
export type StoredAmount = { euro: number };
export type StoredDate = { date: string; style: DateStyle | "utc" };
/** A piece of text: literal, a number (a value), a keyed text, an amount, a date, or pieces one after another. */
export type StoredPiece = string | number | StoredKeyed | StoredAmount | StoredDate | StoredPiece[];

/** What a notifications row keeps in `message`: its title, body and, for a conversation, its burst's title. */
export interface StoredMessage {
  title: StoredPiece;
  body: StoredPiece;
  burstTitle?: StoredPiece;
}

const formatIn = (locale: Locale, value: DateInput, style: DateStyle | "utc") =>
  style === "utc" ? formatUtcTime(value, locale) : formatDate(value, style, locale);

/** A reader in `locale`: what the notice's emails and pushes are written with. */
export function readerIn(locale: Locale): NoticeReader {
  return {
    t: translator(locale),
    locale,
    euro: (amount) => formatEuro(amount, locale),
    date: (value, style) => formatIn(locale, value, style),
  };
}

const toWire = (value: DateInput): string =>
  typeof value === "string" ? value : new Date(value instanceof Date ? value.getTime() : value).toISOString();

/**
 * The notice's title, body and burst title as keys and values; null if its texts cannot be recorded (they then
 * stay as written, in the recipient's language).
 */
export function recordTexts(notice: Pick<Notice, "texts">): StoredMessage | null {
  const nonce = randomBytes(9).toString("base64url");
  const marked: StoredPiece[] = [];
  const mark = (piece: StoredPiece) => `\uE000${nonce}:${marked.push(piece) - 1}\uE001`;
  const marks = new RegExp(`\uE000${nonce}:(\\d+)\uE001`, "g");
  const read = (text: string): StoredPiece => {
    const pieces: StoredPiece[] = [];
    let at = 0;
    for (const found of text.matchAll(marks)) {
      if (found.index > at) pieces.push(text.slice(at, found.index));
      pieces.push(marked[Number(found[1])]);
      at = found.index + found[0].length;
    }
    if (at < text.length) pieces.push(text.slice(at));
    return pieces.length === 1 ? pieces[0] : pieces.length === 0 ? "" : pieces;
  };
  const reader: NoticeReader = {
    t: (text: Keyed, values?: Record<string, unknown>) => {
      const all = text.values || values ? { ...text.values, ...values } : undefined;
      const v = all
        ? Object.fromEntries(
            Object.entries(all).map(([name, value]) => [name, typeof value === "number" ? value : read(String(value))]),
          )
        : undefined;
      return mark({ k: text.id, m: text.message, ...(v ? { v } : {}) });
    },
    locale: DEFAULT_LOCALE,
    euro: (amount) => mark({ euro: amount }),
    date: (value, style) => mark({ date: toWire(value), style }),
  };
  try {
    const texts = notice.texts(reader);
    const stored: StoredMessage = {
      title: read(texts.title),
      body: read(texts.body),
      ...(texts.burst ? { burstTitle: read(texts.burst.title) } : {}),
    };
    // A text cut or changed after it was translated (a mark no longer whole) cannot be said again, nor one that
    // holds the marks' characters itself: it stays as written.
    return /[\uE000\uE001]/.test(JSON.stringify(stored)) ? null : stored;
  } catch {
    return null;
  }
}

/** A stored piece said in `locale`; a burst's count (BURST_COUNT) is `count`. */
export function sayStored(piece: StoredPiece, locale: Locale, count = 1): string {
  if (typeof piece === "string") return piece;
  if (typeof piece === "number") return String(piece);
  if (Array.isArray(piece)) return piece.map((p) => sayStored(p, locale, count)).join("");
  if ("euro" in piece) return formatEuro(piece.euro, locale);
  if ("date" in piece) return formatIn(locale, piece.date, piece.style);
  const values = piece.v
    ? Object.fromEntries(
        Object.entries(piece.v).map(([name, value]) => [
          name,
          value === BURST_COUNT ? count : typeof value === "number" ? value : sayStored(value, locale, count),
        ]),
      )
    : undefined;
  return translate(locale, { id: piece.k, message: piece.m }, values);
}

/** Whether a row's `message` is one this module wrote (a row from before has none). */
export function isStoredMessage(value: unknown): value is StoredMessage {
  return typeof value === "object" && value !== null && "title" in value && "body" in value;
}

/**
 * A notification's title and body in `locale`: from its keys when it has them, else as first written. `burst`:
 * how many messages it stands for (its title then says so).
 */
export function notificationTexts(
  row: { title: string; body: string; message: unknown; burst: number },
  locale: Locale,
): { title: string; body: string } {
  if (!isStoredMessage(row.message)) return { title: row.title, body: row.body };
  try {
    const { title, body, burstTitle } = row.message;
    return {
      title: sayStored(row.burst > 1 && burstTitle !== undefined ? burstTitle : title, locale, row.burst),
      body: sayStored(body, locale, row.burst),
    };
  } catch {
    return { title: row.title, body: row.body };
  }
}
