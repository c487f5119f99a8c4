import { useQuery } from "@tanstack/react-query";
import type { PublicConfig } from "@/shared/public-config";
import { api } from "./api";

export function usePublicConfig() {
  return useQuery({
    queryKey: ["public-config"],
    queryFn: () => api.get<PublicConfig>("/api/config"),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
