/**
 * The staff's quote editor: one to three options (title, description, price in euro, supplier terms, estimated
 * delivery, photos), the validity date and a word to the member. Save draft keeps it to the staff; Send saves
 * and sends it (Sourcing → Quoted, or a revision replacing the current quote).
 */
import { useLingui } from "@lingui/react/macro";
import { AlertTriangle, Eye, Plus, Send, Trash2 } from "lucide-react";
import { useMemo } from "react";
import { useController, useFieldArray, useWatch } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { Form, FormError, fieldsOf, useZodForm } from "@/client/components/form";
import { Button } from "@/client/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "@/client/components/ui/dialog";
import { errorMessage, sharedText } from "@/client/lib/api";
import { QUOTE_MESSAGES } from "@/shared/contracts/quotes-texts";
import { lisbonDate } from "@/shared/dates";
import {
  deliveryOutlastsHold,
  HOLD_VALIDITY_DAYS,
  holdAmountCents,
  QUOTE_MAX_OPTIONS,
  type VatRate,
} from "@/shared/quotes";
import { type Quote, useSaveQuote, useSendQuote } from "../api";
import { formatCents, parseEuroToCents } from "../money";
import {
  emptyOption,
  formValuesOf,
  previewQuote,
  type QuoteFormSchema,
  type QuoteFormValues,
  quoteFormSchema,
  toQuoteInput,
} from "../quote-form";
import { BudgetNote, QuoteCard } from "./member-quotes";
import { PhotoUploader } from "./photo-uploader";

export function QuoteEditor({
  requestId,
  quote,
  revise = false,
  budgetCents,
  onDone,
}: {
  requestId: string;
  /** The draft being changed, or the declined quote being revised (`revise`); none for a new quote. */
  quote?: Quote;
  revise?: boolean;
  /** The member's stated budget: each price is shown against it before sending (issue 34 item 2). */
  budgetCents: number;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const today = lisbonDate();
  const schema = useMemo(() => quoteFormSchema(today), [today]);
  const form = useZodForm(schema, { defaultValues: formValuesOf(quote, { revise, today }) });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "options" });
  const { TextField, TextareaField, SelectField } = fieldsOf(form);
  // The VAT the price includes (decision 034); prices are always VAT-inclusive.
  const vatRates = [
    { value: "23", label: t`23 % (standard)` },
    { value: "13", label: t`13 % (intermediate)` },
    { value: "6", label: t`6 % (reduced)` },
    { value: "margin", label: t`Margin scheme (second-hand goods)` },
  ] satisfies Array<{ value: VatRate; label: string }>;
  const save = useSaveQuote(requestId);
  const send = useSendQuote(requestId);
  const draftId = quote?.status === "draft" && !revise ? quote.id : undefined;
  const busy = form.formState.isSubmitting;

  async function submit(values: z.output<QuoteFormSchema>, andSend: boolean) {
    try {
      const { id } = await save.mutateAsync({ quoteId: draftId, body: toQuoteInput(values) });
      if (andSend) await send.mutateAsync(id);
      toast.success(sharedText(andSend ? QUOTE_MESSAGES.quoteSent : QUOTE_MESSAGES.quoteSaved));
      onDone();
    } catch (error) {
      form.setError("root", { message: errorMessage(error, t`The quote could not be saved. Please try again.`) });
    }
  }

  return (
    <Form
      form={form}
      onSubmit={(values) => submit(values, false)}
      aria-label={draftId ? t`Edit quote` : t`New quote`}
      className="gap-6"
    >
      <ol className="flex flex-col gap-5">
        {fields.map((field, index) => {
          const number = index + 1;
          return (
            <li key={field.id}>
              <fieldset className="flex min-w-0 flex-col gap-4 rounded-lg border border-stone bg-ivory/60 p-4 sm:p-5">
                <legend className="sr-only">{t`Option ${number}`}</legend>
                <div className="flex items-center justify-between gap-3">
                  <span aria-hidden className="eyebrow text-gold-deep">
                    {t`Option ${number}`}
                  </span>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    className="text-oxblood hover:bg-oxblood/5"
                    disabled={fields.length === 1 || busy}
                    onClick={() => remove(index)}
                  >
                    <Trash2 /> {t`Remove option ${number}`}
                  </Button>
                </div>
                <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem]">
                  <TextField name={`options.${index}.title`} id={`option-${index}-title`} label={t`Title`} />
                  <TextField
                    name={`options.${index}.price`}
                    id={`option-${index}-price`}
                    label={t`Price (€)`}
                    inputMode="decimal"
                    placeholder="4500"
                    hint={<PriceHint index={index} control={form.control} budgetCents={budgetCents} />}
                  />
                </div>
                <SelectField
                  name={`options.${index}.vatRate`}
                  id={`option-${index}-vat`}
                  label={t`VAT included in the price`}
                  options={vatRates}
                  className="sm:max-w-xs"
                />
                <TextareaField
                  name={`options.${index}.description`}
                  id={`option-${index}-description`}
                  label={t`Description`}
                  rows={3}
                />
                <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem]">
                  <TextareaField
                    name={`options.${index}.supplierTerms`}
                    id={`option-${index}-terms`}
                    label={t`Supplier terms`}
                    rows={2}
                    placeholder={t`Returns, warranty, payment schedule…`}
                  />
                  <TextField
                    name={`options.${index}.estimatedDelivery`}
                    id={`option-${index}-delivery`}
                    label={t`Estimated delivery`}
                    type="date"
                    min={today}
                  />
                </div>
                <DeliveryHoldWarning index={index} control={form.control} today={today} />
                <PhotosField requestId={requestId} index={index} control={form.control} disabled={busy} />
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={fields.length >= QUOTE_MAX_OPTIONS || busy}
          onClick={() => append(emptyOption())}
        >
          <Plus /> {t`Add option`}
        </Button>
        <span className="text-xs text-ink-muted">{t`Up to ${QUOTE_MAX_OPTIONS} options.`}</span>
      </div>
      <div className="grid gap-4 sm:grid-cols-[12rem_minmax(0,1fr)]">
        <TextField name="validUntil" id="quote-valid-until" label={t`Valid until`} type="date" min={today} />
        <TextareaField
          name="message"
          id="quote-message"
          label={t`Message to the member`}
          rows={2}
          placeholder={t`A word about the options, shown above them and in the email.`}
        />
      </div>
      <FormError />
      <div className="flex flex-wrap items-center gap-3 border-t border-stone pt-5">
        <Button type="button" disabled={busy} onClick={form.handleSubmit((values) => submit(values, true))}>
          <Send /> {busy ? t`Saving…` : t`Send quote`}
        </Button>
        <Button type="submit" variant="outline" disabled={busy}>
          {t`Save draft`}
        </Button>
        <PreviewAsMember requestId={requestId} control={form.control} budgetCents={budgetCents} />
        <Button type="button" variant="ghost" disabled={busy} onClick={onDone}>
          {t`Cancel`}
        </Button>
      </div>
    </Form>
  );
}

type QuoteFormControl = ReturnType<typeof useZodForm<QuoteFormSchema>>["control"];

function PhotosField({
  requestId,
  index,
  control,
  disabled,
}: {
  requestId: string;
  index: number;
  control: QuoteFormControl;
  disabled: boolean;
}) {
  const { t } = useLingui();
  const { field, fieldState } = useController({ control, name: `options.${index}.photos` });
  return (
    <div className="flex flex-col gap-1">
      <PhotoUploader
        requestId={requestId}
        label={t`Photos`}
        value={field.value ?? []}
        onChange={field.onChange}
        disabled={disabled}
      />
      {fieldState.error?.message && (
        <p role="alert" className="text-xs font-medium text-oxblood">
          {sharedText(fieldState.error.message)}
        </p>
      )}
    </div>
  );
}

/** Under the price: what was understood, the hold accepting it would place, and the member's budget. */
function PriceHint({ index, control, budgetCents }: { index: number; control: QuoteFormControl; budgetCents: number }) {
  const { t } = useLingui();
  const price = useWatch({ control, name: `options.${index}.price` });
  const cents = parseEuroToCents(price ?? "");
  if (cents === null || cents < 100) return t`In euro; cents after a point.`;
  const amount = formatCents(cents);
  const hold = formatCents(holdAmountCents(cents));
  return (
    <span className="flex flex-col gap-1">
      <span>{t`${amount} · hold ${hold}`}</span>
      <BudgetNote priceCents={cents} budgetCents={budgetCents} side="staff" />
    </span>
  );
}

/**
 * The quote as the member will read it, before it is sent (issue 34 item 2): the member's own card, built from
 * what is typed, every button inert.
 */
function PreviewAsMember({
  requestId,
  control,
  budgetCents,
}: {
  requestId: string;
  control: QuoteFormControl;
  budgetCents: number;
}) {
  const { t } = useLingui();
  const values = useWatch({ control }) as QuoteFormValues;
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button type="button" variant="ghost">
          <Eye /> {t`Preview as member`}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[92dvh] max-w-5xl overflow-y-auto">
        <DialogTitle className="text-2xl sm:text-2xl">{t`Preview as member`}</DialogTitle>
        <DialogDescription>{t`What the member will see once the quote is sent. Its buttons do nothing here.`}</DialogDescription>
        <QuoteCard requestId={requestId} quote={previewQuote(values)} hold={null} budgetCents={budgetCents} preview />
      </DialogContent>
    </Dialog>
  );
}

/**
 * A warning, never a refusal: the option's estimated delivery falls after the day a hold authorised today would
 * lapse (HOLD_VALIDITY_DAYS), so the member may have to authorise it again before the payment is captured.
 */
function DeliveryHoldWarning({ index, control, today }: { index: number; control: QuoteFormControl; today: string }) {
  const { t } = useLingui();
  const delivery = useWatch({ control, name: `options.${index}.estimatedDelivery` });
  if (!deliveryOutlastsHold(delivery, today)) return null;
  const days = HOLD_VALIDITY_DAYS;
  return (
    <p
      role="status"
      className="flex items-start gap-2 rounded-md border border-gold/40 bg-gold/10 px-3 py-2 text-sm text-ink"
    >
      <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0 text-gold-deep" />
      <span>
        {t`Delivery is expected after the card hold would lapse (${days} days); the member may need to authorise it again before the payment is captured.`}
      </span>
    </p>
  );
}
