/** /requests/:id: the requests feature's page with the quotes feature's proposal, card hold and delivery in it. */
import { MemberDeal } from "@/client/features/quotes/components/MemberDeal";
import RequestDetailPage from "@/client/features/requests/pages/RequestDetailPage";

export default function RequestDetailRoute() {
  return <RequestDetailPage deal={(request) => <MemberDeal requestId={request.id} />} />;
}
