/**
 * Which queries each server event refreshes: every feature's own declaration, joined. Loaded on demand (see
 * ./use-app-realtime.ts) once a signed-in visitor opens the stream. A new feature adds its `…Realtime` here.
 */
import type { QueryClient } from "@tanstack/react-query";
import { billingRealtime } from "@/client/features/billing/api";
import { conciergeRealtime } from "@/client/features/concierge/api";
import { notificationsRealtime } from "@/client/features/notifications/api";
import { qaRealtime } from "@/client/features/qa/api";
import { repliesRealtime } from "@/client/features/replies/api";
import { pipelineRealtime } from "@/client/features/requests/admin-api";
import { requestsRealtime } from "@/client/features/requests/api";
import { salesRealtime } from "@/client/features/sales/api";
import { searchRealtime } from "@/client/features/search/api";
import { connectRealtime, joinRealtime, sessionRealtime } from "@/client/lib/realtime";

export const realtimeRefresh = joinRealtime(
  sessionRealtime,
  billingRealtime,
  requestsRealtime,
  conciergeRealtime,
  salesRealtime,
  pipelineRealtime,
  qaRealtime,
  notificationsRealtime,
  repliesRealtime,
  searchRealtime,
);

export const startRealtime = (queryClient: QueryClient) => connectRealtime(queryClient, realtimeRefresh);
