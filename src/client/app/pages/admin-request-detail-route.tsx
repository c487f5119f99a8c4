/**
 * /admin/requests/:id: the requests feature's page with the quotes feature's editor, payment and delivery panels
 * in it, its reply box given the replies feature's snippets and the presence feature's viewers and typing, and the
 * service levels' clock.
 */

import { useParams } from "react-router";
import { useConversationPresence } from "@/client/features/presence/api";
import { AdminPayment } from "@/client/features/quotes/components/admin-payment";
import { AdminQuotes } from "@/client/features/quotes/components/admin-quotes";
import { DisputePanel } from "@/client/features/quotes/components/dispute-panel";
import { StatementCard } from "@/client/features/quotes/components/statement";
import { useSavedReplySnippets } from "@/client/features/replies/api";
import AdminRequestDetailPage from "@/client/features/requests/pages/admin-request-detail-page";
import { ConversationClock } from "@/client/features/service-levels/components/conversation-clock";

export default function AdminRequestDetailRoute() {
  const { id } = useParams();
  const presence = useConversationPresence(id ? `request:${id}` : null);
  return (
    <AdminRequestDetailPage
      requestQuotes={(request) => <AdminQuotes requestId={request.id} />}
      payment={(request) => (
        <>
          <AdminPayment requestId={request.id} />
          <StatementCard requestId={request.id} side="staff" />
          <DisputePanel requestId={request.id} />
        </>
      )}
      clock={(request) => <ConversationClock conversationKey={`request:${request.id}`} />}
      snippets={useSavedReplySnippets()}
      presence={presence}
    />
  );
}
