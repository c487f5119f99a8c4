/**
 * The generic parts of a message thread, shared by the features that have one (a request's thread, the
 * concierge chat): the scrolling list that keeps the newest message in view, and the composer (Enter sends,
 * Shift+Enter adds a line, nothing empty goes).
 */
import { Send } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/client/components/ui/button";
import { Label } from "@/client/components/ui/label";
import { Textarea } from "@/client/components/ui/textarea";
import { useHashTarget } from "@/client/lib/use-hash-target";
import { cn } from "@/client/lib/utils";
import { MESSAGES } from "@/shared/messages";
import { type SnippetContext, type SnippetSource, useSnippetPicker } from "./snippet-picker";

/**
 * The messages' list, oldest first, scrolled to the bottom whenever `count` changes (newest at the bottom), or
 * to the message the URL's hash names (`#message-<id>`: give each item that id). Reachable by keyboard, since it
 * scrolls; `className` sets its gap and height.
 */
export function ScrollingThread({
  label,
  count,
  className,
  children,
}: {
  label: string;
  count: number;
  className?: string;
  children: ReactNode;
}) {
  const list = useRef<HTMLOListElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when the count changes
  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [count]);
  useHashTarget(count > 0);

  return (
    <ol
      ref={list}
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      className={cn(
        "flex flex-col overflow-y-auto pr-1 focus-visible:outline-2 focus-visible:outline-gold-deep",
        className,
      )}
    >
      {children}
    </ol>
  );
}

/**
 * The composer. `send` returns whether the message went (the text is then cleared); it receives the text
 * trimmed unless `trim` is false. The button is disabled while sending and while the text is empty or only
 * whitespace; Enter on such a text says 'Please enter a message'. With `snippets` (a staff composer), "/" or the
 * Saved replies button inserts one, filled from `snippetContext` (./snippet-picker.tsx).
 */
export function ChatComposer({
  id,
  label,
  placeholder,
  send,
  pending,
  onType,
  submitLabel = "Send",
  disabled = false,
  trim = true,
  className,
  snippets,
  snippetContext = {},
}: {
  id: string;
  label: string;
  placeholder: string;
  send: (text: string) => Promise<boolean>;
  pending: boolean;
  onType?: () => void;
  submitLabel?: string;
  disabled?: boolean;
  trim?: boolean;
  className?: string;
  snippets?: SnippetSource;
  snippetContext?: SnippetContext;
}) {
  const [text, setText] = useState("");
  const empty = !text.trim();
  const box = useRef<HTMLTextAreaElement>(null);
  const picker = useSnippetPicker({ source: snippets, context: snippetContext, textarea: box, text, setText });

  async function submit() {
    if (pending || disabled) return;
    if (empty) {
      toast.error(MESSAGES.enterMessage);
      return;
    }
    if (await send(trim ? text.trim() : text)) setText("");
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <form
      className={cn("flex flex-col gap-2", className)}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        {picker.panel}
        <Textarea
          ref={box}
          id={id}
          rows={3}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            picker.onTextChange(event.target.value, event.target.selectionStart);
            if (event.target.value.trim()) onType?.();
          }}
          onKeyDown={onKeyDown}
          placeholder={placeholder}
          maxLength={5000}
          disabled={disabled}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-xs text-ink-muted">
          Enter sends · Shift+Enter adds a line{snippets ? " · / inserts a saved reply" : ""}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          {picker.button}
          <Button type="submit" disabled={empty || pending || disabled}>
            <Send /> {pending ? "Sending…" : submitLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}
