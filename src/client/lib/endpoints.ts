/**
 * A domain's calls, derived from its endpoint table's type (decision 016): `call`, `url` and `query` take an
 * endpoint's key ("GET /requests/:id") and its input, typed from the table, and give the typed answer. Only the
 * table's type is imported (`import type`), so no schema reaches a page's JavaScript: the key itself says the
 * method and the path. A path, method or shape that changes in the table is a type error here.
 *
 *   const requests = endpointsOf<typeof requestsApi>("requests");
 *   requests.call("POST /requests/:id/messages", { params: { id }, body: { body: text } });
 *   useQuery(requests.query("GET /requests/:id", { params: { id } }, { retry: false }));
 */
import { queryOptions, type UseQueryOptions } from "@tanstack/react-query";
import {
  type CallInput,
  type EndpointTable,
  endpointUrl,
  type NeedsInput,
  splitKey,
  type WireAnswer,
} from "@/shared/contracts/endpoint";
import { apiRequest } from "./http";

/** The input argument: required when the endpoint has params or a body, optional otherwise. */
type Args<E> = NeedsInput<E> extends true ? [input: CallInput<E>] : [input?: CallInput<E>];

/** Query options besides the key and the function, which the endpoint gives. */
type QueryExtras<T> = Omit<UseQueryOptions<T, Error, T, readonly unknown[]>, "queryKey" | "queryFn">;

export function endpointsOf<T extends EndpointTable>(domain: string) {
  /** Calls the endpoint; a failure throws ApiError with the server's message. */
  function call<K extends keyof T & string>(key: K, ...[input]: Args<T[K]>): Promise<WireAnswer<T[K]>> {
    const { method } = splitKey(key);
    const body = input?.body ?? (method === "GET" || method === "DELETE" ? undefined : {});
    return apiRequest<WireAnswer<T[K]>>(method, endpointUrl(key, input), body);
  }

  /** The endpoint's URL with its params and query (a link, a download, an upload, a stream). */
  function url<K extends keyof T & string>(key: K, ...[input]: Args<T[K]>): string {
    return endpointUrl(key, input);
  }

  /** The query key of an endpoint's answer: under the domain, then the endpoint, then the input. */
  function keyOf<K extends keyof T & string>(key: K, input?: CallInput<T[K]>) {
    return input === undefined ? ([domain, key] as const) : ([domain, key, input] as const);
  }

  /** TanStack Query options reading the endpoint (GET), keyed by `keyOf`. */
  function query<K extends keyof T & string>(
    key: K,
    input?: CallInput<T[K]>,
    extras: QueryExtras<WireAnswer<T[K]>> = {},
  ) {
    return queryOptions({
      ...extras,
      queryKey: keyOf(key, input) as readonly unknown[],
      queryFn: () => call(key, ...([input] as Args<T[K]>)),
    });
  }

  return { call, url, key: keyOf, query, all: [domain] as const };
}
