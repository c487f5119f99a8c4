/** What the member's and the staff's screens of the loop share: the hold's badge, the photos, the way out. */
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { FileText } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useNavigate } from "react-router";
import { ReceiptLink } from "@/client/components/receipt-link";
import { Badge } from "@/client/components/ui/badge";
import type { BadgeVariantProps } from "@/client/components/ui/badge-variants";
import { sharedText } from "@/client/lib/api";
import { holdExpiryText } from "@/client/lib/hold-expiry";
import { type MessageDescriptor, useLocale } from "@/client/lib/i18n";
import { cn } from "@/client/lib/utils";
import type { HoldStatus, QUOTE_STATUSES } from "@/shared/quotes";
import { type Hold, type Quote, type QuoteFile, type QuoteOption, quoteFileUrl } from "../api";

const HOLD_TONES: Record<HoldStatus, BadgeVariantProps["variant"]> = {
  pending: "gold",
  requires_action: "gold",
  held: "default",
  captured: "success",
  released: "muted",
  expired: "destructive",
  refunded: "muted",
};

/** Each hold state's name, translated where shown (the values stay English on the wire). */
const HOLD_LABELS: Record<HoldStatus, MessageDescriptor> = {
  pending: msg`Awaiting card`,
  requires_action: msg`Awaiting bank confirmation`,
  held: msg`Held`,
  captured: msg`Captured`,
  released: msg`Released`,
  expired: msg`Expired`,
  refunded: msg`Refunded`,
};

export function HoldBadge({ status, className }: { status: HoldStatus; className?: string }) {
  const { i18n } = useLingui();
  return (
    <Badge variant={HOLD_TONES[status]} data-hold={status} className={className}>
      {i18n._(HOLD_LABELS[status])}
    </Badge>
  );
}

/** "Hold expires in 5 h", "Hold expires in 3 days", "Hold expired", in the interface's language. */
export function HoldExpiry({ expiresAt }: { expiresAt: string }) {
  useLocale(); // re-renders when the language changes
  return holdExpiryText(expiresAt);
}

export const QUOTE_STATUS_LABELS: Record<(typeof QUOTE_STATUSES)[number], MessageDescriptor> = {
  draft: msg`Draft`,
  sent: msg({ message: "Sent", context: "quote" }),
  accepted: msg`Accepted`,
  declined: msg`Declined`,
  superseded: msg`Superseded`,
};

/** Under a hold, on either side: why the card failed (the provider's words, as an alert) and the receipt. */
export function HoldOutcome({ hold, alertClassName }: { hold: Hold; alertClassName: string }) {
  const { t } = useLingui();
  return (
    <>
      {hold.failure && (
        <p role="alert" className={cn("rounded-md border border-oxblood/30 bg-oxblood/5 text-oxblood", alertClassName)}>
          {sharedText(hold.failure)}
        </p>
      )}
      {hold.receiptUrl && (
        <ReceiptLink href={hold.receiptUrl} className="self-start">
          {t`View receipt`}
        </ReceiptLink>
      )}
    </>
  );
}

export function QuoteBadge({ quote }: { quote: Quote }) {
  const { t, i18n } = useLingui();
  if (quote.status === "sent" && quote.expired) return <Badge variant="destructive">{t`Expired`}</Badge>;
  const variant: BadgeVariantProps["variant"] =
    quote.status === "accepted"
      ? "success"
      : quote.status === "sent"
        ? "gold"
        : quote.status === "draft"
          ? "outline"
          : "muted";
  return <Badge variant={variant}>{i18n._(QUOTE_STATUS_LABELS[quote.status])}</Badge>;
}

const isImage = (file: QuoteFile) => file.type.startsWith("image/");
const PhotoGallery = lazy(() => import("./photo-gallery"));

/**
 * Photos as thumbnails that open full screen, one after another (swipe, arrows, zoom: photo-gallery.tsx, loaded
 * on the first open); a PDF as a link that opens it. `label` names the set for screen readers ("Photos of
 * Option 1").
 */
export function QuoteFiles({
  requestId,
  files,
  label,
  className,
}: {
  requestId: string;
  files: QuoteFile[];
  label: string;
  className?: string;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState<number | null>(null);
  if (files.length === 0) return null;
  const photos = files.filter(isImage).map((file) => ({ src: quoteFileUrl(requestId, file.id), alt: file.name }));
  let photoIndex = 0;
  return (
    <>
      <ul aria-label={label} className={cn("flex flex-wrap gap-2", className)}>
        {files.map((file) => {
          if (!isImage(file)) {
            return (
              <li key={file.id}>
                <a
                  href={quoteFileUrl(requestId, file.id)}
                  target="_blank"
                  rel="noreferrer"
                  className="flex h-20 max-w-48 items-center gap-2 rounded-md border border-stone bg-ivory px-3 text-xs hover:border-gold"
                >
                  <FileText aria-hidden className="size-5 shrink-0 text-gold-deep" strokeWidth={1.5} />
                  <span className="line-clamp-3 break-all">{file.name}</span>
                </a>
              </li>
            );
          }
          const index = photoIndex++;
          return (
            <li key={file.id}>
              <button
                type="button"
                // Named on the button itself, not only through its picture (issue 34 item 12).
                aria-label={t`View ${file.name}`}
                onClick={() => setOpen(index)}
                className="block size-20 cursor-zoom-in overflow-hidden rounded-md border border-stone bg-ivory-deep transition-colors hover:border-gold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-deep"
              >
                <img src={quoteFileUrl(requestId, file.id)} alt="" loading="lazy" className="size-full object-cover" />
              </button>
            </li>
          );
        })}
      </ul>
      {open !== null && (
        <Suspense fallback={null}>
          <PhotoGallery photos={photos} index={open} label={label} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * Goes to a URL the server gave (the card page): through the router when it is one of ours (the test-mode card
 * page), otherwise by leaving for it (Stripe Checkout).
 */
export function useFollowUrl() {
  const navigate = useNavigate();
  return (url: string) => {
    const target = new URL(url, window.location.origin);
    if (target.origin === window.location.origin) navigate(target.pathname + target.search + target.hash);
    else window.location.assign(url);
  };
}

/** An option's photos, named for screen readers after the option ("Photos of Option 1"). */
export function OptionPhotos({
  requestId,
  option,
  className,
}: {
  requestId: string;
  option: QuoteOption;
  className?: string;
}) {
  const { t } = useLingui();
  return (
    <QuoteFiles
      requestId={requestId}
      files={option.photos}
      label={t`Photos of ${option.title}`}
      className={className}
    />
  );
}
