/**
 * Status colours, one map for every screen: a request's status (New, Sourcing, Quoted, Found, Delivered, Failed,
 * Withdrawn)
 * looks the same to the member and in the admin pipeline, and a membership's status reads the same wherever it
 * is shown.
 */

import { cn } from "@/client/lib/utils";
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

export const STATUS_STYLES: Record<Status, { label: string; tone: Tone }> = {
  New: { label: "New", tone: "attention" },
  Sourcing: { label: "Sourcing", tone: "progress" },
  Quoted: { label: "Quoted", tone: "offer" },
  Found: { label: "Found", tone: "success" },
  Delivered: { label: "Delivered", tone: "done" },
  Failed: { label: "Failed", tone: "failed" },
  Withdrawn: { label: "Withdrawn", tone: "inactive" },
  active: { label: "Active", tone: "success" },
  past_due: { label: "Past due", tone: "failed" },
  canceled: { label: "Canceled", tone: "inactive" },
  paid: { label: "Paid", tone: "success" },
  open: { label: "Open", tone: "attention" },
  responded: { label: "Responded", tone: "success" },
  closed: { label: "Closed", tone: "inactive" },
};

export function StatusBadge({ status, className }: { status: Status | (string & {}); className?: string }) {
  const style = STATUS_STYLES[status as Status] ?? { label: status, tone: "inactive" as const };
  return (
    <span data-status={status} className={cn(TONE_CLASSES[style.tone], className)}>
      {style.label}
    </span>
  );
}

/** A request's urgency as text; High in the destructive style (spec section 4). */
export function UrgencyLabel({ urgency, className }: { urgency: Urgency; className?: string }) {
  return (
    <span
      data-urgency={urgency}
      className={cn(urgency === "High" ? "font-medium text-oxblood" : "text-ink-muted", className)}
    >
      {urgency}
    </span>
  );
}
