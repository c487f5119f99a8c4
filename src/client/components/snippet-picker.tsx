/**
 * Inserting a snippet (a saved reply) into a text box: typing "/" at the start of the text or after a space, or
 * the button, opens a search over the snippets; arrows choose, Enter inserts (in place of the "/"), Escape
 * closes and leaves the "/" as typed. The search is an ARIA combobox controlling a listbox, its active option
 * followed with aria-activedescendant, so focus stays in the search while the arrows move.
 *
 * Generic: what the snippets are, and how one's text is made for the conversation at hand, come from the
 * `SnippetSource` the page composes in (app/); the text box's owner gives the conversation's `context`.
 */
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { MessageSquareText } from "lucide-react";
import type * as React from "react";
import {
  type FocusEvent,
  type KeyboardEvent,
  type RefObject,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { Link } from "react-router";
import { cn } from "@/client/lib/utils";
import { Button } from "./ui/button";
import { Input } from "./ui/input";
import { Textarea } from "./ui/textarea";

export interface Snippet {
  id: string;
  title: string;
  text: string;
  /** Typed after "/" to pick it (issue 31 item 8). */
  shortcut?: string | null;
}

/** What a conversation fills a snippet with (e.g. member_name); a value left out is removed cleanly. */
export type SnippetContext = Record<string, string | undefined>;

export interface SnippetSource {
  /** Undefined while loading. */
  items: Snippet[] | undefined;
  isError: boolean;
  /** Whether a snippet matches what was typed in the search. */
  matches: (snippet: Snippet, search: string) => boolean;
  /** The snippet's text for this conversation. */
  textFor: (snippet: Snippet, context: SnippetContext) => string;
  /** Where the snippets are managed (offered in the picker). */
  manageHref?: string;
}

/** Whether the change just typed a "/" that opens the picker: one character, at the start or after a space. */
export function typedTrigger(previous: string, next: string, caret: number): boolean {
  if (next.length !== previous.length + 1 || next[caret - 1] !== "/") return false;
  return caret === 1 || /\s/.test(next[caret - 2] ?? "");
}

/**
 * Wires a controlled text box to the picker: render it as `SnippetTextarea` (or call `onTextChange` from its
 * onChange, after setting the text, and render `panel` just above it inside a `relative` wrapper), and `button`
 * where it fits.
 */
export function useSnippetPicker({
  source,
  context,
  textarea,
  text,
  setText,
}: {
  source: SnippetSource | undefined;
  context: SnippetContext;
  textarea: RefObject<HTMLTextAreaElement | null>;
  text: string;
  setText: (text: string) => void;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  /** Where the "/" that opened the picker is; null when the button opened it (insert at the caret). */
  const slashAt = useRef<number | null>(null);
  /** The caret to restore once the text box shows the inserted text. */
  const caretAfter = useRef<number | null>(null);

  useLayoutEffect(() => {
    const element = textarea.current;
    if (caretAfter.current === null || !element) return;
    element.focus();
    element.setSelectionRange(caretAfter.current, caretAfter.current);
    caretAfter.current = null;
  });

  function close(refocus: boolean) {
    setOpen(false);
    if (refocus) textarea.current?.focus();
  }

  function insert(snippet: Snippet) {
    if (!source) return;
    const filled = source.textFor(snippet, context);
    const element = textarea.current;
    let start = element?.selectionStart ?? text.length;
    let end = element?.selectionEnd ?? start;
    if (slashAt.current !== null && text[slashAt.current] === "/") {
      start = slashAt.current;
      end = start + 1;
    }
    setText(text.slice(0, start) + filled + text.slice(end));
    caretAfter.current = start + filled.length;
    setOpen(false);
  }

  return {
    open,
    textarea,
    text,
    setText,
    onTextChange(next: string, caret: number) {
      if (source && typedTrigger(text, next, caret)) {
        slashAt.current = caret - 1;
        setOpen(true);
      }
    },
    panel: source && open ? <SnippetPanel source={source} context={context} onInsert={insert} onClose={close} /> : null,
    button: source ? (
      <Button
        type="button"
        variant="ghost"
        size="sm"
        aria-expanded={open}
        onClick={() => {
          slashAt.current = null;
          setOpen((value) => !value);
        }}
      >
        <MessageSquareText /> {t`Saved replies`}
      </Button>
    ) : null,
  };
}

export type SnippetPicker = ReturnType<typeof useSnippetPicker>;

/** The picker's text box: its text and ref are the picker's, its panel opens just above it. */
export function SnippetTextarea({
  picker,
  onChange,
  ...props
}: Omit<React.ComponentProps<typeof Textarea>, "value" | "ref"> & { picker: SnippetPicker }) {
  return (
    <div className="relative">
      {picker.panel}
      <Textarea
        {...props}
        ref={picker.textarea}
        value={picker.text}
        onChange={(event) => {
          picker.setText(event.target.value);
          picker.onTextChange(event.target.value, event.target.selectionStart);
          onChange?.(event);
        }}
      />
    </div>
  );
}

function SnippetPanel({
  source,
  context,
  onInsert,
  onClose,
}: {
  source: SnippetSource;
  context: SnippetContext;
  onInsert: (snippet: Snippet) => void;
  onClose: (refocus: boolean) => void;
}) {
  const id = useId();
  const { t } = useLingui();
  const [search, setSearch] = useState("");
  const [active, setActive] = useState(0);
  const list = useRef<HTMLDivElement>(null);
  const found = useMemo(() => {
    const typed = search.trim().toLowerCase().replace(/^\//, "");
    const found = (source.items ?? []).filter((snippet) => source.matches(snippet, search));
    // A short name that starts with what was typed comes first: "/wel" then Enter picks "welcome".
    const byShortcut = (s: Snippet) => (typed && s.shortcut?.startsWith(typed) ? 0 : 1);
    return typed ? [...found].sort((a, b) => byShortcut(a) - byShortcut(b)) : found;
  }, [source, search]);
  const current = found.length ? Math.min(active, found.length - 1) : -1;
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    if (current >= 0) list.current?.querySelector(`[id="${optionId(current)}"]`)?.scrollIntoView({ block: "nearest" });
  });

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // The panel's keys are its own: a form around it (Escape cancels a reply) never sees them.
    event.stopPropagation();
    const move = (to: number) => {
      event.preventDefault();
      if (found.length) setActive((to + found.length) % found.length);
    };
    if (event.key === "ArrowDown") move(current + 1);
    else if (event.key === "ArrowUp") move(current - 1);
    else if (event.key === "Home" && found.length) move(0);
    else if (event.key === "End" && found.length) move(found.length - 1);
    else if (event.key === "Enter") {
      event.preventDefault();
      if (current >= 0) onInsert(found[current]);
    } else if (event.key === "Escape" || event.key === "Tab") {
      event.preventDefault();
      onClose(true);
    }
  }

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onClose(false);
  }

  const status =
    source.items === undefined
      ? source.isError
        ? t`Saved replies could not be loaded.`
        : t`Loading saved replies…`
      : source.items.length === 0
        ? t`No saved replies yet.`
        : found.length === 0
          ? t`No saved reply matches.`
          : plural(found.length, { one: "# saved reply", other: "# saved replies" });

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focus leaving the panel (search, options, link) closes it
    <div
      onBlur={onBlur}
      className="absolute right-0 bottom-full left-0 z-30 mb-2 flex max-h-[22rem] flex-col rounded-md border border-stone bg-card shadow-lg sm:right-auto sm:w-[26rem]"
    >
      <div className="flex items-center justify-between gap-3 border-b border-stone px-3 pt-2.5 pb-2">
        <label htmlFor={`${id}-search`} className="eyebrow text-[0.65rem] text-gold-deep">
          {t`Saved replies`}
        </label>
        {source.manageHref && (
          <Link to={source.manageHref} className="text-xs text-ink-muted underline underline-offset-4 hover:text-noir">
            {t`Manage`}
          </Link>
        )}
      </div>
      <div className="px-3 pt-2.5">
        <Input
          id={`${id}-search`}
          role="combobox"
          autoFocus
          autoComplete="off"
          placeholder={t`Search by title or text`}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          aria-autocomplete="list"
          aria-expanded={found.length > 0}
          aria-controls={found.length > 0 ? `${id}-list` : undefined}
          aria-activedescendant={current >= 0 ? optionId(current) : undefined}
          aria-describedby={`${id}-status`}
          className="h-9"
        />
      </div>
      <p
        id={`${id}-status`}
        aria-live="polite"
        className={cn("px-3 py-2 text-xs text-ink-muted", found.length && "sr-only")}
      >
        {status}
      </p>
      {found.length > 0 && (
        <div
          id={`${id}-list`}
          ref={list}
          role="listbox"
          aria-label={t`Saved replies`}
          className="overflow-y-auto px-1.5 pb-1.5"
        >
          {found.map((snippet, index) => (
            // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the search, which points here (aria-activedescendant)
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works from the search
            <div
              key={snippet.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === current}
              // Keep the focus in the search: a click inserts, as Enter does.
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => index !== current && setActive(index)}
              onClick={() => onInsert(snippet)}
              className={cn(
                "cursor-pointer rounded-sm px-2.5 py-2",
                index === current ? "bg-ivory-deep outline-1 outline-gold/60" : "hover:bg-ivory-deep/60",
              )}
            >
              <span className="block truncate text-sm font-medium">
                {snippet.title}
                {snippet.shortcut && (
                  <span className="ml-2 font-mono text-xs font-normal text-ink-muted">/{snippet.shortcut}</span>
                )}
              </span>
              <span className="mt-0.5 line-clamp-2 text-xs text-ink-muted">{source.textFor(snippet, context)}</span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
