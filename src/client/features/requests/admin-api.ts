/**
 * The staff's request pipeline (/admin/requests and /admin/requests/:id): the filtered, sorted and paged list, a
 * request with its thread, activity and client, and the staff's actions on it (status, reply, delete). Query
 * keys are defined once, in `pipelineQueries`, all under ["pipeline"], so the admin screens refresh apart from
 * the member's own (./api.ts); the fetches of a request and its thread are the member api's. The answers' types
 * come from src/shared/contracts/admin.ts and requests.ts.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api";
import type { Wire } from "@/shared/contracts/common";
import type * as admin from "@/shared/contracts/requests";
import type * as contract from "@/shared/contracts/requests";
import type { RequestStatus } from "@/shared/requests";
import { requestQueries } from "./api";

export type Pipeline = Wire<typeof admin.pipelineSchema>;
export type PipelineItem = Pipeline["items"][number];
export type PipelineParams = Required<Pick<admin.PipelineQuery, "sort" | "dir" | "page" | "pageSize">> &
  Pick<admin.PipelineQuery, "q" | "status" | "category">;
export type RequestClient = Wire<typeof admin.requestClientSchema>;
export type Activity = Wire<typeof contract.activitySchema>;
export type ActivityEntry = Activity["items"][number];

const encode = encodeURIComponent;

/**
 * The list's query string, shared by the list and its CSV export (which leaves the page out: it exports the
 * whole filtered view). Defaults ("all", created, desc) are left out.
 */
export function pipelineSearch(params: Partial<PipelineParams>, { paged = true } = {}) {
  const search = new URLSearchParams();
  const q = params.q?.trim();
  if (q) search.set("q", q);
  if (params.status && params.status !== "all") search.set("status", params.status);
  if (params.category && params.category !== "all") search.set("category", params.category);
  if (params.sort && params.sort !== "created") search.set("sort", params.sort);
  if (params.dir && params.dir !== "desc") search.set("dir", params.dir);
  if (paged) {
    if (params.page) search.set("page", String(params.page));
    if (params.pageSize) search.set("pageSize", String(params.pageSize));
  }
  return search;
}

/** The CSV of the current filtered view, for a plain download link. */
export function pipelineCsvHref(params: Partial<PipelineParams>) {
  const search = pipelineSearch(params, { paged: false }).toString();
  return `/api/admin/requests.csv${search ? `?${search}` : ""}`;
}

export const pipelineQueries = {
  all: ["pipeline"] as const,
  lists: () => [...pipelineQueries.all, "list"] as const,
  /** Every request with its client, filtered, sorted and paged by the server; every 30 s besides live (spec). */
  list: (params: PipelineParams) =>
    queryOptions({
      queryKey: [...pipelineQueries.lists(), params],
      queryFn: () => api.get<Pipeline>(`/api/admin/requests?${pipelineSearch(params)}`),
      placeholderData: keepPreviousData,
      refetchInterval: 30_000,
    }),
  details: () => [...pipelineQueries.all, "detail"] as const,
  /** One request (the member api's fetch); a missing one is said at once, not retried. */
  detail: (id: string) =>
    queryOptions({
      queryKey: [...pipelineQueries.details(), id],
      queryFn: requestQueries.detail(id).queryFn,
      retry: false,
    }),
  threads: () => [...pipelineQueries.all, "thread"] as const,
  thread: (id: string) =>
    queryOptions({
      queryKey: [...pipelineQueries.threads(), id],
      queryFn: requestQueries.thread(id).queryFn,
      retry: false,
    }),
  activities: () => [...pipelineQueries.all, "activity"] as const,
  /** The request's history: created, status changes, replies, member messages, attachments (oldest first). */
  activity: (id: string) =>
    queryOptions({
      queryKey: [...pipelineQueries.activities(), id],
      queryFn: () => api.get<Activity>(`/api/admin/requests/${encode(id)}/activity`),
    }),
  clients: () => [...pipelineQueries.all, "client"] as const,
  /** Who asked (contact, plan, member since) and what else they asked for. */
  client: (id: string) =>
    queryOptions({
      queryKey: [...pipelineQueries.clients(), id],
      queryFn: () => api.get<RequestClient>(`/api/admin/requests/${encode(id)}/client`),
    }),
};

/**
 * A request changed (created, status, deleted): the list, the request, its client panel (their other requests)
 * and its timeline. A thread changed: the thread, and the timeline (a message is an entry). The timeline's own
 * topic: the timeline.
 */
export const pipelineRealtime = {
  requests: [
    pipelineQueries.lists(),
    pipelineQueries.details(),
    pipelineQueries.clients(),
    pipelineQueries.activities(),
  ],
  messages: [pipelineQueries.threads(), pipelineQueries.activities()],
  activity: [pipelineQueries.activities()],
};

/** Moves a request along the pipeline; the server refuses (409) a move `allowedTransitions` does not offer. */
export function useChangeStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: RequestStatus }) =>
      api.post<{ id: string; status: string }>(`/api/admin/requests/${encode(id)}/status`, { status }),
    onSettled: () =>
      Promise.all(pipelineRealtime.requests.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(
        () => undefined,
      ),
  });
}

/** A staff reply on the request's thread (the member is told by email). */
export function useReply(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => api.post(`/api/requests/${encode(id)}/messages`, { body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: pipelineQueries.thread(id).queryKey }),
        queryClient.invalidateQueries({ queryKey: pipelineQueries.activity(id).queryKey }),
      ]).then(() => undefined),
  });
}

/** Deletes the request with its messages and attachment. */
export function useDeletePipelineRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: true }>(`/api/requests/${encode(id)}`),
    // The page leaves at once: the deleted request's own queries are not refetched (they would answer 404),
    // and go from the cache once unused. The list and other clients' panels refresh.
    onSuccess: (_data, id) => {
      void queryClient.invalidateQueries({ queryKey: pipelineQueries.lists() });
      void queryClient.invalidateQueries({
        queryKey: pipelineQueries.clients(),
        predicate: (query) => query.queryKey[2] !== id,
      });
    },
  });
}
