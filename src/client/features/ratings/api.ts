/**
 * Satisfaction ratings (issue 31 item 5, decision 051), the client's side: the member's rating of a confirmed
 * delivery and the dashboard's scores. Keys are under ["ratings"]; the topic "ratings" refreshes them, and
 * "quotes" too (a confirmed receipt opens the rating).
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { endpointsOf } from "@/client/lib/endpoints";
import type { RealtimeRefresh } from "@/client/lib/realtime";
import type { Wire } from "@/shared/contracts/common";
import type { ratingStateSchema, ratingStatsSchema, ratingsAdminApi, ratingsApi } from "@/shared/contracts/ratings";

const member = endpointsOf<typeof ratingsApi>("ratings");
const staff = endpointsOf<typeof ratingsAdminApi>("ratings");

export type RatingState = Wire<typeof ratingStateSchema>;
export type RatingStats = Wire<typeof ratingStatsSchema>;

export const ratingsQueries = {
  all: member.all,
  /** Whether the member may rate the request's delivery now, and their rating once given. */
  requestRating: (id: string) => member.query("GET /requests/:id/rating", { params: { id } }, { retry: false }),
  /** The dashboard's scores per staff member and tier (30 days). */
  stats: () => staff.query("GET /admin/ratings"),
};

export const ratingsRealtime: RealtimeRefresh = {
  ratings: [ratingsQueries.all],
  quotes: [ratingsQueries.all],
};

export function useRateRequest(requestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { score: number; comment?: string }) =>
      member.call("POST /requests/:id/rating", { params: { id: requestId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ratingsQueries.all }),
  });
}
