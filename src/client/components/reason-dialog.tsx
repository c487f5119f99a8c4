/**
 * A confirmation with an optional reason (declining a quote, releasing a hold). The trimmed reason goes to
 * `onConfirm`; the dialog stays open while it runs, then closes and toasts `success`, or the failure (the
 * server's words, else `failure`).
 */
import { Trans } from "@lingui/react/macro";
import { useId, useState } from "react";
import { toastOutcome } from "@/client/lib/toasts";
import { ConfirmDialog, type ConfirmDialogProps } from "./confirm-dialog";
import { Label } from "./ui/label";
import { Textarea } from "./ui/textarea";

export interface ReasonDialogProps
  extends Omit<ConfirmDialogProps, "children" | "onConfirm" | "open" | "onOpenChange" | "onOpenAutoFocus"> {
  onConfirm: (reason: string) => Promise<unknown>;
  success: string;
  failure: string;
  placeholder?: string;
  fieldClassName?: string;
}

export function ReasonDialog({
  onConfirm,
  success,
  failure,
  placeholder,
  fieldClassName,
  ...dialog
}: ReasonDialogProps) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const fieldId = useId();
  const outcome = toastOutcome(success, failure, () => setOpen(false));
  return (
    <ConfirmDialog
      {...dialog}
      open={open}
      onOpenChange={(next) => !dialog.busy && setOpen(next)}
      onConfirm={(event) => {
        event.preventDefault();
        onConfirm(reason.trim()).then(() => {
          setReason("");
          outcome.onSuccess();
        }, outcome.onError);
      }}
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor={fieldId}>
          <Trans>
            Reason <span className="font-normal text-ink-muted">(optional)</span>
          </Trans>
        </Label>
        <Textarea
          id={fieldId}
          value={reason}
          maxLength={1000}
          className={fieldClassName}
          placeholder={placeholder}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
    </ConfirmDialog>
  );
}
