/**
 * The inbox's keys (issue 31, item 1): single keys, as mail clients have them, heard on the whole page but never
 * while typing (a text field, a select, the composer), with a modifier held, or under an open dialog.
 */
import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/client/components/ui/dialog";

export type InboxKeyHandlers = Partial<
  Record<"j" | "k" | "enter" | "r" | "e" | "a" | "s" | "x" | "escape" | "?", () => void>
>;

function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return (
    tag === "TEXTAREA" || tag === "SELECT" || (tag === "INPUT" && (target as HTMLInputElement).type !== "checkbox")
  );
}

export function useInboxKeys(handlers: InboxKeyHandlers) {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey) return;
      if (typingIn(event.target)) return;
      if (document.querySelector("[role='dialog'], [role='listbox'], [role='menu']")) return;
      // Enter on a button or link is that button's; the list's keys are the plain letters.
      if (event.key === "Enter" && event.target instanceof HTMLElement && event.target.closest("button, a")) return;
      const name = event.key === "Enter" ? "enter" : event.key === "Escape" ? "escape" : event.key;
      const handler = latest.current[name as keyof InboxKeyHandlers];
      if (!handler) return;
      event.preventDefault();
      handler();
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
}

export function KeysDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useLingui();
  const keys: Array<[string, string]> = [
    ["j", t`Next conversation`],
    ["k", t`Previous conversation`],
    ["r", t`Reply`],
    ["e", t`Mark done`],
    ["a", t`Assign to me`],
    ["s", t`Snooze`],
    ["x", t`Select for a bulk action`],
    ["Esc", t`Back to the list`],
    ["?", t`These keys`],
  ];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t`Keyboard`}</DialogTitle>
          <DialogDescription>{t`The inbox answers these keys when you are not typing.`}</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[4rem_1fr] gap-x-4 gap-y-2 text-sm">
          {keys.map(([key, label]) => (
            <div key={key} className="contents">
              <dt>
                <kbd className="rounded border border-stone-dark bg-ivory-deep px-1.5 py-0.5 font-mono text-xs">
                  {key}
                </kbd>
              </dt>
              <dd>{label}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
