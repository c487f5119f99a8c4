/**
 * The member's changes to a request while it is New or Sourcing (issue 22 item 7): a dialog editing its budget,
 * urgency, deadline and notes, and withdrawing it after a confirmation. Once Quoted neither is offered (the
 * server refuses too): changes go through messages.
 */
import { useLingui } from "@lingui/react/macro";
import { PencilLine, Undo2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { ActionDialog } from "@/client/components/action-dialog";
import { Form, FormActions, FormError, fieldsOf, useZodForm } from "@/client/components/form";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/client/components/ui/dialog";
import { ApiError, errorMessage } from "@/client/lib/api";
import { lisbonDate } from "@/shared/dates";
import { formatEuro } from "@/shared/format";
import { URGENCY_LABELS } from "@/shared/labels";
import { URGENCIES } from "@/shared/requests";
import { type RequestChanges, requestChangesSchema } from "@/shared/schemas";
import { type RequestDetail, useChangeRequest, useWithdrawRequest } from "../api";

/** Budgets are whole euros: 10 digits reach the largest budget the server takes. */
const BUDGET_MAX_DIGITS = 10;

export function EditRequestDialog({ request }: { request: RequestDetail }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className="justify-start">
          <PencilLine /> {t`Edit Request`}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        {open && <EditRequestForm request={request} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

export function EditRequestForm({ request, onDone }: { request: RequestDetail; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const change = useChangeRequest(request.id);
  const form = useZodForm(requestChangesSchema, {
    defaultValues: {
      budget_eur: String(request.budgetEur),
      urgency: request.urgency,
      deadline: request.deadline ?? "",
      notes: request.notes,
    },
  });
  const { TextField, TextareaField, SelectField } = fieldsOf(form);
  const budget = Number(form.watch("budget_eur"));

  async function onSubmit(body: RequestChanges) {
    try {
      const { changed } = await change.mutateAsync(body);
      toast.success(changed.length ? t`Your request is updated. The team has been told.` : t`Nothing to change.`);
      onDone();
    } catch (error) {
      form.setError("root", {
        message: error instanceof ApiError ? errorMessage(error) : t`Failed to update the request`,
      });
    }
  }

  return (
    <>
      <DialogHeader>
        <p className="eyebrow text-gold-deep">{t`Your request`}</p>
        <DialogTitle>{t`Edit request`}</DialogTitle>
        <DialogDescription>
          {t`Until we send a quote, you can adjust the details. The team sees each change at once.`}
        </DialogDescription>
      </DialogHeader>
      <Form form={form} onSubmit={onSubmit} className="grid gap-5 sm:grid-cols-2">
        <TextField
          name="budget_eur"
          id="edit-budget"
          label={t`Budget (€)`}
          inputMode="numeric"
          format={(value) => value.replace(/\D/g, "").slice(0, BUDGET_MAX_DIGITS)}
          hint={budget >= 1 ? t`${formatEuro(budget)}, in whole euros.` : t`In whole euros, digits only.`}
        />
        <SelectField
          name="urgency"
          id="edit-urgency"
          label={t`Urgency`}
          options={URGENCIES.map((value) => ({ value, label: i18n._(URGENCY_LABELS[value]) }))}
        />
        <TextField
          name="deadline"
          id="edit-deadline"
          label={t`Deadline`}
          type="date"
          min={lisbonDate()}
          hint={t`Optional. Leave empty for no deadline.`}
          className="sm:col-span-2"
        />
        <TextareaField
          name="notes"
          id="edit-notes"
          label={t`Notes`}
          rows={5}
          hint={t`Up to 2000 characters.`}
          className="sm:col-span-2"
        />
        <FormError className="sm:col-span-2" />
        <FormActions onCancel={onDone} pending={change.isPending} className="pt-2 sm:col-span-2">
          {change.isPending ? t`Saving…` : t`Save Changes`}
        </FormActions>
      </Form>
    </>
  );
}

export function WithdrawRequest({ request }: { request: RequestDetail }) {
  const { t } = useLingui();
  const withdraw = useWithdrawRequest(request.id);
  return (
    <ActionDialog
      trigger={
        <Button variant="outline" className="justify-start">
          <Undo2 /> {t`Withdraw Request`}
        </Button>
      }
      title={t`Withdraw this request?`}
      description={t`The team stops sourcing it. The request and its messages stay here to read, and it still counts towards this month.`}
      cancelLabel={t`Keep Request`}
      confirmLabel={withdraw.isPending ? t`Withdrawing…` : t`Withdraw Request`}
      busy={withdraw.isPending}
      onConfirm={() => withdraw.mutateAsync()}
      success={t`Your request is withdrawn. Its history stays here.`}
      failure={t`Failed to withdraw the request`}
    />
  );
}
