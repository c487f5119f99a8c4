/** Who asked: contact, membership, and the client's other requests (each a link to its own page). */
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Mail, Phone, UserRound } from "lucide-react";
import { Link } from "react-router";
import { AsyncView, ListSkeleton } from "@/client/components/async-view";
import { MemberLanguageNote, MemberLanguageTerm } from "@/client/components/member-language";
import { StatusBadge } from "@/client/components/status-badge";
import { Card, CardContent, CardHeading } from "@/client/components/ui/card";
import { formatCardDate, formatEuro, formatLongDate } from "@/shared/format";
import { planLabel } from "@/shared/plans";
import { type RequestClient, requestsAdminQueries } from "../admin-api";

export function ClientCard({ requestId }: { requestId: string }) {
  const { t } = useLingui();
  const query = useQuery(requestsAdminQueries.client(requestId));
  return (
    <Card>
      <CardHeading icon={UserRound} title={t`Client`} />
      <CardContent>
        <AsyncView
          query={query}
          loading={<ListSkeleton label={t`Loading the client`} items={["h-6 w-2/3", "h-4", "h-4", "h-16"]} />}
          errorFallback={t`Failed to load the client`}
        >
          {(data) => <ClientDetails data={data} />}
        </AsyncView>
      </CardContent>
    </Card>
  );
}

function ClientDetails({ data: { client, otherRequests } }: { data: RequestClient }) {
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-5 text-sm">
      <div className="flex flex-col gap-2.5">
        <p className="text-base font-medium break-words">
          {client.name}
          <span className="text-sm font-normal text-ink-muted">
            <MemberLanguageNote locale={client.language} />
          </span>
        </p>
        <a href={`mailto:${client.email}`} className="flex items-center gap-2.5 break-all hover:underline">
          <Mail aria-hidden className="size-4 shrink-0 text-gold-deep" strokeWidth={1.5} />
          {client.email}
        </a>
        {client.phone ? (
          <a href={`tel:${client.phone}`} className="flex items-center gap-2.5 hover:underline">
            <Phone aria-hidden className="size-4 shrink-0 text-gold-deep" strokeWidth={1.5} />
            <span className="tabular">{client.phone}</span>
          </a>
        ) : (
          <p className="flex items-center gap-2.5 text-ink-muted">
            <Phone aria-hidden className="size-4 shrink-0" strokeWidth={1.5} /> {t`No phone on file`}
          </p>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-4 border-t border-stone pt-4">
        <div>
          <dt className="eyebrow text-ink-muted">{t`Plan`}</dt>
          <dd className="mt-1.5 flex flex-wrap items-center gap-2">
            {client.plan ? planLabel(client.plan) : t`None`}
            {client.subscriptionStatus && <StatusBadge status={client.subscriptionStatus} />}
          </dd>
        </div>
        <div>
          <dt className="eyebrow text-ink-muted">{t`Member since`}</dt>
          <dd className="tabular mt-1.5">{formatLongDate(client.memberSince)}</dd>
        </div>
        <MemberLanguageTerm locale={client.language} />
      </dl>
      <div className="border-t border-stone pt-4">
        <h3 className="eyebrow text-ink-muted">{t`Other requests`}</h3>
        {otherRequests.length === 0 ? (
          <p className="mt-2 text-ink-muted">{t`None.`}</p>
        ) : (
          <ul className="mt-2 flex flex-col divide-y divide-stone">
            {otherRequests.map((request) => (
              <li key={request.id}>
                <Link
                  to={`/admin/requests/${request.id}`}
                  className="-mx-2 flex items-start justify-between gap-3 rounded-md px-2 py-2.5 hover:bg-ivory-deep focus-visible:outline-2 focus-visible:outline-gold-deep"
                >
                  <span className="min-w-0">
                    <span className="block truncate font-medium">{request.title}</span>
                    <span className="tabular text-xs text-ink-muted">
                      {formatCardDate(request.createdAt)} · {formatEuro(request.budgetEur)}
                    </span>
                  </span>
                  <StatusBadge status={request.status} className="shrink-0" />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
