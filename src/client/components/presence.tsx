/**
 * Presence and collision in a conversation (issue 31 item 4, decision 051), as building blocks any staff
 * conversation uses (the request's thread, the concierge chat, the inbox's pane): what a page is given
 * (`ConversationPresence`, made by the presence feature and composed in by app/), the line that says who else is
 * here and who is replying, and the soft check before sending when someone else replied meanwhile.
 */
import { useLingui } from "@lingui/react/macro";
import { Eye } from "lucide-react";
import { useCallback, useRef, useState } from "react";
import { ConfirmDialog } from "./confirm-dialog";

/** Another staff member with the conversation open. */
export interface PresentPerson {
  id: string;
  name: string;
  typing: boolean;
}

/** What a conversation's page is given: who else is here, and what to call as the viewer types and sends. */
export interface ConversationPresence {
  others: PresentPerson[];
  /** On each keystroke in the reply box (throttled inside). */
  onType: () => void;
  /** After a reply is sent: typing ends at once for the others. */
  onSent: () => void;
}

const first = (name: string) => name.split(/\s+/)[0] || name;

/** "Also here: Rita, Bruno" and "Rita is replying…", announced politely; nothing when alone. */
export function PresenceLine({ others, className }: { others: PresentPerson[]; className?: string }) {
  const { t } = useLingui();
  const typing = others.filter((p) => p.typing);
  const names = others.map((p) => p.name).join(", ");
  const typers = typing.map((p) => first(p.name)).join(", ");
  return (
    <div className={className}>
      {others.length > 0 && (
        <p className="flex items-center gap-2 text-xs text-ink-muted">
          <Eye aria-hidden className="size-3.5 text-gold-deep" strokeWidth={1.5} />
          <span className="flex -space-x-1.5" aria-hidden>
            {others.slice(0, 3).map((p) => (
              <span
                key={p.id}
                className="flex size-5 items-center justify-center rounded-full border border-ivory bg-noir text-[0.6rem] font-medium text-ivory"
              >
                {p.name.slice(0, 1).toUpperCase()}
              </span>
            ))}
          </span>
          <span>{t`Also viewing: ${names}`}</span>
        </p>
      )}
      <p role="status" aria-live="polite" className="min-h-4 text-xs text-gold-deep italic">
        {typing.length === 1 ? t`${typers} is replying…` : typing.length > 1 ? t`${typers} are replying…` : ""}
      </p>
    </div>
  );
}

/** A message as the collision check reads it. */
export interface SeenMessage {
  id: string;
  /** Another staff member's reply (not the viewer's, not the member's): the name to say. */
  otherStaff: string | null;
}

/**
 * The soft check before sending: the last message the composer saw when this draft began is kept, and at send
 * the thread as it is now (`current()`, fetched fresh) is compared with it. When another staff member replied
 * after it, a dialog asks "Beatriz replied while you were writing. Send anyway?" (Send anyway / Review); Review
 * keeps the draft. `guard(send)` wraps a composer's send; `onType` marks the draft's start.
 */
export function useCollisionGuard(latest: () => SeenMessage[] | undefined, current: () => Promise<SeenMessage[]>) {
  const { t } = useLingui();
  const seen = useRef<string | null | undefined>(undefined);
  const [asking, setAsking] = useState<{ name: string; answer: (send: boolean) => void } | null>(null);

  const onType = useCallback(() => {
    if (seen.current !== undefined) return;
    const messages = latest();
    seen.current = messages ? (messages[messages.length - 1]?.id ?? null) : undefined;
  }, [latest]);

  const guard = useCallback(
    <A extends unknown[]>(send: (...args: A) => Promise<boolean>) =>
      async (...args: A): Promise<boolean> => {
        const since = seen.current;
        if (since !== undefined) {
          const messages = await current().catch(() => null);
          const index = messages ? messages.findIndex((m) => m.id === since) : -1;
          const after = messages ? (since === null ? messages : index >= 0 ? messages.slice(index + 1) : []) : [];
          const replier = after.find((m) => m.otherStaff)?.otherStaff;
          if (replier) {
            const go = await new Promise<boolean>((answer) => setAsking({ name: replier, answer }));
            setAsking(null);
            if (!go) {
              // Reviewed: what they saw now is the thread as it is.
              seen.current = messages?.[messages.length - 1]?.id ?? null;
              return false;
            }
          }
        }
        const sent = await send(...args);
        if (sent) seen.current = undefined;
        return sent;
      },
    [current],
  );

  const name = asking ? first(asking.name) : "";
  const dialog = (
    <ConfirmDialog
      open={asking !== null}
      onOpenChange={(open) => {
        if (!open) asking?.answer(false);
      }}
      title={t`${name} replied while you were writing. Send anyway?`}
      description={t`Review keeps your draft and shows the thread as it is now.`}
      cancelLabel={t`Review`}
      confirmLabel={t`Send anyway`}
      onConfirm={() => asking?.answer(true)}
    />
  );
  return { onType, guard, dialog };
}
