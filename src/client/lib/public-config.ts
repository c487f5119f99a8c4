import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicConfig } from "@/shared/public-config";
import { api } from "./api";

export const publicConfigQuery = queryOptions({
  queryKey: ["public-config"] as const,
  queryFn: () => api.get<PublicConfig>("/api/config"),
  staleTime: Number.POSITIVE_INFINITY,
});

export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}
