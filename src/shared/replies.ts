/**
 * Saved replies (issue 22, item 3): the staff's shared snippets, with placeholders filled for the conversation
 * at hand. Pure: the server validates with these rules and texts, the composer fills with `fillPlaceholders`.
 */
import { REPLY_TEXT_MAX, REPLY_TITLE_MAX, SAVED_REPLIES_MAX } from "./limits";

export { REPLY_TEXT_MAX, REPLY_TITLE_MAX, SAVED_REPLIES_MAX };

/** What a saved reply's text may hold, filled in the composer. */
export const PLACEHOLDERS = ["member_name", "first_name", "request_title"] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
export type PlaceholderValues = Partial<Record<Placeholder, string>>;

/** `{word}`: what looks like a placeholder. */
const PLACEHOLDER_PATTERN = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

const isPlaceholder = (name: string): name is Placeholder => (PLACEHOLDERS as readonly string[]).includes(name);

/** The first `{word}` in the text that is not a known placeholder, if any. */
export function unknownPlaceholder(text: string): string | null {
  for (const match of text.matchAll(PLACEHOLDER_PATTERN)) if (!isPlaceholder(match[1])) return match[0];
  return null;
}

export const unknownPlaceholderMessage = (found: string) => {
  const names = PLACEHOLDERS.map((p) => `{${p}}`);
  return `Unknown placeholder ${found}. Use ${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}.`;
};

/** A member's first name, for {first_name}: the first word of the name they gave. */
export const firstNameOf = (name: string | undefined) => name?.trim().split(/\s+/)[0] || undefined;

/** A saved reply's short name, typed after "/" in a composer (issue 31 item 8): a-z, 0-9 and dashes. */
export const SHORTCUT_PATTERN = /^[a-z0-9][a-z0-9-]{0,29}$/;

/**
 * The text with its placeholders filled, in one pass: a value goes in as it is and is never read again, so a
 * member named "{request_title}" keeps that name. A placeholder with no value (a concierge chat has no request)
 * is removed with its spare space: no braces left, no double space, no space before punctuation.
 */
export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  return text.replace(/( ?)\{([A-Za-z_][A-Za-z0-9_]*)\}( ?)/g, (whole, before: string, name: string, after: string) => {
    if (!isPlaceholder(name)) return whole;
    const value = values[name]?.trim();
    if (value) return `${before}${value}${after}`;
    // Removed: keep one of the spaces around it, unless punctuation or the line's end follows.
    return before && after ? " " : "";
  });
}

/** Whether a reply matches what was typed in the picker's search (title first, then text; any case). */
export function replyMatches(
  reply: { title: string; text: string; shortcut?: string | null },
  search: string,
): boolean {
  const typed = search.trim().toLowerCase().replace(/^\//, "");
  if (reply.shortcut && typed && reply.shortcut.startsWith(typed)) return true;
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = `${reply.title}\n${reply.text}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
}
