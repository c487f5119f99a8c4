/**
 * Every endpoint table, by domain (decision 016): the server registers exactly these (src/server/endpoints.test.ts
 * holds it to that), and the authorization matrix and the malformed-input test enumerate them.
 */
import { accountApi } from "./account";
import { auditAdminApi } from "./audit";
import { billingAdminApi, billingApi } from "./billing";
import { conciergeAdminApi, conciergeApi } from "./concierge";
import { disputesAdminApi } from "./disputes";
import type { EndpointTable } from "./endpoint";
import { inboxAdminApi } from "./inbox";
import { notificationsAdminApi, notificationsApi } from "./notifications";
import { eventsApi, platformApi } from "./platform";
import { presenceAdminApi, presenceApi } from "./presence";
import { qaApi } from "./qa";
import { quotesAdminApi, quotesApi } from "./quotes";
import { ratingsAdminApi, ratingsApi } from "./ratings";
import { repliesAdminApi } from "./replies";
import { requestsAdminApi, requestsApi } from "./requests";
import { salesAdminApi, salesApi } from "./sales";
import { searchAdminApi } from "./search";
import { serviceLevelsAdminApi } from "./service-levels";
import { statementAdminApi, statementApi } from "./statement";

export const ENDPOINT_TABLES: Record<string, EndpointTable> = {
  accountApi,
  auditAdminApi,
  billingApi,
  billingAdminApi,
  conciergeApi,
  conciergeAdminApi,
  disputesAdminApi,
  eventsApi,
  inboxAdminApi,
  notificationsApi,
  notificationsAdminApi,
  platformApi,
  presenceApi,
  presenceAdminApi,
  qaApi,
  quotesApi,
  quotesAdminApi,
  ratingsApi,
  ratingsAdminApi,
  repliesAdminApi,
  requestsApi,
  requestsAdminApi,
  salesApi,
  salesAdminApi,
  searchAdminApi,
  serviceLevelsAdminApi,
  statementApi,
  statementAdminApi,
};

/** Every endpoint of every table, by key ("GET /requests/:id"). */
export const ALL_ENDPOINTS = Object.values(ENDPOINT_TABLES).flatMap((table) => Object.entries(table));
