/**
 * /admin and /admin/dashboard: the operations dashboard. The spec's counters (Total, New, Sourcing, Clients,
 * unread Messages) and quick links, then three charts: requests per week by category, the status funnel and the
 * time to a first reply. One query (GET /api/admin/stats), refreshed by the realtime topics (`requestsAdminRealtime`).
 * The quotes feature's flags (holds expiring soon) and money section are composed in by
 * app/pages/admin-dashboard-route.tsx (`flags`, `money`), and the service levels' report (`serviceLevels`).
 */

import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { AdminPage } from "@/client/components/admin-page";
import { AsyncView, EmptyState } from "@/client/components/async-view";
import { type AdminStats, requestsAdminQueries } from "../admin-api";
import { QuickLinks, StatCards } from "../components/dashboard-cards";
import { FirstReplyChart, FunnelChart, WeeklyChart } from "../components/dashboard-charts";
import { StaffTimes } from "../components/dashboard-staff-times";

export default function AdminDashboardPage({
  flags,
  money,
  serviceLevels,
}: {
  flags?: ReactNode;
  money?: ReactNode;
  /** The service levels' 30-day report (decision 049). */
  serviceLevels?: ReactNode;
}) {
  const { t } = useLingui();
  const stats = useQuery(requestsAdminQueries.stats());
  return (
    <AdminPage
      width="7xl"
      spacious
      eyebrow={t`Admin`}
      title={t`Operations dashboard`}
      description={t`The pipeline at a glance, live as requests and messages arrive.`}
    >
      {flags}
      <QuickLinks />
      <AsyncView
        query={stats}
        loading={
          <div role="status" className="flex flex-col gap-8">
            <span className="sr-only">{t`Loading the dashboard`}</span>
            <Overview />
          </div>
        }
        errorFallback={t`Failed to load the dashboard`}
      >
        {(data) => <Overview stats={data} />}
      </AsyncView>
      {serviceLevels}
      {money}
    </AdminPage>
  );
}

/** The counters and the charts; without `stats`, their skeletons at the same sizes. */
function Overview({ stats }: { stats?: AdminStats }) {
  const { t } = useLingui();
  return (
    <>
      <StatCards cards={stats?.cards} />
      {stats && stats.cards.total === 0 ? (
        <EmptyState
          title={t`No requests yet`}
          description={t`The charts fill in as members submit sourcing requests and the team replies.`}
        />
      ) : (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <WeeklyChart stats={stats} className="lg:col-span-2" />
          <FunnelChart stats={stats} />
          <FirstReplyChart stats={stats} />
          <StaffTimes stats={stats} className="lg:col-span-2" />
        </div>
      )}
    </>
  );
}
