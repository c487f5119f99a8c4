/**
 * A confirmation that runs an action (voiding an invoice, marking a delivery, signing a session out): it keeps its
 * own open state, stays open and cannot be closed while `onConfirm` runs (pass the mutation's pending state as
 * `busy`), then closes and toasts `success`, or the failure (the server's words, else `failure`).
 */
import { useState } from "react";
import { toastOutcome } from "@/client/lib/toasts";
import { ConfirmDialog, type ConfirmDialogProps } from "./confirm-dialog";

export interface ActionDialogProps extends Omit<ConfirmDialogProps, "onConfirm" | "open" | "onOpenChange"> {
  onConfirm: () => Promise<unknown>;
  /** The toast after a success (none when null: `onConfirm` said it itself). */
  success: string | null;
  failure?: string;
}

export function ActionDialog({ onConfirm, success, failure, ...dialog }: ActionDialogProps) {
  const [open, setOpen] = useState(false);
  const outcome = toastOutcome(success, failure, () => setOpen(false));
  return (
    <ConfirmDialog
      {...dialog}
      open={open}
      onOpenChange={(next) => !dialog.busy && setOpen(next)}
      onConfirm={(event) => {
        event.preventDefault();
        onConfirm().then(outcome.onSuccess, outcome.onError);
      }}
    />
  );
}
