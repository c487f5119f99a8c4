/**
 * /admin and /admin/dashboard: the requests feature's operations dashboard with the quotes feature's flags for
 * holds expiring soon and its money section in it, and the ratings feature's satisfaction scores.
 */
import { ExpiringHolds, MoneySection } from "@/client/features/quotes/components/admin-quotes-overview";
import { SatisfactionScores } from "@/client/features/ratings/components/admin-ratings";
import AdminDashboardPage from "@/client/features/requests/pages/admin-dashboard-page";

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
    />
  );
}
