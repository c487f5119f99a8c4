import type { QueryClient } from "@tanstack/react-query";
import { useRealtime } from "@/client/lib/use-realtime";

const connect = (queryClient: QueryClient) => import("./realtime").then((m) => m.startRealtime(queryClient));

/** The app's event stream, with the refresh map of every feature (./realtime.ts). */
export function useAppRealtime() {
  useRealtime(connect);
}
