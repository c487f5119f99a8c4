import { queryOptions, useQuery } from "@tanstack/react-query";
import type { platformApi } from "@/shared/contracts/platform";
import type { PublicConfig } from "@/shared/public-config";
import { endpointsOf } from "./endpoints";

const platform = endpointsOf<typeof platformApi>("platform");

export const publicConfigQuery = queryOptions({
  queryKey: ["public-config"] as const,
  queryFn: (): Promise<PublicConfig> => platform.call("GET /config"),
  staleTime: Number.POSITIVE_INFINITY,
});

export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}
