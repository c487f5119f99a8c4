/**
 * /admin/inbox: the admin feature's inbox with each domain's tab in it: the requests feature's unread request
 * messages, the sales feature's inquiries and the concierge feature's conversations; the reply boxes get the
 * replies feature's snippets.
 */
import { useSearchParams } from "react-router";
import { ConciergeInbox, useConciergeInboxCount } from "@/client/features/concierge/components/ConciergeInbox";
import { useSavedReplySnippets } from "@/client/features/replies/api";
import { RequestsInbox, useRequestsInboxCount } from "@/client/features/requests/components/RequestsInbox";
import { SalesInbox, useSalesInboxCount } from "@/client/features/sales/components/SalesInbox";
import AdminInboxPage from "./AdminInboxPage";

export default function AdminInboxRoute() {
  const [params, setParams] = useSearchParams();
  const member = params.get("member");
  const snippets = useSavedReplySnippets();
  return (
    <AdminInboxPage
      tabs={[
        { value: "requests", label: "Requests", count: useRequestsInboxCount(), content: <RequestsInbox /> },
        { value: "sales", label: "Sales", count: useSalesInboxCount(), content: <SalesInbox snippets={snippets} /> },
        {
          value: "concierge",
          label: "Concierge",
          count: useConciergeInboxCount(),
          content: (
            <ConciergeInbox
              memberId={member}
              onSelect={(id) => setParams({ tab: "concierge", member: id }, { replace: true })}
              snippets={snippets}
            />
          ),
        },
      ]}
    />
  );
}
