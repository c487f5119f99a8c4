/**
 * /admin/inbox: the admin feature's inbox with each domain's tab in it: the requests feature's unread request
 * messages, the sales feature's inquiries and the concierge feature's conversations; the reply boxes get the
 * replies feature's snippets, the concierge conversation the presence feature's viewers and typing.
 */
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { ConciergeInbox, useConciergeInboxCount } from "@/client/features/concierge/components/concierge-inbox";
import { useConversationPresence } from "@/client/features/presence/api";
import { useSavedReplySnippets } from "@/client/features/replies/api";
import { requestsAdminQueries } from "@/client/features/requests/admin-api";
import { RequestsInbox, useRequestsInboxCount } from "@/client/features/requests/components/requests-inbox";
import { SalesInbox, useSalesInboxCount } from "@/client/features/sales/components/sales-inbox";
import AdminInboxPage from "./admin-inbox-page";

export default function AdminInboxRoute() {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const member = params.get("member");
  const owner = params.get("assignee");
  const assignee = owner === "me" || owner === "none" ? owner : "all";
  const snippets = useSavedReplySnippets();
  // Who else has the chosen concierge conversation open, and who is typing in it (decision 051).
  const presence = useConversationPresence(member && params.get("tab") === "concierge" ? `concierge:${member}` : null);
  // The staff who may own a conversation: the requests feature's list (issue 22, item 1).
  const staff = useQuery(requestsAdminQueries.assignees()).data?.items;
  const conciergeParams = (next: { member?: string | null; assignee?: string }) => {
    const search = new URLSearchParams({ tab: "concierge" });
    const m = next.member === undefined ? member : next.member;
    const a = next.assignee ?? assignee;
    if (m) search.set("member", m);
    if (a !== "all") search.set("assignee", a);
    setParams(search, { replace: true });
  };
  return (
    <AdminInboxPage
      tabs={[
        { value: "requests", label: t`Requests`, count: useRequestsInboxCount(), content: <RequestsInbox /> },
        { value: "sales", label: t`Sales`, count: useSalesInboxCount(), content: <SalesInbox snippets={snippets} /> },
        {
          value: "concierge",
          label: t`Concierge`,
          count: useConciergeInboxCount(),
          content: (
            <ConciergeInbox
              memberId={member}
              onSelect={(id) => conciergeParams({ member: id })}
              snippets={snippets}
              assignee={assignee}
              onAssigneeChange={(next) => conciergeParams({ assignee: next })}
              staff={staff}
              presence={presence}
            />
          ),
        },
      ]}
    />
  );
}
