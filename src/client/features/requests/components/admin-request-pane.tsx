/**
 * A request in the staff inbox's pane (issue 31, item 1): its quick status actions, a link to its full page, and
 * its thread with the composer (reply or internal note, `/` saved replies, files), so staff answer from the inbox.
 */
import { useLingui } from "@lingui/react/macro";
import { ExternalLink } from "lucide-react";
import { Link } from "react-router";
import type { ConversationPresence } from "@/client/components/presence";
import type { SnippetSource } from "@/client/components/snippet-picker";
import type { RequestStatus } from "@/shared/requests";
import { AdminThreadCard } from "./admin-request-thread";
import { StatusActions } from "./admin-status-actions";

export function AdminRequestPane({
  id,
  title,
  clientName,
  status,
  snippets,
  presence,
}: {
  id: string;
  title: string;
  clientName: string;
  status: RequestStatus;
  snippets?: SnippetSource;
  /** Who else views and types in the thread (the presence feature, decision 051). */
  presence?: ConversationPresence;
}) {
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-4 p-4">
      <div className="flex flex-wrap items-center gap-3">
        <StatusActions id={id} status={status} quotePage={`/admin/requests/${id}`} />
        <Link
          to={`/admin/requests/${id}`}
          className="ml-auto inline-flex items-center gap-1 text-sm text-gold-deep underline-offset-4 hover:underline"
        >
          <ExternalLink aria-hidden className="size-3.5" /> {t`Open request`}
        </Link>
      </div>
      <AdminThreadCard
        requestId={id}
        requestTitle={title}
        clientName={clientName}
        snippets={snippets}
        closed={status === "Withdrawn"}
        presence={presence}
      />
    </div>
  );
}
