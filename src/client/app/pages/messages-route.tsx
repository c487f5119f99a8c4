/**
 * /messages: the messages feature's page with the concierge feature's card in it (Gold and Black members), and
 * /messages?view=concierge, the concierge chat itself (the server says who may read it) with the presence
 * feature's "Concierge team online".
 */
import { useSearchParams } from "react-router";
import { ConciergeCard } from "@/client/features/concierge/components/concierge-card";
import ConciergePage from "@/client/features/concierge/pages/concierge-page";
import { TeamOnline } from "@/client/features/presence/components/team-online";
import MessagesPage from "@/client/features/requests/pages/messages-page";
import { useSession } from "@/client/lib/session";
import { hasConcierge } from "@/shared/plans";

export default function MessagesRoute() {
  const [params] = useSearchParams();
  const session = useSession();
  if (params.get("view") === "concierge") return <ConciergePage teamStatus={<TeamOnline />} />;
  return <MessagesPage concierge={hasConcierge(session.subscription) ? <ConciergeCard /> : undefined} />;
}
