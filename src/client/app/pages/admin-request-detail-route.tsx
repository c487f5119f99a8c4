/**
 * /admin/requests/:id: the requests feature's page with the quotes feature's editor, payment and delivery panels
 * in it, and its reply box given the replies feature's snippets.
 */
import { DisputePanel } from "@/client/features/quotes/components/dispute-panel";
import { StaffPayment } from "@/client/features/quotes/components/staff-payment";
import { StaffQuotes } from "@/client/features/quotes/components/staff-quotes";
import { StatementCard } from "@/client/features/quotes/components/statement";
import { useSavedReplySnippets } from "@/client/features/replies/api";
import AdminRequestDetailPage from "@/client/features/requests/pages/admin-request-detail-page";

export default function AdminRequestDetailRoute() {
  return (
    <AdminRequestDetailPage
      deal={(request) => <StaffQuotes requestId={request.id} />}
      payment={(request) => (
        <>
          <StaffPayment requestId={request.id} />
          <StatementCard requestId={request.id} side="staff" />
          <DisputePanel requestId={request.id} />
        </>
      )}
      snippets={useSavedReplySnippets()}
    />
  );
}
