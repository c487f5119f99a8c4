/**
 * The typed test client (issue 32 item 4): a server test calls an endpoint by its key in the endpoint tables, as
 * the client does, with its params, query and body typed from the table, and reads a typed answer. A renamed
 * path or a changed shape is a type error in the test, not a 404 at run time.
 *
 *   const res = await call(ctx, "POST /requests/:id/messages", { params: { id }, body: { body: "Hello" } }, as(member));
 *   expect(res.statusCode).toBe(201);
 *   res.json().id; // typed from the table's answer schema
 *
 * A test that sends what the types forbid (a malformed body, a missing field) says so with `unchecked(...)`.
 */
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import type { accountApi } from "../../src/shared/contracts/account";
import type { auditAdminApi } from "../../src/shared/contracts/audit";
import type { billingAdminApi, billingApi } from "../../src/shared/contracts/billing";
import type { conciergeAdminApi, conciergeApi } from "../../src/shared/contracts/concierge";
import type { disputesAdminApi } from "../../src/shared/contracts/disputes";
import {
  type CallInput,
  type EndpointTable,
  endpointUrl,
  type NeedsInput,
  splitKey,
  type WireAnswer,
} from "../../src/shared/contracts/endpoint";
import type { inboxAdminApi } from "../../src/shared/contracts/inbox";
import type { notificationsAdminApi, notificationsApi } from "../../src/shared/contracts/notifications";
import type { eventsApi, platformApi } from "../../src/shared/contracts/platform";
import type { presenceAdminApi, presenceApi } from "../../src/shared/contracts/presence";
import type { qaApi } from "../../src/shared/contracts/qa";
import type { quotesAdminApi, quotesApi } from "../../src/shared/contracts/quotes";
import type { ratingsAdminApi, ratingsApi } from "../../src/shared/contracts/ratings";
import type { repliesAdminApi } from "../../src/shared/contracts/replies";
import type { requestsAdminApi, requestsApi } from "../../src/shared/contracts/requests";
import type { salesAdminApi, salesApi } from "../../src/shared/contracts/sales";
import type { searchAdminApi } from "../../src/shared/contracts/search";
import type { serviceLevelsAdminApi } from "../../src/shared/contracts/service-levels";
import type { statementAdminApi, statementApi } from "../../src/shared/contracts/statement";
import type { TestContext } from "./app";

/** Every endpoint of every table (contracts/index.ts), by key. */
export type Endpoints = typeof accountApi &
  typeof auditAdminApi &
  typeof billingApi &
  typeof billingAdminApi &
  typeof conciergeApi &
  typeof conciergeAdminApi &
  typeof disputesAdminApi &
  typeof eventsApi &
  typeof inboxAdminApi &
  typeof notificationsApi &
  typeof notificationsAdminApi &
  typeof platformApi &
  typeof presenceApi &
  typeof presenceAdminApi &
  typeof qaApi &
  typeof quotesApi &
  typeof quotesAdminApi &
  typeof ratingsApi &
  typeof ratingsAdminApi &
  typeof repliesAdminApi &
  typeof requestsApi &
  typeof requestsAdminApi &
  typeof salesApi &
  typeof salesAdminApi &
  typeof searchAdminApi &
  typeof serviceLevelsAdminApi &
  typeof statementApi &
  typeof statementAdminApi;
export type EndpointName = keyof Endpoints & string;

/** What the caller adds: a session cookie (`as(user)`), other headers. */
export type Caller = Record<string, string | undefined>;

/** The response, with `json()` typed as the endpoint's answer on the wire, or what a refusal carries. */
export type AnswerOf<E> = Omit<LightMyRequestResponse, "json"> & { json(): WireAnswer<E> & Partial<Refusal> };
/** What a refused call answers (http/errors.ts): the text, its key and the request's id. */
export interface Refusal {
  error: string;
  code: string;
  key: string;
  params: Record<string, unknown>;
  requestId: string;
}
export type Answer<K extends EndpointName> = AnswerOf<Endpoints[K]>;

type Args<E> =
  NeedsInput<E> extends true ? [input: CallInput<E>, caller?: Caller] : [input?: CallInput<E>, caller?: Caller];

/** An input the endpoint's types forbid, sent on purpose (a validation test). */
export const unchecked = (input: { params?: object; query?: object; body?: unknown }): never => input as never;

/** The typed client of one endpoint table (`call` is the app's: every table). */
export function clientOf<T extends EndpointTable>() {
  return function call<K extends keyof T & string>(
    target: { app: TestContext["app"] },
    key: K,
    ...[input, caller = {}]: Args<T[K]>
  ): Promise<AnswerOf<T[K]>> {
    const { method } = splitKey(key);
    const options: InjectOptions = {
      method,
      url: endpointUrl(key, input),
      headers: caller as InjectOptions["headers"],
    };
    const body = (input as { body?: unknown } | undefined)?.body;
    if (body !== undefined) options.payload = body as InjectOptions["payload"];
    else if (method !== "GET" && method !== "DELETE") options.payload = {};
    return target.app.inject(options) as Promise<AnswerOf<T[K]>>;
  };
}

/** Calls the endpoint `key` of any table on the test app, as `caller`. */
export const call = clientOf<Endpoints>();
