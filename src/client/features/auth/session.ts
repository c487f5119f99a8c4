import { useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api";
import { effectivePlan, hasActiveSubscription, planLabel } from "@/shared/plans";
import { isStaffRole } from "@/shared/roles";
import type { SessionInfo } from "@/shared/session";

export const sessionQueryKey = ["session"] as const;

/** The signed-in user, their role and membership, with the facts every screen asks of them. */
export function useSession() {
  const query = useQuery({
    queryKey: sessionQueryKey,
    queryFn: () => api.get<SessionInfo>("/api/me"),
    staleTime: 60_000,
  });
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
