/**
 * The journeys' typed API client (issue 32 item 4), the browser-side twin of tests/helpers/call.ts: a journey
 * calls an endpoint by its key in the endpoint tables, with the cookies of `request`'s browser context, its
 * params, query and body typed from the table, and reads a typed answer.
 *
 *   const created = await api(page.request, "POST /requests", { body: { ...NEW_REQUEST } });
 *   const { id } = await created.json();
 */
import type { APIRequestContext, APIResponse } from "@playwright/test";
import {
  type CallInput,
  endpointUrl,
  type NeedsInput,
  splitKey,
  type WireAnswer,
} from "../../../src/shared/contracts/endpoint";
import type { EndpointName, Endpoints, Refusal } from "../../helpers/call";

/** An endpoint's URL, for what a journey sees rather than calls (a link, a response it waits for). */
export { endpointUrl };

/** The response, with `json()` typed as the endpoint's answer on the wire, or what a refusal carries. */
export type ApiAnswer<K extends EndpointName> = Omit<APIResponse, "json"> & {
  json(): Promise<WireAnswer<Endpoints[K]> & Partial<Refusal>>;
};

type Args<E> =
  NeedsInput<E> extends true
    ? [input: CallInput<E>, headers?: Record<string, string>]
    : [input?: CallInput<E>, headers?: Record<string, string>];

/** Calls the endpoint `key` through `request` (a page's, a context's). A write without a body sends `{}`. */
export function api<K extends EndpointName>(
  request: APIRequestContext,
  key: K,
  ...[input, headers]: Args<Endpoints[K]>
): Promise<ApiAnswer<K>> {
  const { method } = splitKey(key);
  const body = (input as { body?: unknown } | undefined)?.body;
  const data = body !== undefined ? body : method === "GET" || method === "DELETE" ? undefined : {};
  return request.fetch(endpointUrl(key, input), {
    method,
    ...(headers ? { headers } : {}),
    ...(data !== undefined ? { data } : {}),
  }) as Promise<ApiAnswer<K>>;
}
