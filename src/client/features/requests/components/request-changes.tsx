/**
 * The member's changes to a request while it is New or Sourcing (issue 22 item 7): a dialog editing its budget,
 * urgency, deadline and notes, and withdrawing it after a confirmation. Once Quoted neither is offered (the
 * server refuses too): changes go through messages.
 */
import { PencilLine, Undo2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/client/components/confirm-dialog";
import { Form, FormError, fieldsOf, useZodForm } from "@/client/components/form";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/client/components/ui/dialog";
import { ApiError } from "@/client/lib/api";
import { lisbonDate } from "@/shared/dates";
import { formatEuro } from "@/shared/format";
import { URGENCIES } from "@/shared/requests";
import { type RequestChanges, requestChangesSchema } from "@/shared/schemas";
import { type RequestDetail, useChangeRequest, useWithdrawRequest } from "../api";

/** Budgets are whole euros: 10 digits reach the largest budget the server takes. */
const BUDGET_MAX_DIGITS = 10;

export function EditRequestDialog({ request }: { request: RequestDetail }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className="justify-start">
          <PencilLine /> Edit Request
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        {open && <EditRequestForm request={request} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

export function EditRequestForm({ request, onDone }: { request: RequestDetail; onDone: () => void }) {
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
      toast.success(changed.length ? "Your request is updated. The team has been told." : "Nothing to change.");
      onDone();
    } catch (error) {
      form.setError("root", {
        message: error instanceof ApiError ? error.message : "Failed to update the request",
      });
    }
  }

  return (
    <>
      <DialogHeader>
        <p className="eyebrow text-gold-deep">Your request</p>
        <DialogTitle>Edit request</DialogTitle>
        <DialogDescription>
          Until we send a quote, you can adjust the details. The team sees each change at once.
        </DialogDescription>
      </DialogHeader>
      <Form form={form} onSubmit={onSubmit} className="grid gap-5 sm:grid-cols-2">
        <TextField
          name="budget_eur"
          id="edit-budget"
          label="Budget (€)"
          inputMode="numeric"
          format={(value) => value.replace(/\D/g, "").slice(0, BUDGET_MAX_DIGITS)}
          hint={budget >= 1 ? `${formatEuro(budget)}, in whole euros.` : "In whole euros, digits only."}
        />
        <SelectField
          name="urgency"
          id="edit-urgency"
          label="Urgency"
          options={URGENCIES.map((value) => ({ value, label: value }))}
        />
        <TextField
          name="deadline"
          id="edit-deadline"
          label="Deadline"
          type="date"
          min={lisbonDate()}
          hint="Optional. Leave empty for no deadline."
          className="sm:col-span-2"
        />
        <TextareaField
          name="notes"
          id="edit-notes"
          label="Notes"
          rows={5}
          hint="Up to 2000 characters."
          className="sm:col-span-2"
        />
        <FormError className="sm:col-span-2" />
        <DialogFooter className="pt-2 sm:col-span-2">
          <Button type="button" variant="ghost" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? "Saving…" : "Save Changes"}
          </Button>
        </DialogFooter>
      </Form>
    </>
  );
}

export function WithdrawRequest({ request }: { request: RequestDetail }) {
  const withdraw = useWithdrawRequest(request.id);
  const [open, setOpen] = useState(false);

  async function onConfirm(event: React.MouseEvent) {
    event.preventDefault();
    try {
      await withdraw.mutateAsync();
      toast.success("Your request is withdrawn. Its history stays here.");
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : "Failed to withdraw the request");
    } finally {
      setOpen(false);
    }
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !withdraw.isPending && setOpen(next)}
      trigger={
        <Button variant="outline" className="justify-start">
          <Undo2 /> Withdraw Request
        </Button>
      }
      title="Withdraw this request?"
      description="The team stops sourcing it. The request and its messages stay here to read, and it still counts towards this month."
      cancelLabel="Keep Request"
      confirmLabel={withdraw.isPending ? "Withdrawing…" : "Withdraw Request"}
      busy={withdraw.isPending}
      onConfirm={onConfirm}
    />
  );
}
