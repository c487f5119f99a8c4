/**
 * /admin/inbox: the staff's inbox (issue 31): the inbox feature's one list of conversations, each opened beside it
 * with its own domain's pane — the requests feature's thread and status actions, the concierge feature's chat,
 * the sales feature's inquiry — and the replies feature's snippets in their composers. The earlier per-domain
 * cards stay under `?tab=` (requests, sales, concierge), where notifications and search results link. A concierge
 * conversation there shows the presence feature's viewers and typing.
 */
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { AdminPage } from "@/client/components/admin-page";
import {
  ConciergeConversationPane,
  ConciergeInbox,
  useConciergeInboxCount,
} from "@/client/features/concierge/components/concierge-inbox";
import type { Conversation } from "@/client/features/inbox/api";
import { InboxWorkspace } from "@/client/features/inbox/components/inbox-workspace";
import { useConversationPresence } from "@/client/features/presence/api";
import { useSavedReplySnippets } from "@/client/features/replies/api";
import { requestsAdminQueries } from "@/client/features/requests/admin-api";
import { AdminRequestPane } from "@/client/features/requests/components/admin-request-pane";
import { RequestsInbox, useRequestsInboxCount } from "@/client/features/requests/components/requests-inbox";
import { SalesInbox, SalesInquiryPane, useSalesInboxCount } from "@/client/features/sales/components/sales-inbox";
import { useSession } from "@/client/lib/session";
import type { Locale } from "@/shared/locales";
import type { RequestStatus } from "@/shared/requests";
import AdminInboxPage from "./admin-inbox-page";

export default function AdminInboxRoute() {
  const [params] = useSearchParams();
  return params.has("tab") ? <AdminInboxTabs /> : <AdminInboxWorkspace />;
}

/** The one list with its pane; each kind's pane is its domain's. */
function AdminInboxWorkspace() {
  const { t } = useLingui();
  const staff = useAssignees();
  const { user } = useSession();
  return (
    <AdminPage
      width="7xl"
      eyebrow={t`Messages`}
      title={t`Inbox`}
      description={t`Requests, concierge conversations and sales inquiries in one list, who has waited longest first.`}
    >
      <InboxWorkspace
        viewerId={user?.id ?? null}
        staff={staff}
        renderPane={(conversation) => (
          <ConversationPane key={`${conversation.kind}:${conversation.id}`} conversation={conversation} staff={staff} />
        )}
      />
    </AdminPage>
  );
}

/** The open conversation's own domain's pane, with who else views and types in it (decision 051). */
/** The staff who may own a conversation: the requests feature's list (issue 22, item 1). */
const useAssignees = () => useQuery(requestsAdminQueries.assignees()).data?.items;
type AssignableStaff = NonNullable<ReturnType<typeof useAssignees>>[number];

function ConversationPane({ conversation, staff }: { conversation: Conversation; staff?: AssignableStaff[] }) {
  const snippets = useSavedReplySnippets();
  const presence = useConversationPresence(
    conversation.kind === "sales" ? null : `${conversation.kind}:${conversation.id}`,
  );
  const name = conversation.member.name || conversation.member.email;
  switch (conversation.kind) {
    case "request":
      return (
        <AdminRequestPane
          id={conversation.id}
          title={conversation.title ?? ""}
          clientName={name}
          status={conversation.status as RequestStatus}
          snippets={snippets}
          presence={presence}
        />
      );
    case "concierge":
      return (
        <ConciergeConversationPane
          memberId={conversation.id}
          name={name}
          email={conversation.member.email}
          language={(conversation.member.language ?? undefined) as Locale | undefined}
          snippets={snippets}
          owner={conversation.owner}
          staff={staff}
          presence={presence}
        />
      );
    case "sales":
      return <SalesInquiryPane id={conversation.id} snippets={snippets} />;
  }
}

/** The earlier inbox: one tab per domain, its own cards (links from notifications and search land here). */
function AdminInboxTabs() {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const member = params.get("member");
  const owner = params.get("assignee");
  const assignee = owner === "me" || owner === "none" ? owner : "all";
  const snippets = useSavedReplySnippets();
  // Who else has the chosen concierge conversation open, and who is typing in it (decision 051).
  const presence = useConversationPresence(member && params.get("tab") === "concierge" ? `concierge:${member}` : null);
  const staff = useAssignees();
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
