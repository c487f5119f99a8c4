import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { ArrowRight, Plus } from "lucide-react";
import { Link } from "react-router";
import { AsyncView, EmptyState, ListSkeleton } from "@/client/components/async-view";
import { DetailList } from "@/client/components/detail-list";
import { StatusBadge } from "@/client/components/status-badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeading } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import { useSession } from "@/client/lib/session";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { formatCardDate, formatEuro } from "@/shared/format";
import { CATEGORY_LABELS } from "@/shared/labels";
import { PLAN_DEFINITIONS } from "@/shared/plans";
import { type Dashboard, requestQueries } from "../api";

/** /dashboard: a welcome, the plan, the counters and the five most recent requests. */
export default function DashboardPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Dashboard`);
  const session = useSession();
  const query = useQuery(requestQueries.dashboard());
  const firstName = (session.profile?.name || session.user?.name || "").split(/\s+/)[0];
  const active = session.hasActiveMembership;

  return (
    <div className="mx-auto max-w-6xl px-6 py-14 sm:py-20">
      <header>
        <p className="eyebrow text-gold-deep">{t`Your dashboard`}</p>
        <h1 className="mt-3 text-4xl sm:text-5xl">{firstName ? t`Welcome back, ${firstName}` : t`Welcome back`}</h1>
        <p className="mt-3 text-sm text-ink-muted">{t`Follow your requests and speak with your concierge team.`}</p>
      </header>

      <PlanBanner />

      <section aria-labelledby="counters" className="mt-10">
        <h2 id="counters" className="sr-only">
          {t`Your requests at a glance`}
        </h2>
        {query.isPending ? (
          <div role="status" className="grid gap-4 sm:grid-cols-3">
            <span className="sr-only">{t`Loading your requests`}</span>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-28" />
            ))}
          </div>
        ) : (
          <DetailList
            className="sm:grid-cols-3"
            itemClassName="rounded-lg border border-stone bg-card px-6 py-5"
            items={[
              { label: t`Total Requests`, value: query.data?.counts.total ?? "–" },
              { label: t({ message: "Active", context: "requests" }), value: query.data?.counts.active ?? "–" },
              { label: t({ message: "Delivered", context: "requests" }), value: query.data?.counts.delivered ?? "–" },
            ].map((item) => ({ ...item, valueClassName: "font-serif text-5xl tabular" }))}
          />
        )}
      </section>

      <Card className="mt-10">
        <CardHeading
          title={t`Recent Requests`}
          description={t`Your five most recent sourcing requests.`}
          aside={
            <div className="flex flex-wrap gap-3">
              {active ? (
                <Button variant="outline" size="sm" asChild>
                  <Link to="/requests">
                    {t`Manage Requests`} <ArrowRight />
                  </Link>
                </Button>
              ) : (
                <Button variant="outline" size="sm" disabled>
                  {t`Manage Requests`} <ArrowRight />
                </Button>
              )}
              {!session.isStaff && (
                <Button size="sm" asChild>
                  <Link to="/new-request">
                    <Plus /> {t`New Request`}
                  </Link>
                </Button>
              )}
            </div>
          }
        />
        <CardContent>
          <AsyncView
            query={query}
            loadingLabel={t`Loading your recent requests`}
            loading={<ListSkeleton label={t`Loading your recent requests`} items={["h-16", "h-16", "h-16"]} />}
            errorFallback={t`Failed to load your requests.`}
            isEmpty={(data) => data.recent.length === 0}
            empty={<NoRequestsYet />}
          >
            {(data) => <RecentList recent={data.recent} />}
          </AsyncView>
        </CardContent>
      </Card>
    </div>
  );
}

/**
 * The spec's empty state, with 'Create Your First Request' for members who may send requests (Silver, Gold,
 * Black). A Basic member cannot, so the way forward offered is the upgrade, not a form that would only answer
 * 'Paid Plan Required'. Staff and visitors without a membership get no action.
 */
function NoRequestsYet() {
  const { t } = useLingui();
  const session = useSession();
  const member = !session.isStaff && Boolean(session.subscription);
  const canRequest = PLAN_DEFINITIONS[session.plan].monthlyRequestLimit !== 0;
  if (member && !canRequest) {
    return (
      <EmptyState
        title={t`No requests yet`}
        description={t`Sourcing requests come with the Silver, Gold and Black memberships. Upgrade to send your first one.`}
        action={
          <Button asChild>
            <Link to="/pricing">{t`View Pricing Plans`}</Link>
          </Button>
        }
      />
    );
  }
  return (
    <EmptyState
      title={t`No requests yet`}
      description={t`Tell us what you are looking for, and our team will source it for you.`}
      action={
        member ? (
          <Button asChild>
            <Link to="/new-request">{t`Create Your First Request`}</Link>
          </Button>
        ) : undefined
      }
    />
  );
}

function PlanBanner() {
  const { t } = useLingui();
  const session = useSession();
  const plan = PLAN_DEFINITIONS[session.plan];
  const limit = plan.monthlyRequestLimit;
  const planLabel = session.planLabel;
  const description = session.isStaff
    ? t`You are signed in as a member of the Maison team.`
    : limit === null
      ? t`Unlimited sourcing requests and direct access to your executive concierge.`
      : limit === 0
        ? t`Upgrade to Silver, Gold or Black to submit sourcing requests.`
        : t`Up to ${limit} sourcing requests each month.`;
  return (
    <section
      aria-label={t`Your membership`}
      className="mt-10 flex flex-wrap items-center justify-between gap-6 rounded-lg border border-gold/40 bg-noir px-6 py-6 text-ivory sm:px-8"
    >
      <div>
        <p className="eyebrow text-gold-light">{t`Membership`}</p>
        <p className="mt-2 font-serif text-3xl">{t`${planLabel} Membership`}</p>
        <p className="mt-1 text-sm text-ivory/75">{description}</p>
      </div>
      {!session.isStaff && session.plan !== "black" && (
        <Button variant="outline-light" size="sm" asChild>
          <Link to="/pricing">{session.plan === "free" ? t`Upgrade Plan` : t`View Plans`}</Link>
        </Button>
      )}
    </section>
  );
}

function RecentList({ recent }: { recent: Dashboard["recent"] }) {
  const { i18n } = useLingui();
  return (
    <ul className="divide-y divide-stone">
      {recent.map((request) => (
        <li key={request.id}>
          <Link
            to={`/requests/${request.id}`}
            className="-mx-3 flex flex-wrap items-center gap-x-6 gap-y-2 rounded-md px-3 py-4 transition-colors hover:bg-ivory-deep focus-visible:outline-2 focus-visible:outline-gold-deep"
          >
            {/* On a phone the title has the row to itself and the figures go below, left, clear of the floating
                chat button (issue 34 item 13: titles were cut to about eight characters). */}
            <span className="min-w-0 basis-full sm:flex-1 sm:basis-0">
              <span className="block truncate font-medium">{request.title}</span>
              <span className="mt-0.5 block text-xs text-ink-muted">
                {i18n._(CATEGORY_LABELS[request.category])} ·{" "}
                <span className="tabular">{formatCardDate(request.createdAt)}</span>
              </span>
            </span>
            <span className="tabular text-sm">{formatEuro(request.budgetEur)}</span>
            <StatusBadge status={request.status} />
          </Link>
        </li>
      ))}
    </ul>
  );
}
