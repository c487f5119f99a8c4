/**
 * Status colours, one map for every screen: a request's status (New, Sourcing, Quoted, Found, Delivered, Failed,
 * Withdrawn)
 * looks the same to the member and in the admin pipeline, and a membership's status reads the same wherever it
 * is shown.
 */

import { msg } from "@lingui/core/macro";
import { i18n, type MessageDescriptor, useLocale } from "@/client/lib/i18n";
import { cn } from "@/client/lib/utils";
import { STATUS_LABELS, URGENCY_LABELS } from "@/shared/labels";
import type { SubscriptionStatus } from "@/shared/plans";
import type { InquiryStatus, RequestStatus, Urgency } from "@/shared/requests";
import { badgeVariants } from "./ui/badge-variants";

/** A request's, a membership's, an invoice's or a sales inquiry's status. */
export type Status = RequestStatus | SubscriptionStatus | InquiryStatus | "paid";

type Tone = "attention" | "progress" | "offer" | "success" | "done" | "failed" | "inactive";

/** Each tone is a palette pair checked for AA contrast (see styles/index.css). */
const TONE_CLASSES: Record<Tone, string> = {
  attention: badgeVariants({ variant: "gold" }),
  progress: badgeVariants({ variant: "outline" }),
  offer: cn(badgeVariants(), "border-gold-deep bg-gold-deep"),
  success: badgeVariants({ variant: "success" }),
  done: cn(badgeVariants(), "border-forest bg-forest"),
  failed: badgeVariants({ variant: "destructive" }),
  inactive: badgeVariants({ variant: "muted" }),
};

/** Each status's name (translated where shown: request statuses are the shared labels) and tone. */
export const STATUS_STYLES: Record<Status, { label: MessageDescriptor; tone: Tone }> = {
  New: { label: STATUS_LABELS.New, tone: "attention" },
  Sourcing: { label: STATUS_LABELS.Sourcing, tone: "progress" },
  Quoted: { label: STATUS_LABELS.Quoted, tone: "offer" },
  Found: { label: STATUS_LABELS.Found, tone: "success" },
  Delivered: { label: STATUS_LABELS.Delivered, tone: "done" },
  Failed: { label: STATUS_LABELS.Failed, tone: "failed" },
  Withdrawn: { label: STATUS_LABELS.Withdrawn, tone: "inactive" },
  active: { label: msg`Active`, tone: "success" },
  past_due: { label: msg`Past due`, tone: "failed" },
  canceled: { label: msg`Canceled`, tone: "inactive" },
  paid: { label: msg`Paid`, tone: "success" },
  open: { label: msg`Open`, tone: "attention" },
  responded: { label: msg`Responded`, tone: "success" },
  closed: { label: msg`Closed`, tone: "inactive" },
};

export function StatusBadge({ status, className }: { status: Status | (string & {}); className?: string }) {
  useLocale();
  const style = STATUS_STYLES[status as Status];
  return (
    <span data-status={status} className={cn(TONE_CLASSES[style?.tone ?? "inactive"], className)}>
      {style ? i18n._(style.label) : status}
    </span>
  );
}

/** A request's urgency as text; High in the destructive style (spec section 4). */
export function UrgencyLabel({ urgency, className }: { urgency: Urgency; className?: string }) {
  useLocale();
  return (
    <span
      data-urgency={urgency}
      className={cn(urgency === "High" ? "font-medium text-oxblood" : "text-ink-muted", className)}
    >
      {URGENCY_LABELS[urgency] ? i18n._(URGENCY_LABELS[urgency]) : urgency}
    </span>
  );
}
