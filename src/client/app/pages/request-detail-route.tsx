/** /requests/:id: the requests feature's page with the quotes feature's proposal, card hold and delivery in it. */
import { MemberDeal } from "@/client/features/quotes/components/member-deal";
import RequestDetailPage from "@/client/features/requests/pages/request-detail-page";

export default function RequestDetailRoute() {
  return <RequestDetailPage deal={(request) => <MemberDeal requestId={request.id} />} />;
}
