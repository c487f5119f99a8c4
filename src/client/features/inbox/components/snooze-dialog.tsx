/**
 * Snoozing conversations (issue 31, item 2): until 3 hours from now, tomorrow at 9:00 or next Monday at 9:00
 * (Lisbon time, the house's calendar), or a time of the staff member's own; with an optional note.
 */
import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { Textarea } from "@/client/components/ui/textarea";
import { SNOOZE_NOTE_MAX } from "@/shared/contracts/inbox";
import { formatMessageTime } from "@/shared/format";
import { SNOOZE_PRESETS, type SnoozePreset, snoozeUntil } from "@/shared/snooze";

export function SnoozeDialog({
  open,
  onOpenChange,
  count,
  onSnooze,
  pending,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  count: number;
  onSnooze: (until: Date, note: string) => void;
  pending: boolean;
}) {
  const { t } = useLingui();
  const [note, setNote] = useState("");
  const [custom, setCustom] = useState("");
  const labels: Record<SnoozePreset, string> = {
    "3h": t`In 3 hours`,
    tomorrow: t`Tomorrow at 9:00`,
    monday: t`Next Monday at 9:00`,
  };
  const now = new Date();
  const customDate = custom ? new Date(custom) : null;
  const customValid = customDate !== null && !Number.isNaN(customDate.getTime()) && customDate > now;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setNote("");
          setCustom("");
        }
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t`Snooze`}</DialogTitle>
          <DialogDescription>
            {count === 1
              ? t`The conversation leaves the inbox and comes back then, or as soon as the member writes.`
              : t`${count} conversations leave the inbox and come back then, or as soon as their member writes.`}
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-2">
          <Label htmlFor="snooze-note">{t`Note (optional)`}</Label>
          <Textarea
            id="snooze-note"
            rows={2}
            maxLength={SNOOZE_NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        {/* biome-ignore lint/a11y/useSemanticElements: a group of preset buttons, not a form's fieldset */}
        <div role="group" aria-label={t`Snooze until`} className="flex flex-col gap-2">
          {SNOOZE_PRESETS.map((preset) => {
            const until = snoozeUntil(preset, now);
            return (
              <Button
                key={preset}
                variant="outline"
                className="justify-between"
                disabled={pending}
                onClick={() => onSnooze(until, note)}
              >
                <span>{labels[preset]}</span>
                <span className="tabular text-xs text-ink-muted">{formatMessageTime(until)}</span>
              </Button>
            );
          })}
        </div>
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (customDate && customValid) onSnooze(customDate, note);
          }}
        >
          <div className="flex min-w-48 flex-1 flex-col gap-2">
            <Label htmlFor="snooze-custom">{t`Another time`}</Label>
            <Input
              id="snooze-custom"
              type="datetime-local"
              value={custom}
              onChange={(event) => setCustom(event.target.value)}
            />
          </div>
          <Button type="submit" disabled={!customValid || pending}>
            {t`Snooze until then`}
          </Button>
        </form>
        <DialogFooter />
      </DialogContent>
    </Dialog>
  );
}
