/**
 * /requests/:id: the requests feature's page with the quotes feature's proposal, card hold and delivery in it,
 * and its name for the option a message asks about, and the ratings feature's request for a rating once receipt
 * is confirmed.
 */
import { MemberQuotes, OptionReference } from "@/client/features/quotes/components/member-quotes";
import { RatingCard } from "@/client/features/ratings/components/rating-card";
import RequestDetailPage from "@/client/features/requests/pages/request-detail-page";

export default function RequestDetailRoute() {
  return (
    <RequestDetailPage
      requestQuotes={(request) => (
        <>
          <MemberQuotes requestId={request.id} />
          <RatingCard requestId={request.id} />
        </>
      )}
      optionReference={(props) => <OptionReference {...props} />}
    />
  );
}
