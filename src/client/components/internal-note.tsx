/**
 * Internal notes in a staff thread (issue 22, item 2): a note shown inline among the messages, in a style no one
 * could take for a message (dashed gold frame, tinted, a lock, 'Internal note · only staff see this'), the merge of
 * messages and notes by time, and the staff composer's "Reply" / "Internal note" switch. Staff screens only.
 */
import { useLingui } from "@lingui/react/macro";
import { LockKeyhole } from "lucide-react";
import { type ComponentProps, useState } from "react";
import { toast } from "sonner";
import { sharedText } from "@/client/lib/api";
import { toastFailure } from "@/client/lib/toasts";
import { cn } from "@/client/lib/utils";
import { formatMessageTime } from "@/shared/format";
import { INTERNAL_NOTE_LABEL, NOTE_MESSAGES } from "@/shared/notes";
import { ChatComposer } from "./chat";

export interface NoteItem {
  id: string;
  body: string;
  author: { id: string; name: string } | null;
  mine: boolean;
  createdAt: string;
}

/** A thread's entries, oldest first: messages and notes merged by time (a message first on a tie). */
export function mergeByTime<M extends { createdAt: string }>(
  messages: M[],
  notes: NoteItem[],
): Array<{ kind: "message"; item: M } | { kind: "note"; item: NoteItem }> {
  const entries = [
    ...messages.map((item, index) => ({ kind: "message" as const, item, order: index })),
    ...notes.map((item, index) => ({ kind: "note" as const, item, order: messages.length + index })),
  ];
  const time = (value: string) => new Date(value).getTime();
  entries.sort((a, b) => time(a.item.createdAt) - time(b.item.createdAt) || a.order - b.order);
  return entries.map(({ order: _order, ...entry }) => entry);
}

/** One note, as an item of the thread's list. */
export function InternalNote({ note }: { note: NoteItem }) {
  const { t } = useLingui();
  return (
    <li id={`note-${note.id}`} className="flex justify-center" data-internal-note>
      <div className="w-full max-w-[92%] rounded-lg border border-dashed border-gold-deep bg-gold-light/25 px-4 py-2.5">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-gold-deep">
          <LockKeyhole aria-hidden className="size-3.5" />
          <span className="font-semibold">{sharedText(INTERNAL_NOTE_LABEL)}</span>
          <span aria-hidden>·</span>
          <span className="text-noir">{note.mine ? t`You` : (note.author?.name ?? t`Former staff member`)}</span>
          <time dateTime={note.createdAt} className="tabular text-ink-muted">
            {formatMessageTime(note.createdAt)}
          </time>
        </p>
        <p className="mt-1 text-sm leading-relaxed whitespace-pre-wrap break-words text-noir">{note.body}</p>
      </div>
    </li>
  );
}

export type ComposerMode = "reply" | "note";

/**
 * The staff composer: "Reply" writes to the member (the given composer), "Internal note" writes a note only staff
 * see, in the note's colours so the difference is plain before sending.
 */
export function AdminComposer({
  reply,
  addNote,
  notePending,
  className,
}: {
  reply: ComponentProps<typeof ChatComposer>;
  addNote: (text: string) => Promise<boolean>;
  notePending: boolean;
  className?: string;
}) {
  const { t } = useLingui();
  const [mode, setMode] = useState<ComposerMode>("reply");
  const note = mode === "note";
  return (
    <div className={cn("flex flex-col gap-3", className)}>
      <fieldset
        aria-label={t`Write`}
        className="m-0 flex min-w-0 gap-1 self-start rounded-md border border-stone p-0.5"
      >
        {(
          [
            ["reply", t`Reply`],
            ["note", t`Internal note`],
          ] as const
        ).map(([value, label]) => (
          <button
            key={value}
            type="button"
            aria-pressed={mode === value}
            onClick={() => setMode(value)}
            className={cn(
              "cursor-pointer rounded px-3 py-1 text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-gold-deep",
              mode === value
                ? value === "note"
                  ? "bg-gold-light/40 text-noir"
                  : "bg-noir text-ivory"
                : "text-ink-muted hover:text-noir",
            )}
          >
            {label}
          </button>
        ))}
      </fieldset>
      {note ? (
        <ChatComposer
          key="note"
          id={`${reply.id}-note`}
          label={t`Internal note`}
          placeholder={t`A note for the team: the member never sees it…`}
          send={(text) => addNote(text)}
          pending={notePending}
          submitLabel={t`Add note`}
          className="rounded-lg border border-dashed border-gold-deep bg-gold-light/15 p-3"
        />
      ) : (
        <ChatComposer key="reply" {...reply} />
      )}
    </div>
  );
}

/** Adds a note from the composer: a toast either way, and true once it is saved (the composer then clears). */
export async function addNoteWithToast(addNote: { mutateAsync: (text: string) => Promise<unknown> }, text: string) {
  try {
    await addNote.mutateAsync(text);
    toast.success(sharedText(NOTE_MESSAGES.added));
    return true;
  } catch (error) {
    toastFailure(error, NOTE_MESSAGES.failed);
    return false;
  }
}
