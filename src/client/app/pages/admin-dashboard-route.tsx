/**
 * /admin and /admin/dashboard: the requests feature's operations dashboard with the quotes feature's flags for
 * holds expiring soon and its money section in it, the ratings feature's satisfaction scores, and the service
 * levels' 30-day report.
 */
import { ExpiringHolds, MoneySection } from "@/client/features/quotes/components/admin-quotes-overview";
import { SatisfactionScores } from "@/client/features/ratings/components/admin-ratings";
import AdminDashboardPage from "@/client/features/requests/pages/admin-dashboard-page";
import { ServiceLevelReport } from "@/client/features/service-levels/components/service-level-report";

export default function AdminDashboardRoute() {
  return (
    <AdminDashboardPage
      flags={<ExpiringHolds />}
      money={
        <>
          <MoneySection />
          <SatisfactionScores />
        </>
      }
      serviceLevels={<ServiceLevelReport />}
    />
  );
}
