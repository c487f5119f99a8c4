/**
 * A card dispute on /admin/requests/:id (issue 30): its status, amount, reason and the bank's deadline; the
 * evidence pack the app built (every field editable) submitted once behind a confirm step; then what the bank
 * decided. In test mode with the QA tools on, the test bank can open and decide a dispute on a captured payment.
 */
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { ShieldAlert } from "lucide-react";
import { useId, useState } from "react";
import { ConfirmDialog } from "@/client/components/confirm-dialog";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeading } from "@/client/components/ui/card";
import { Label } from "@/client/components/ui/label";
import { Textarea } from "@/client/components/ui/textarea";
import { toastFailure, toastOutcome } from "@/client/lib/toasts";
import { formatMessageTime } from "@/shared/format";
import { quoteQueries } from "../api";
import { type Dispute, disputeQueries, type Evidence, useSubmitEvidence, useTestBank } from "../dispute-api";
import { formatCents } from "../money";

const FIELDS: Array<{ key: keyof Evidence; label: ReturnType<typeof msg> }> = [
  { key: "product_description", label: msg`What was sold` },
  { key: "customer_name", label: msg`Member's name` },
  { key: "customer_email_address", label: msg`Member's email` },
  { key: "service_date", label: msg`Delivery date` },
  { key: "shipping_documentation_text", label: msg`Handover and receipt` },
  { key: "customer_communication", label: msg`Messages with the member` },
  { key: "uncategorized_text", label: msg`Quote, acceptance and card authorisation` },
];

const STATUS: Record<string, ReturnType<typeof msg>> = {
  warning_needs_response: msg`Inquiry: answer needed`,
  needs_response: msg`Answer needed`,
  under_review: msg`Under review`,
  won: msg`Won`,
  lost: msg`Lost`,
};

/** The bank's reason, in words (Stripe's most common; any other reads as its code, spaced out). */
const REASONS: Record<string, ReturnType<typeof msg>> = {
  fraudulent: msg`the card holder says they did not make the payment`,
  product_not_received: msg`product not received`,
  product_unacceptable: msg`product not as described`,
  duplicate: msg`charged twice`,
  credit_not_processed: msg`a refund was not processed`,
  unrecognized: msg`payment not recognised`,
  general: msg`no reason given`,
};

/** The dispute card, when the request has one (or the test bank may open one on a captured payment). */
export function DisputePanel({ requestId }: { requestId: string }) {
  const { data } = useQuery(disputeQueries.dispute(requestId));
  const requestQuotes = useQuery(quoteQueries.adminRequestQuotes(requestId)).data;
  const captured = requestQuotes?.hold?.status === "captured" || requestQuotes?.hold?.status === "refunded";
  if (!data) return null;
  if (!data.dispute) return data.testBank && captured ? <TestBankOpen requestId={requestId} /> : null;
  return <DisputeCard requestId={requestId} dispute={data.dispute} testBank={data.testBank} />;
}

function DisputeCard({ requestId, dispute, testBank }: { requestId: string; dispute: Dispute; testBank: boolean }) {
  const { t, i18n } = useLingui();
  const decided = dispute.status === "won" || dispute.status === "lost";
  const status = STATUS[dispute.status];
  const due = dispute.evidenceDueBy ? formatMessageTime(dispute.evidenceDueBy) : null;
  const submitted = dispute.evidenceSubmittedAt ? formatMessageTime(dispute.evidenceSubmittedAt) : null;
  return (
    <Card>
      <CardHeading
        icon={ShieldAlert}
        title={t`Card dispute`}
        aside={
          <Badge
            variant={dispute.status === "won" ? "success" : decided || dispute.answerable ? "destructive" : "muted"}
          >
            {status ? i18n._(status) : dispute.status}
          </Badge>
        }
      />
      <CardContent className="flex flex-col gap-3 text-sm">
        <div className="flex items-baseline justify-between gap-3">
          <span className="eyebrow text-ink-muted">{t`Disputed`}</span>
          <span className="tabular font-serif text-2xl">{formatCents(dispute.amountCents)}</span>
        </div>
        <p className="text-ink-muted">
          {t`Reason given by the bank:`}{" "}
          {REASONS[dispute.reason] ? i18n._(REASONS[dispute.reason]) : dispute.reason.replaceAll("_", " ")}
        </p>
        {dispute.answerable && due && (
          <p role="status" className="rounded-md border border-oxblood/30 bg-oxblood/5 px-3 py-2 text-oxblood">
            {t`The evidence must reach the bank by ${due}.`}
          </p>
        )}
        {submitted && <p className="text-ink-muted">{t`Evidence submitted on ${submitted}.`}</p>}
        {dispute.answerable && <EvidenceForm requestId={requestId} evidence={dispute.evidence} />}
        {testBank && !decided && <TestBankDecide requestId={requestId} />}
      </CardContent>
    </Card>
  );
}

function EvidenceForm({ requestId, evidence }: { requestId: string; evidence: Evidence }) {
  const { t, i18n } = useLingui();
  const [draft, setDraft] = useState<Evidence>(evidence);
  const [open, setOpen] = useState(false);
  const submit = useSubmitEvidence(requestId);
  const baseId = useId();
  return (
    <div className="flex flex-col gap-3">
      <p className="text-ink-muted">
        {t`Built from what Maison holds. Review each part, then submit it once: the bank reads it as it is.`}
      </p>
      {FIELDS.map(({ key, label }) => (
        <div key={key} className="flex flex-col gap-1">
          <Label htmlFor={`${baseId}-${key}`}>{i18n._(label)}</Label>
          <Textarea
            id={`${baseId}-${key}`}
            value={draft[key]}
            className="min-h-16 text-xs"
            onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
          />
        </div>
      ))}
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => !submit.isPending && setOpen(next)}
        trigger={
          <Button size="sm" className="self-start">
            {t`Submit evidence`}
          </Button>
        }
        title={t`Submit the evidence to the bank?`}
        description={t`It can be submitted only once. The bank then decides, usually within a few weeks.`}
        cancelLabel={t`Keep editing`}
        confirmLabel={submit.isPending ? t`Submitting…` : t`Submit evidence`}
        busy={submit.isPending}
        onConfirm={(event) => {
          event.preventDefault();
          submit.mutate(
            draft,
            toastOutcome(t`Evidence submitted`, t`The evidence could not be submitted.`, () => setOpen(false)),
          );
        }}
      />
    </div>
  );
}

function TestBankOpen({ requestId }: { requestId: string }) {
  const { t } = useLingui();
  const bank = useTestBank(requestId);
  return (
    <Card>
      <CardHeading icon={ShieldAlert} title={t`Card dispute`} />
      <CardContent className="flex flex-col gap-2 text-sm">
        <p className="text-ink-muted">{t`Test mode: the member's bank can dispute the captured payment.`}</p>
        <Button
          size="sm"
          variant="outline"
          className="self-start"
          disabled={bank.isPending}
          onClick={() => bank.mutate({ open: true }, { onError: (error) => toastFailure(error, t`Please try again.`) })}
        >
          {t`Open a test dispute`}
        </Button>
      </CardContent>
    </Card>
  );
}

function TestBankDecide({ requestId }: { requestId: string }) {
  const { t } = useLingui();
  const bank = useTestBank(requestId);
  const decide = (outcome: "won" | "lost") =>
    bank.mutate({ outcome }, { onError: (error) => toastFailure(error, t`Please try again.`) });
  return (
    <div className="flex flex-wrap items-center gap-2 border-t border-stone pt-3">
      <span className="text-xs text-ink-muted">{t`Test mode: the bank decides`}</span>
      <Button size="sm" variant="outline" disabled={bank.isPending} onClick={() => decide("won")}>
        {t`Won`}
      </Button>
      <Button size="sm" variant="outline" disabled={bank.isPending} onClick={() => decide("lost")}>
        {t`Lost`}
      </Button>
    </div>
  );
}
