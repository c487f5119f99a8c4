/**
 * A request's details card, as the member and the staff see it: category, budget and urgency, then the member's
 * submission date or the staff's status, creation date and phone; the notes and the attachment (with the
 * authorized download).
 */
import { useLingui } from "@lingui/react/macro";
import { Download, FileText } from "lucide-react";
import { DetailList } from "@/client/components/detail-list";
import { StatusBadge, UrgencyLabel } from "@/client/components/status-badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeading } from "@/client/components/ui/card";
import { formatEuro, formatLongDate } from "@/shared/format";
import { CATEGORY_LABELS } from "@/shared/labels";
import { attachmentUrl, type RequestDetail } from "../api";
import { PriorityBadge } from "./admin-priority-badge";

/** `staff`: the staff's view, with the status and the member's phone. */
export function RequestDetailsCard({ request, staff = false }: { request: RequestDetail; staff?: boolean }) {
  const { t, i18n } = useLingui();
  const date = { value: formatLongDate(request.createdAt), valueClassName: "tabular" };
  return (
    <Card>
      <CardHeading title={t`Details`} />
      <CardContent className="flex flex-col gap-6">
        <DetailList
          className={staff ? "grid-cols-2 gap-x-6 gap-y-5 sm:grid-cols-3" : "grid-cols-2 sm:grid-cols-4"}
          items={[
            { label: t`Category`, value: i18n._(CATEGORY_LABELS[request.category]) },
            { label: t`Budget`, value: formatEuro(request.budgetEur), valueClassName: "tabular" },
            staff
              ? { label: t`Urgency`, value: <PriorityBadge urgency={request.urgency} /> }
              : { label: t`Urgency`, value: <UrgencyLabel urgency={request.urgency} className="text-base" /> },
            ...(staff
              ? [
                  { label: t`Status`, value: <StatusBadge status={request.status} /> },
                  { label: t`Created`, ...date },
                  {
                    label: t`Phone`,
                    value: (
                      <a href={`tel:${request.phoneNumber}`} className="tabular hover:underline">
                        {request.phoneNumber}
                      </a>
                    ),
                  },
                ]
              : [{ label: t`Submitted`, ...date }]),
            ...(request.deadline
              ? [{ label: t`Deadline`, value: formatLongDate(request.deadline), valueClassName: "tabular" }]
              : []),
          ]}
        />
        <RequestNotesAndAttachment request={request} />
      </CardContent>
    </Card>
  );
}

function formatSize(bytes: number) {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function RequestNotesAndAttachment({ request }: { request: RequestDetail }) {
  const { t } = useLingui();
  return (
    <>
      <div>
        <h3 className="eyebrow text-ink-muted">{t`Notes`}</h3>
        <p className="mt-2 text-sm leading-relaxed whitespace-pre-wrap break-words">
          {request.notes || <span className="text-ink-muted">{t`No notes.`}</span>}
        </p>
      </div>
      <div>
        <h3 className="eyebrow text-ink-muted">{t`Attachment`}</h3>
        {request.attachment ? (
          <div className="mt-2 flex flex-wrap items-center gap-3 rounded-md border border-stone px-4 py-3">
            {request.attachment.type.startsWith("image/") ? (
              // A photo shows as itself, as a conversation's photos do (issue 34 item 12).
              <img
                src={attachmentUrl(request.id)}
                alt={request.attachment.name}
                loading="lazy"
                decoding="async"
                className="size-24 shrink-0 rounded-md border border-stone bg-ivory-deep object-cover sm:size-28"
              />
            ) : (
              <FileText aria-hidden className="size-5 shrink-0 text-gold-deep" strokeWidth={1.5} />
            )}
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium">{request.attachment.name}</p>
              <p className="text-xs text-ink-muted">{formatSize(request.attachment.size)}</p>
            </div>
            <Button variant="outline" size="sm" asChild>
              <a href={attachmentUrl(request.id)} download={request.attachment.name}>
                <Download /> {t`Download`}
              </a>
            </Button>
          </div>
        ) : (
          <p className="mt-2 text-sm text-ink-muted">{t`No attachment.`}</p>
        )}
      </div>
    </>
  );
}
