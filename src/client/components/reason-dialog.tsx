/**
 * A confirmation with an optional reason (declining a quote, releasing a hold): an ActionDialog whose
 * `onConfirm` gets the trimmed reason (cleared after a success).
 */
import { Trans } from "@lingui/react/macro";
import { useId, useState } from "react";
import { ActionDialog, type ActionDialogProps } from "./action-dialog";
import { Label } from "./ui/label";
import { Textarea } from "./ui/textarea";

export interface ReasonDialogProps extends Omit<ActionDialogProps, "children" | "onConfirm" | "onOpenAutoFocus"> {
  onConfirm: (reason: string) => Promise<unknown>;
  placeholder?: string;
  fieldClassName?: string;
}

export function ReasonDialog({ onConfirm, placeholder, fieldClassName, ...dialog }: ReasonDialogProps) {
  const [reason, setReason] = useState("");
  const fieldId = useId();
  return (
    <ActionDialog {...dialog} onConfirm={() => onConfirm(reason.trim()).then(() => setReason(""))}>
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
    </ActionDialog>
  );
}
