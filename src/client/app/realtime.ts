/**
 * Which queries each server event refreshes: every feature's own declaration, joined. Loaded on demand (see
 * ./use-app-realtime.ts) once a signed-in visitor opens the stream. A new feature adds its `…Realtime` here.
 */
import type { QueryClient } from "@tanstack/react-query";
import { accountRealtime } from "@/client/features/account/api";
import { billingRealtime } from "@/client/features/billing/api";
import { conciergeRealtime } from "@/client/features/concierge/api";
import { inboxRealtime } from "@/client/features/inbox/api";
import { notificationsRealtime } from "@/client/features/notifications/api";
import { presenceRealtime } from "@/client/features/presence/api";
import { qaRealtime } from "@/client/features/qa/api";
import { quotesRealtime } from "@/client/features/quotes/api";
import { ratingsRealtime } from "@/client/features/ratings/api";
import { repliesRealtime } from "@/client/features/replies/api";
import { requestsAdminRealtime } from "@/client/features/requests/admin-api";
import { requestsRealtime } from "@/client/features/requests/api";
import { salesRealtime } from "@/client/features/sales/api";
import { searchRealtime } from "@/client/features/search/api";
import { serviceLevelsRealtime } from "@/client/features/service-levels/api";
import { connectRealtime, joinRealtime, sessionRealtime } from "@/client/lib/realtime";

export const realtimeRefresh = joinRealtime(
  sessionRealtime,
  accountRealtime,
  billingRealtime,
  requestsRealtime,
  conciergeRealtime,
  salesRealtime,
  requestsAdminRealtime,
  quotesRealtime,
  qaRealtime,
  notificationsRealtime,
  repliesRealtime,
  searchRealtime,
  serviceLevelsRealtime,
  inboxRealtime,
  ratingsRealtime,
  presenceRealtime,
);

export const startRealtime = (queryClient: QueryClient) => connectRealtime(queryClient, realtimeRefresh);
