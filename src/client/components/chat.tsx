/**
 * The generic parts of a message thread, shared by the features that have one (a request's thread, the
 * concierge chat): the scrolling list that keeps the newest message in view, the composer (Enter sends,
 * Shift+Enter adds a line, nothing empty goes; files added by the paperclip, paste or drop, each uploaded at
 * once with its progress) and a message's files (images as lazy-loaded thumbnails, scaled by CSS: no image
 * library is installed on the server; other files as links).
 */
import { useLingui } from "@lingui/react/macro";
import { FileText, Paperclip, Send } from "lucide-react";
import {
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from "react";
import { toast } from "sonner";
import { Button } from "@/client/components/ui/button";
import { Label } from "@/client/components/ui/label";
import { errorMessage, sharedText } from "@/client/lib/api";
import { useHashTarget } from "@/client/lib/use-hash-target";
import { cn } from "@/client/lib/utils";
import { MESSAGES } from "@/shared/contracts/common-texts";
import { RemoveButton } from "./remove-button";
import { type SnippetContext, type SnippetSource, SnippetTextarea, useSnippetPicker } from "./snippet-picker";

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

/** A file as a thread shows it. */
export type ChatFile = { id: string; name: string; type: string; size: number };

/**
 * The composer's attachment slot: `upload` sends one file (reporting its progress, 0 to 1) and answers its id;
 * at most `max` files go with a message; `accept` is the file chooser's filter.
 */
export interface ComposerAttachments {
  upload: (file: File, onProgress: (fraction: number) => void) => Promise<{ id: string }>;
  max: number;
  accept: string;
}

type PendingFile = { key: string; file: File; progress: number; id?: string; failed?: string; preview?: string };

/** The files being attached: each uploads as soon as it is added. */
function useComposerFiles(attachments: ComposerAttachments | undefined) {
  const { t } = useLingui();
  const [files, setFiles] = useState<PendingFile[]>([]);
  const update = (key: string, change: Partial<PendingFile>) =>
    setFiles((current) => current.map((f) => (f.key === key ? { ...f, ...change } : f)));

  function add(list: File[]) {
    if (!attachments || list.length === 0) return;
    const room = attachments.max - files.length;
    const max = attachments.max;
    if (list.length > room) toast.error(t`Please attach at most ${max} files to a message.`);
    for (const file of list.slice(0, Math.max(room, 0))) {
      const key = `${file.name}-${Math.random().toString(36).slice(2)}`;
      const preview =
        file.type.startsWith("image/") && typeof URL.createObjectURL === "function"
          ? URL.createObjectURL(file)
          : undefined;
      setFiles((current) => [...current, { key, file, progress: 0, preview }]);
      attachments
        .upload(file, (progress) => update(key, { progress }))
        .then(({ id }) => update(key, { id, progress: 1 }))
        .catch((error: unknown) => {
          const message = errorMessage(error, t`The file could not be attached.`);
          update(key, { failed: message });
          toast.error(message);
        });
    }
  }
  function remove(key: string) {
    setFiles((current) => {
      const gone = current.find((f) => f.key === key);
      if (gone?.preview) URL.revokeObjectURL(gone.preview);
      return current.filter((f) => f.key !== key);
    });
  }
  function clear() {
    for (const f of files) if (f.preview) URL.revokeObjectURL(f.preview);
    setFiles([]);
  }
  const ready = files.filter((f) => f.id).map((f) => f.id as string);
  const uploading = files.some((f) => !f.id && !f.failed);
  return { files, add, remove, clear, ready, uploading };
}

/**
 * The composer. `send` returns whether the message went (the text and files are then cleared); it receives the
 * text trimmed unless `trim` is false, and the ids of the files uploaded for it. The button is disabled while
 * sending, while a file is still uploading, and while there is neither text nor a file; Enter on such a text
 * says 'Please enter a message'. With `snippets` (a staff composer), "/" or the Saved replies button inserts
 * one, filled from `snippetContext` (./snippet-picker.tsx). With `attachments`, files are added by the
 * paperclip button, pasted or dropped on the composer, and upload at once with their progress.
 */
export function ChatComposer({
  id,
  label,
  placeholder,
  send,
  pending,
  onType,
  submitLabel,
  disabled = false,
  trim = true,
  className,
  snippets,
  snippetContext = {},
  attachments,
}: {
  id: string;
  label: string;
  placeholder: string;
  send: (text: string, fileIds: string[]) => Promise<boolean>;
  pending: boolean;
  onType?: () => void;
  submitLabel?: string;
  disabled?: boolean;
  trim?: boolean;
  className?: string;
  snippets?: SnippetSource;
  snippetContext?: SnippetContext;
  attachments?: ComposerAttachments;
}) {
  const { t } = useLingui();
  const [text, setText] = useState("");
  const files = useComposerFiles(attachments);
  const empty = !text.trim() && files.ready.length === 0;
  const box = useRef<HTMLTextAreaElement>(null);
  const chooser = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const picker = useSnippetPicker({ source: snippets, context: snippetContext, textarea: box, text, setText });

  async function submit() {
    if (pending || disabled || files.uploading) return;
    if (empty) {
      toast.error(sharedText(MESSAGES.enterMessage));
      return;
    }
    if (await send(trim ? text.trim() : text, files.ready)) {
      setText("");
      files.clear();
    }
  }

  function onPaste(event: ClipboardEvent<HTMLTextAreaElement>) {
    const pasted = Array.from(event.clipboardData.files);
    if (!attachments || pasted.length === 0) return;
    event.preventDefault();
    files.add(pasted);
  }

  const dropProps = attachments
    ? {
        onDragOver: (event: DragEvent) => {
          if (!event.dataTransfer.types.includes("Files")) return;
          event.preventDefault();
          setDragging(true);
        },
        onDragLeave: () => setDragging(false),
        onDrop: (event: DragEvent) => {
          if (event.dataTransfer.files.length === 0) return;
          event.preventDefault();
          setDragging(false);
          files.add(Array.from(event.dataTransfer.files));
        },
      }
    : {};

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <form
      className={cn(
        "flex flex-col gap-2",
        dragging && "rounded-md outline-2 outline-gold-deep outline-dashed",
        className,
      )}
      {...dropProps}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Label htmlFor={id}>{label}</Label>
      <SnippetTextarea
        picker={picker}
        id={id}
        rows={3}
        onChange={(event) => {
          if (event.target.value.trim()) onType?.();
        }}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        placeholder={placeholder}
        maxLength={5000}
        disabled={disabled}
      />
      {files.files.length > 0 && (
        <ul aria-label={t`Files to send`} className="flex flex-wrap gap-2">
          {files.files.map((f) => (
            <li
              key={f.key}
              className="flex max-w-full items-center gap-2 rounded-md border border-stone bg-ivory-deep py-1 pr-1 pl-1.5 text-xs"
            >
              {f.preview ? (
                <img src={f.preview} alt="" className="size-8 shrink-0 rounded object-cover" />
              ) : (
                <FileText aria-hidden className="size-5 shrink-0 text-gold-deep" strokeWidth={1.5} />
              )}
              <span className="flex min-w-0 flex-col gap-1">
                <span className="max-w-40 truncate">{f.file.name}</span>
                {f.failed ? (
                  <span className="text-destructive">{t`Not attached`}</span>
                ) : f.id ? (
                  <span className="text-ink-muted">{t`Ready`}</span>
                ) : (
                  <progress
                    className="h-1 w-24 accent-gold-deep"
                    max={100}
                    value={Math.round(f.progress * 100)}
                    aria-label={t`Uploading ${f.file.name}`}
                  />
                )}
              </span>
              <RemoveButton className="size-7" label={t`Remove ${f.file.name}`} onClick={() => files.remove(f.key)} />
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-xs text-ink-muted">
          {t`Enter sends · Shift+Enter adds a line`}
          {snippets ? ` · ${t`/ inserts a saved reply`}` : ""}
          {attachments ? ` · ${t`paste or drop photos and PDFs`}` : ""}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          {attachments && (
            <>
              <input
                ref={chooser}
                type="file"
                multiple
                accept={attachments.accept}
                className="sr-only"
                tabIndex={-1}
                aria-hidden
                onChange={(event) => {
                  // Read before clearing: the list is live and empties with the input.
                  const chosen = Array.from(event.target.files ?? []);
                  event.target.value = "";
                  files.add(chosen);
                }}
              />
              <Button
                type="button"
                variant="outline"
                disabled={disabled || files.files.length >= attachments.max}
                onClick={() => chooser.current?.click()}
              >
                <Paperclip /> {t`Attach`}
              </Button>
            </>
          )}
          {picker.button}
          <Button type="submit" disabled={empty || pending || disabled || files.uploading}>
            <Send /> {pending ? t`Sending…` : (submitLabel ?? t`Send`)}
          </Button>
        </div>
      </div>
    </form>
  );
}

/**
 * A message's files: images as small thumbnails (the full file scaled down by CSS, loaded lazily) that open the
 * image, other files (PDF) as links that download. `urlOf` gives a file's authorized address.
 */
export function MessageFiles({
  files,
  urlOf,
  className,
}: {
  files: ChatFile[];
  urlOf: (fileId: string) => string;
  className?: string;
}) {
  const { t } = useLingui();
  if (files.length === 0) return null;
  return (
    <ul aria-label={t`Files`} className={cn("flex max-w-[85%] flex-wrap gap-2", className)}>
      {files.map((file) =>
        file.type.startsWith("image/") ? (
          <li key={file.id}>
            <a
              href={urlOf(file.id)}
              target="_blank"
              rel="noopener"
              className="block overflow-hidden rounded-md border border-stone focus-visible:outline-2 focus-visible:outline-gold-deep"
            >
              <img
                src={urlOf(file.id)}
                alt={file.name}
                loading="lazy"
                decoding="async"
                className="size-24 bg-ivory-deep object-cover sm:size-28"
              />
            </a>
          </li>
        ) : (
          <li key={file.id}>
            <a
              href={urlOf(file.id)}
              download={file.name}
              className="flex items-center gap-2 rounded-md border border-stone bg-ivory-deep px-3 py-2 text-xs text-noir hover:underline focus-visible:outline-2 focus-visible:outline-gold-deep"
            >
              <FileText aria-hidden className="size-4 shrink-0 text-gold-deep" strokeWidth={1.5} />
              <span className="max-w-48 truncate">{file.name}</span>
              <span className="text-ink-muted tabular">{formatSize(file.size)}</span>
            </a>
          </li>
        ),
      )}
    </ul>
  );
}

const formatSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
