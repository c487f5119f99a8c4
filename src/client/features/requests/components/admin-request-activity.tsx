/** The request's history, newest first: what happened, who did it and when. */
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { History } from "lucide-react";
import { AsyncView, ListSkeleton } from "@/client/components/async-view";
import { Card, CardContent, CardHeading } from "@/client/components/ui/card";
import { i18n, type MessageDescriptor } from "@/client/lib/i18n";
import { formatEuro, formatMessageTime } from "@/shared/format";
import { STATUS_LABELS, URGENCY_LABELS } from "@/shared/labels";
import type { RequestStatus, Urgency } from "@/shared/requests";
import { type ActivityEntry, requestsAdminQueries } from "../admin-api";

function detail(entry: ActivityEntry, key: string) {
  const value = entry.details?.[key];
  return typeof value === "string" ? value : null;
}

/** A status as the interface says it ("Sourcing", "Em pesquisa"); an unknown value as it is. */
function statusName(value: string) {
  return value in STATUS_LABELS ? i18n._(STATUS_LABELS[value as RequestStatus]) : value;
}

/** The fields a member may change, as the activity names them. */
const FIELDS: Record<string, MessageDescriptor> = {
  budget: msg`budget`,
  urgency: msg`urgency`,
  deadline: msg`deadline`,
  notes: msg`notes`,
};

/**
 * Other domains' actions (quotes, card holds, delivery, notes), named as they were recorded: "quote_sent" reads
 * "Quote sent". An action not listed here reads the same way, in English.
 */
const OTHER_ACTIONS: Record<string, MessageDescriptor> = {
  quote_drafted: msg`Quote drafted`,
  quote_updated: msg`Quote updated`,
  quote_sent: msg`Quote sent`,
  quote_deleted: msg`Quote deleted`,
  quote_declined: msg`Quote declined`,
  note_added: msg`Note added`,
  hold_placed: msg`Hold placed`,
  hold_released: msg`Hold released`,
  hold_expired: msg`Hold expired`,
  authorization_cancelled: msg`Card authorisation cancelled (not the live hold)`,
  dispute_opened: msg`Payment disputed`,
  dispute_closed: msg`Dispute decided`,
  dispute_evidence_submitted: msg`Dispute evidence submitted`,
  hold_lapse_warned: msg`Warned: the hold lapses within 48 h`,
  reauthorization_requested: msg`Reauthorization requested`,
  payment_captured: msg`Payment captured`,
  payment_refunded: msg`Payment refunded`,
  refund_failed: msg`Refund failed`,
  delivered: STATUS_LABELS.Delivered,
  receipt_confirmed: msg`Receipt confirmed`,
  problem_reported: msg`Problem reported`,
  rated: msg`Rated the delivery`,
  balance_invoice_sent: msg`Balance invoice sent`,
  balance_payment_received: msg`Payment received on the balance invoice`,
  balance_paid: msg`Balance paid in full`,
  balance_invoice_voided: msg`Balance invoice voided`,
  balance_overdue: msg`Balance overdue`,
  balance_reminder: msg`Balance reminder sent`,
};

function describeEntry(entry: ActivityEntry): string {
  switch (entry.action) {
    case "created":
      return i18n._(msg`Created the request`);
    case "status_changed": {
      const from = detail(entry, "from");
      const to = detail(entry, "to");
      if (from && to) {
        const fromName = statusName(from);
        const toName = statusName(to);
        return i18n._(msg`Changed the status from ${fromName} to ${toName}`);
      }
      if (!to) return i18n._(msg`Changed the status`);
      const toName = statusName(to);
      return i18n._(msg`Changed the status to ${toName}`);
    }
    case "request_changed": {
      const field = detail(entry, "field");
      if (field === "notes") return i18n._(msg`Changed the notes`);
      const show = (key: string) => {
        const value = entry.details?.[key];
        if (value === null || value === undefined || value === "") return i18n._(msg`none`);
        if (field === "budget") return formatEuro(Number(value));
        if (field === "urgency" && String(value) in URGENCY_LABELS) {
          return i18n._(URGENCY_LABELS[String(value) as Urgency]);
        }
        return String(value);
      };
      if (!field) return i18n._(msg`Changed the request`);
      const fieldName = field in FIELDS ? i18n._(FIELDS[field]) : field;
      const from = show("from");
      const to = show("to");
      return i18n._(msg`Changed the ${fieldName} from ${from} to ${to}`);
    }
    case "replied":
      return i18n._(msg`Replied to the member`);
    case "message":
      return i18n._(msg`Sent a message`);
    case "attachment_added": {
      const name = detail(entry, "name");
      return name ? i18n._(msg`Attached ${name}`) : i18n._(msg`Added an attachment`);
    }
    case "attachment_replaced": {
      const name = detail(entry, "name");
      return name ? i18n._(msg`Replaced the attachment with ${name}`) : i18n._(msg`Replaced the attachment`);
    }
    case "assigned": {
      if (entry.details?.turn) return i18n._(msg`Assigned in turn`);
      const to = detail(entry, "to");
      return to ? i18n._(msg`Assigned the request to ${to}`) : i18n._(msg`Assigned the request`);
    }
    case "unassigned":
      return i18n._(msg`Unassigned the request`);
    default: {
      if (Object.hasOwn(OTHER_ACTIONS, entry.action)) return i18n._(OTHER_ACTIONS[entry.action]);
      // An action added later: its name, as recorded.
      const text = entry.action.replaceAll("_", " ");
      return text.charAt(0).toUpperCase() + text.slice(1);
    }
  }
}

export function ActivityCard({ requestId }: { requestId: string }) {
  const { t } = useLingui();
  const query = useQuery(requestsAdminQueries.activity(requestId));
  return (
    <Card>
      <CardHeading icon={History} title={t`Activity`} />
      <CardContent>
        <AsyncView
          query={query}
          loading={<ListSkeleton label={t`Loading activity`} items={["h-10", "h-10", "h-10"]} />}
          errorFallback={t`Failed to load activity`}
          isEmpty={(data) => data.items.length === 0}
          empty={<p className="text-sm text-ink-muted">{t`No activity yet.`}</p>}
        >
          {(data) => (
            <ol aria-label={t`Activity`} className="flex flex-col">
              {[...data.items].reverse().map((entry, index, items) => (
                <li key={entry.id} className="relative flex gap-3 pb-4 last:pb-0">
                  {index < items.length - 1 && (
                    <span aria-hidden className="absolute top-3 bottom-0 left-[0.28rem] w-px bg-stone" />
                  )}
                  <span
                    aria-hidden
                    className="relative mt-1.5 size-2.5 shrink-0 rounded-full border-2 border-gold bg-card"
                  />
                  <div className="min-w-0 text-sm">
                    <p className="break-words">{describeEntry(entry)}</p>
                    <p className="mt-0.5 text-xs text-ink-muted">
                      <span>{entry.actor ?? t`System`}</span>
                      {" · "}
                      <time dateTime={String(entry.createdAt)} className="tabular">
                        {formatMessageTime(entry.createdAt)}
                      </time>
                    </p>
                  </div>
                </li>
              ))}
            </ol>
          )}
        </AsyncView>
      </CardContent>
    </Card>
  );
}
