/**
 * Every endpoint table, by domain (decision 016): the server registers exactly these (src/server/endpoints.test.ts
 * holds it to that), and the authorization matrix and the malformed-input test enumerate them.
 */
import { accountApi } from "./account";
import { billingApi, billingStaffApi } from "./billing";
import { conciergeApi, conciergeStaffApi } from "./concierge";
import { disputesStaffApi } from "./disputes";
import type { EndpointTable } from "./endpoint";
import { notificationsApi, notificationsStaffApi } from "./notifications";
import { eventsApi, platformApi } from "./platform";
import { qaApi } from "./qa";
import { quotesApi, quotesStaffApi } from "./quotes";
import { repliesStaffApi } from "./replies";
import { requestsApi, requestsStaffApi } from "./requests";
import { salesApi, salesStaffApi } from "./sales";
import { searchStaffApi } from "./search";
import { statementApi, statementStaffApi } from "./statement";

export const ENDPOINT_TABLES: Record<string, EndpointTable> = {
  accountApi,
  billingApi,
  billingStaffApi,
  conciergeApi,
  conciergeStaffApi,
  disputesStaffApi,
  eventsApi,
  notificationsApi,
  notificationsStaffApi,
  platformApi,
  qaApi,
  quotesApi,
  quotesStaffApi,
  repliesStaffApi,
  requestsApi,
  requestsStaffApi,
  salesApi,
  salesStaffApi,
  searchStaffApi,
  statementApi,
  statementStaffApi,
};

/** Every endpoint of every table, by key ("GET /requests/:id"). */
export const ALL_ENDPOINTS = Object.values(ENDPOINT_TABLES).flatMap((table) => Object.entries(table));
