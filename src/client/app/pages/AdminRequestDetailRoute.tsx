/**
 * /admin/requests/:id: the requests feature's page with the quotes feature's editor, payment and delivery
 * panels in it.
 */
import { StaffPayment } from "@/client/features/quotes/components/StaffPayment";
import { StaffQuotes } from "@/client/features/quotes/components/StaffQuotes";
import AdminRequestDetailPage from "@/client/features/requests/pages/AdminRequestDetailPage";

export default function AdminRequestDetailRoute() {
  return (
    <AdminRequestDetailPage
      deal={(request) => <StaffQuotes requestId={request.id} />}
      payment={(request) => <StaffPayment requestId={request.id} />}
    />
  );
}
