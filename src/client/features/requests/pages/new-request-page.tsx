import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { FileText, Paperclip } from "lucide-react";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { Form, fieldsOf } from "@/client/components/form";
import { PageHeader } from "@/client/components/page-header";
import { PhoneInput } from "@/client/components/phone-input";
import { RemoveButton } from "@/client/components/remove-button";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import { ApiError, errorMessage, sharedText } from "@/client/lib/api";
import { useSession } from "@/client/lib/session";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { MESSAGE_FILE_TEXTS } from "@/shared/contracts/common-texts";
import { REQUEST_ERRORS } from "@/shared/contracts/requests-texts";
import { formatCount, formatEuro, formatLongDate } from "@/shared/format";
import { CATEGORY_LABELS, URGENCY_LABELS } from "@/shared/labels";
import { MESSAGE_FILE_ACCEPT, MESSAGE_FILE_TYPES } from "@/shared/message-files";
import { DEFAULT_COUNTRY_CODE, digitsOnly, joinPhone, REQUEST_COUNTRY_CODES, splitPhone } from "@/shared/phone";
import { DEFAULT_URGENCY, REQUEST_CATEGORIES, URGENCIES } from "@/shared/requests";
import { firstIssueMessage, newRequestSchema } from "@/shared/schemas";
import { type Allowance, requestQueries, useCreateRequest, useUploadAttachment } from "../api";

const MAX_UPLOAD_MB = 20;
/** The spec's message for a member at the limit (section 8), the server's refusal too. */
/** Budgets are whole euros: 10 digits reach the largest budget the server takes (1,000,000,000). */
const BUDGET_MAX_DIGITS = 10;

interface Values {
  title: string;
  category: string;
  budget_eur: string;
  urgency: string;
  notes: string;
  phone_number: string;
}

/** /new-request, for members (the router sends staff to /admin). A paid plan is required to submit. */
export default function NewRequestPage() {
  const { t } = useLingui();
  useDocumentTitle(t`New Request`);
  const session = useSession();
  // Silver, Gold or Black, active (an inactive membership counts as Basic); the server checks it again.
  const paid = session.plan !== "free";
  return (
    <div className="mx-auto max-w-3xl px-6 py-14 sm:py-20">
      <PageHeader
        eyebrow={t`Private sourcing`}
        title={t`New Request`}
        description={t`Tell us what you are looking for. Your concierge team reviews every request personally.`}
      />
      <div className="mt-10">{paid ? <NewRequestForm /> : <PaidPlanRequired />}</div>
    </div>
  );
}

function PaidPlanRequired() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [open, setOpen] = useState(true);
  return (
    <>
      <Card>
        <CardContent className="flex flex-col items-start gap-4 p-8">
          <p className="eyebrow text-gold-deep">{t`Silver, Gold or Black`}</p>
          <h2 className="text-3xl">{t`Paid Plan Required`}</h2>
          <p className="text-sm leading-relaxed text-ink-muted">
            {t`Sourcing requests are part of our paid memberships. Upgrade to Silver, Gold or Black to submit your first request.`}
          </p>
          <Button asChild>
            <Link to="/pricing">{t`View Pricing Plans`}</Link>
          </Button>
        </CardContent>
      </Card>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t`Paid Plan Required`}</DialogTitle>
            <DialogDescription>
              {t`Your Basic membership does not include sourcing requests. Upgrade to Silver, Gold or Black to submit requests to our concierge team.`}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t`Maybe Later`}</Button>
            </DialogClose>
            <Button onClick={() => navigate("/pricing")}>{t`View Pricing Plans`}</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** The requests left this month; at none left, why the form is closed and the day it opens again. */
function AllowanceNote({ allowance, planLabel }: { allowance: Allowance | undefined; planLabel: string }) {
  const { t } = useLingui();
  if (!allowance) return null;
  if (!allowance.canCreate && allowance.limit) {
    const remaining = formatCount(allowance.remainingThisMonth ?? 0);
    const limit = allowance.limit;
    return (
      <div
        className="flex flex-col gap-2 rounded-md border border-gold/60 bg-ivory-deep/60 px-4 py-3 text-sm"
        role="status"
      >
        <p className="font-medium">{t`${remaining} of ${limit} requests remaining this month.`}</p>
        <p className="text-ink-muted">{sharedText(REQUEST_ERRORS.limitReached)}</p>
        <p className="text-ink-muted">
          <Trans>
            Your {planLabel} membership includes {limit} requests a month. Your allowance renews on{" "}
            <time dateTime={allowance.renewsOn} className="tabular font-medium text-noir">
              {formatLongDate(allowance.renewsOn)}
            </time>
            ; Gold and Black include unlimited requests.
          </Trans>
        </p>
        <p>
          <Link to="/pricing" className="font-medium underline underline-offset-4 hover:text-gold-deep">
            {t`View Pricing Plans`}
          </Link>
        </p>
      </div>
    );
  }
  const remaining = formatCount(allowance.remainingThisMonth ?? 0);
  const limit = allowance.limit;
  const text =
    allowance.remainingThisMonth === null
      ? t`Your membership includes unlimited requests.`
      : t`${remaining} of ${limit} requests remaining this month.`;
  return (
    <p className="rounded-md border border-stone bg-ivory-deep/60 px-4 py-3 text-sm text-ink-muted" role="status">
      {text}
    </p>
  );
}

function formatSize(bytes: number) {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function NewRequestForm() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const { profile, planLabel } = useSession();
  const allowance = useQuery(requestQueries.allowance());
  // None left this month: nothing typed here could be sent (if the count cannot be read, the member may try).
  const limitReached = allowance.data?.canCreate === false;
  const create = useCreateRequest();
  const upload = useUploadAttachment();
  const initialPhone = splitPhone(profile?.phone);
  const [countryCode, setCountryCode] = useState(
    (REQUEST_COUNTRY_CODES as readonly string[]).includes(initialPhone.countryCode)
      ? initialPhone.countryCode
      : DEFAULT_COUNTRY_CODE,
  );
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useForm<Values>({
    defaultValues: {
      title: "",
      category: "",
      budget_eur: "",
      urgency: DEFAULT_URGENCY,
      notes: "",
      phone_number: initialPhone.digits,
    },
  });
  const { TextField, TextareaField, SelectField, ControlField } = fieldsOf(form);
  const busy = form.formState.isSubmitting;
  const budget = Number(form.watch("budget_eur"));

  function chooseFile(chosen: File | undefined) {
    if (fileInput.current) fileInput.current.value = "";
    if (!chosen) return;
    if (chosen.size > MAX_UPLOAD_MB * 1024 * 1024) {
      toast.error(t`The file is larger than ${MAX_UPLOAD_MB} MB`);
      return;
    }
    // The same rule and words as a conversation's files (issue 34 item 10); the server reads the bytes.
    if (chosen.type && !(MESSAGE_FILE_TYPES as readonly string[]).includes(chosen.type)) {
      toast.error(sharedText(MESSAGE_FILE_TEXTS.typeRefused));
      return;
    }
    setFile(chosen);
  }

  async function onSubmit(values: Values) {
    const parsed = newRequestSchema.safeParse({ ...values, phone_number: joinPhone(countryCode, values.phone_number) });
    form.clearErrors();
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path[0];
      if (typeof field === "string" && field in values) {
        form.setError(field as keyof Values, { message: issue?.message }, { shouldFocus: true });
      }
      toast.error(sharedText(firstIssueMessage(parsed.error)));
      return;
    }
    let created: { id: string };
    try {
      created = await create.mutateAsync(parsed.data);
    } catch (error) {
      toast.error(error instanceof ApiError && error.status === 403 ? errorMessage(error) : t`Error creating request`);
      // Another tab may have used the last request: the note and the form follow the server's count.
      if (error instanceof ApiError && error.status === 403) void allowance.refetch();
      return;
    }
    let uploadError: string | null = null;
    if (file) {
      setProgress(0);
      try {
        await upload.mutateAsync({ id: created.id, file, onProgress: setProgress });
      } catch (error) {
        uploadError = error instanceof ApiError ? errorMessage(error) : t`Upload failed`;
      }
    }
    toast.success(t`Request submitted! Our team has been notified by email and will review it shortly.`);
    if (uploadError) toast.error(t`Your file was not attached: ${uploadError}`);
    navigate(`/requests/${created.id}`);
  }

  const percent = progress === null ? null : Math.round(progress * 100);

  return (
    <Card>
      <CardContent className="p-6 sm:p-9">
        <Form form={form} onSubmit={onSubmit} className="flex flex-col gap-6">
          <AllowanceNote allowance={allowance.data} planLabel={planLabel} />
          {/*
            At the limit every field is disabled with the fieldset, and so is Submit: the form cannot succeed. The
            choosers are told as well: a Radix select opens on pointerdown, which a disabled fieldset lets through.
          */}
          <fieldset disabled={limitReached} className="grid min-w-0 gap-6 sm:grid-cols-2">
            <legend className="sr-only">{t`Your request`}</legend>
            <TextField
              name="title"
              label={t`Title`}
              className="sm:col-span-2"
              placeholder={t`e.g. Hermès Birkin 25 in Gold Togo`}
            />
            <SelectField
              name="category"
              label={t`Category`}
              placeholder={t`Select a category`}
              options={REQUEST_CATEGORIES.map((value) => ({ value, label: i18n._(CATEGORY_LABELS[value]) }))}
              disabled={limitReached}
            />
            <TextField
              name="budget_eur"
              label={t`Budget (€)`}
              inputMode="numeric"
              placeholder="25000"
              format={(value) => digitsOnly(value).slice(0, BUDGET_MAX_DIGITS)}
              hint={budget >= 1 ? t`${formatEuro(budget)}, in whole euros.` : t`In whole euros, digits only.`}
            />
            <SelectField
              name="urgency"
              label={t`Urgency`}
              options={URGENCIES.map((value) => ({ value, label: i18n._(URGENCY_LABELS[value]) }))}
              disabled={limitReached}
            />
            <ControlField
              name="phone_number"
              label={t`Phone`}
              render={(field, { id, "aria-invalid": invalid }) => (
                <PhoneInput
                  id={id}
                  codes={REQUEST_COUNTRY_CODES}
                  countryCode={countryCode}
                  onCountryCodeChange={setCountryCode}
                  digits={field.value}
                  onDigitsChange={field.onChange}
                  invalid={invalid}
                  disabled={limitReached}
                />
              )}
            />
            <TextareaField
              name="notes"
              label={t`Notes`}
              className="sm:col-span-2"
              rows={5}
              placeholder={t`Sizes, colours, preferred condition, delivery location, timing…`}
              hint={t`Up to 2000 characters.`}
            />
            <div className="flex flex-col gap-3 sm:col-span-2">
              <span className="text-sm font-medium" id="attachment-label">
                <Trans>
                  Attachment <span className="font-normal text-ink-muted">(optional)</span>
                </Trans>
              </span>
              <input
                ref={fileInput}
                id="attachment"
                type="file"
                className="sr-only"
                // Reached through 'Attach a File', not as a Tab stop of its own (issue 34 item 12).
                tabIndex={-1}
                aria-labelledby="attachment-label"
                accept={MESSAGE_FILE_ACCEPT}
                onChange={(event) => chooseFile(event.target.files?.[0])}
                disabled={busy}
              />
              {file ? (
                <div className="flex items-center gap-3 rounded-md border border-stone bg-ivory px-4 py-3">
                  <FileText aria-hidden className="size-5 shrink-0 text-gold-deep" strokeWidth={1.5} />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium">{file.name}</p>
                    <p className="text-xs text-ink-muted">{formatSize(file.size)}</p>
                    {percent !== null && (
                      <div className="mt-2 flex items-center gap-3">
                        <div
                          role="progressbar"
                          aria-label={t`Upload progress`}
                          aria-valuemin={0}
                          aria-valuemax={100}
                          aria-valuenow={percent}
                          className="h-1.5 flex-1 overflow-hidden rounded-full bg-stone"
                        >
                          <div className="h-full bg-gold-deep transition-[width]" style={{ width: `${percent}%` }} />
                        </div>
                        <span className="text-xs tabular-nums text-ink-muted">{percent}%</span>
                      </div>
                    )}
                  </div>
                  {!busy && <RemoveButton label={t`Remove ${file.name}`} onClick={() => setFile(null)} />}
                </div>
              ) : (
                <div>
                  <Button type="button" variant="outline" onClick={() => fileInput.current?.click()} disabled={busy}>
                    <Paperclip /> {t`Attach a File`}
                  </Button>
                  <p className="mt-2 text-xs text-ink-muted">
                    {t`An image (JPEG, PNG, WebP) or a PDF, up to ${MAX_UPLOAD_MB} MB.`}
                  </p>
                </div>
              )}
            </div>
          </fieldset>
          <div className="flex flex-wrap items-center gap-3 border-t border-stone pt-6">
            <Button type="submit" disabled={busy || limitReached}>
              {busy ? (percent !== null ? t`Uploading… ${percent}%` : t`Submitting…`) : t`Submit Request`}
            </Button>
            <Button variant="ghost" asChild>
              <Link to="/requests">{t`Cancel`}</Link>
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
