/**
 * Card disputes, the staff's side (disputesAdminApi, issue 30): the request's dispute with its evidence pack, the
 * evidence submitted, and the test mode's bank. Keys are under ["quotes"], so the "quotes" topic refreshes them.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { endpointsOf } from "@/client/lib/endpoints";
import type { Wire } from "@/shared/contracts/common";
import type { disputesAdminApi, disputeViewSchema } from "@/shared/contracts/disputes";

const staff = endpointsOf<typeof disputesAdminApi>("quotes");

export type DisputeView = Wire<typeof disputeViewSchema>;
export type Dispute = NonNullable<DisputeView["dispute"]>;
export type Evidence = Dispute["evidence"];

export const disputeQueries = {
  dispute: (id: string) => staff.query("GET /admin/requests/:id/dispute", { params: { id } }, { retry: false }),
};

function useSetDispute(requestId: string) {
  const queryClient = useQueryClient();
  return (view: DisputeView) => queryClient.setQueryData(disputeQueries.dispute(requestId).queryKey, view);
}

export function useSubmitEvidence(requestId: string) {
  const set = useSetDispute(requestId);
  return useMutation({
    mutationFn: (evidence: Evidence) =>
      staff.call("POST /admin/requests/:id/dispute/evidence", { params: { id: requestId }, body: evidence }),
    onSuccess: set,
  });
}

/** Test mode: the member's bank opens a dispute, or decides it. */
export function useTestBank(requestId: string) {
  const set = useSetDispute(requestId);
  return useMutation({
    mutationFn: (action: { open: true } | { outcome: "won" | "lost" }) =>
      "open" in action
        ? staff.call("POST /admin/requests/:id/dispute/test-open", { params: { id: requestId }, body: {} })
        : staff.call("POST /admin/requests/:id/dispute/test-close", {
            params: { id: requestId },
            body: { outcome: action.outcome },
          }),
    onSuccess: set,
  });
}
