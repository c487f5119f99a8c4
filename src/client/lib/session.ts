/**
 * Who the visitor is: GET /api/me, read by the whole client (header, guards, pages). One query, its key defined
 * here once; features refresh it through `sessionQuery.queryKey`.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { accountApi } from "@/shared/contracts/account";
import { effectivePlan, hasActiveSubscription, planLabel } from "@/shared/plans";
import { isStaffRole } from "@/shared/roles";
import type { SessionInfo } from "@/shared/session";
import { endpointsOf } from "./endpoints";

const account = endpointsOf<typeof accountApi>("account");

export const sessionQuery = queryOptions({
  queryKey: ["session"] as const,
  queryFn: (): Promise<SessionInfo> => account.call("GET /me"),
  staleTime: 60_000,
});
export const sessionQueryKey = sessionQuery.queryKey;

/** The signed-in user, their role and membership, with the facts every screen asks of them. */
export function useSession() {
  const query = useQuery(sessionQuery);
  const info = query.data;
  const subscription = info?.subscription ?? null;
  return {
    isLoading: query.isPending,
    info,
    user: info?.user ?? null,
    profile: info?.profile ?? null,
    role: info?.role ?? null,
    subscription,
    isSignedIn: Boolean(info?.user),
    isStaff: isStaffRole(info?.role),
    hasActiveMembership: hasActiveSubscription(subscription),
    plan: effectivePlan(subscription),
    planLabel: planLabel(effectivePlan(subscription)),
    refetch: query.refetch,
  };
}
