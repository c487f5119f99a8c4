/**
 * The member's dashboard: the five most recent requests and counters over all of them (decision 010). The key is
 * defined once, in `dashboardQueries`; the answer's type comes from src/shared/contracts/requests.ts.
 */
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/client/lib/api";
import type { Wire } from "@/shared/contracts/common";
import type * as contract from "@/shared/contracts/requests";

export type Dashboard = Wire<typeof contract.dashboardSchema>;
export type DashboardRequest = Dashboard["recent"][number];

export const dashboardQueries = {
  all: ["dashboard"] as const,
  overview: () =>
    queryOptions({
      queryKey: [...dashboardQueries.all, "overview"],
      queryFn: () => api.get<Dashboard>("/api/dashboard"),
    }),
};

/** The member's requests changed: the counters and the recent list, again. */
export const dashboardRealtime = { requests: [dashboardQueries.all] };
