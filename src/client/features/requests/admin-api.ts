/**
 * Sourcing requests, the staff's side (requestsAdminApi, and requestsApi for a request and its thread): the
 * filtered, sorted and paged pipeline with its CSV, a request with its thread, activity and client, the staff's
 * actions on it (status, reply, delete), the operations dashboard, the sidebar's badges and the inbox's Requests
 * tab. Keys are under ["requests"], the domain's one root, as the member's own are (./api.ts).
 */
import { keepPreviousData, useMutation, useQueryClient } from "@tanstack/react-query";
import { endpointsOf } from "@/client/lib/endpoints";
import type { Wire } from "@/shared/contracts/common";
import type * as contract from "@/shared/contracts/requests";
import type { requestsAdminApi, requestsApi } from "@/shared/contracts/requests";
import type { RequestStatus } from "@/shared/requests";

/** The staff's endpoints, and the member's (a request, its thread, a reply) under the staff's keys. */
const staff = endpointsOf<typeof requestsAdminApi>("requests");
const shared = endpointsOf<typeof requestsApi>("requests");

export type Pipeline = Wire<typeof contract.pipelineSchema>;
export type PipelineItem = Pipeline["items"][number];
export type PipelineParams = Required<Pick<contract.PipelineQuery, "sort" | "dir" | "page" | "pageSize">> &
  Pick<contract.PipelineQuery, "q" | "status" | "category" | "assignee">;
export type Assignee = Wire<typeof contract.assigneeSchema>;
export type RequestClient = Wire<typeof contract.requestClientSchema>;
export type Activity = Wire<typeof contract.activitySchema>;
export type ActivityEntry = Activity["items"][number];
export type AdminStats = Wire<typeof contract.adminStatsSchema>;
export type AdminBadges = Wire<typeof contract.adminBadgesSchema>;
export type AdminUnreadMessage = Wire<typeof contract.staffUnreadMessagesSchema>["items"][number];

/**
 * The list's filters as the page's URL keeps them (and the CSV export, which leaves the page out: it exports
 * the whole filtered view). Defaults ("all", created, desc) are left out.
 */
export function pipelineSearch(params: Partial<PipelineParams>, { paged = true } = {}) {
  const search = new URLSearchParams();
  const q = params.q?.trim();
  if (q) search.set("q", q);
  if (params.status && params.status !== "all") search.set("status", params.status);
  if (params.category && params.category !== "all") search.set("category", params.category);
  if (params.assignee && params.assignee !== "all") search.set("assignee", params.assignee);
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
  return staff.url("GET /admin/requests.csv", { query: Object.fromEntries(pipelineSearch(params, { paged: false })) });
}

export const requestsAdminQueries = {
  all: staff.all,
  lists: () => staff.key("GET /admin/requests"),
  /** Every request with its client, filtered, sorted and paged by the server; every 30 s besides live (spec). */
  list: (params: PipelineParams) =>
    staff.query(
      "GET /admin/requests",
      { query: Object.fromEntries(pipelineSearch(params)) },
      { placeholderData: keepPreviousData, refetchInterval: 30_000 },
    ),
  details: () => shared.key("GET /requests/:id"),
  /** One request; a missing one is said at once, not retried. */
  detail: (id: string) => shared.query("GET /requests/:id", { params: { id } }, { retry: false }),
  threads: () => shared.key("GET /requests/:id/messages"),
  thread: (id: string) => shared.query("GET /requests/:id/messages", { params: { id } }, { retry: false }),
  activities: () => staff.key("GET /admin/requests/:id/activity"),
  /** The request's history: created, status changes, replies, member messages, attachments (oldest first). */
  activity: (id: string) => staff.query("GET /admin/requests/:id/activity", { params: { id } }),
  notesAll: () => staff.key("GET /admin/requests/:id/notes"),
  /** The request's internal notes (staff only), merged into the thread by time. */
  notes: (id: string) => staff.query("GET /admin/requests/:id/notes", { params: { id } }, { retry: false }),
  clients: () => staff.key("GET /admin/requests/:id/client"),
  /** Who asked (contact, plan, member since) and what else they asked for. */
  client: (id: string) => staff.query("GET /admin/requests/:id/client", { params: { id } }),
  /** Who may own a request: every staff member and admin (issue 22, item 1). */
  assignees: () => staff.query("GET /admin/assignees", undefined, { staleTime: 60_000 }),
  handlings: () => staff.key("GET /admin/requests/:id/handling"),
  /** A request's owner, its first-reply and resolution times. */
  handling: (id: string) => staff.query("GET /admin/requests/:id/handling", { params: { id } }),
  /** Whether new requests are given to this staff member in turn. */
  roundRobin: () => staff.query("GET /admin/assignment/round-robin"),
  /** The operations dashboard's cards and charts. */
  stats: () => staff.query("GET /admin/stats"),
  /** The sidebar's counts: live through the realtime topics below, and every 30 s besides (spec). */
  badges: () => staff.query("GET /admin/badges", undefined, { refetchInterval: 30_000 }),
  /** The inbox's Requests tab: members' request messages this staff member has not read, newest first. */
  inbox: () => staff.query("GET /admin/inbox/messages"),
};

/**
 * A request changed (created, status, deleted): the list, the request, its client panel (their other requests),
 * its timeline, the dashboard and the badges. A thread changed: the thread, the timeline (a message is an
 * entry), the inbox, the dashboard's unread card and the badges. The timeline's own topic: the timeline.
 */
export const requestsAdminRealtime = {
  requests: [requestsAdminQueries.all],
  messages: [
    requestsAdminQueries.threads(),
    requestsAdminQueries.activities(),
    requestsAdminQueries.inbox().queryKey,
    requestsAdminQueries.stats().queryKey,
    requestsAdminQueries.badges().queryKey,
  ],
  activity: [requestsAdminQueries.activities()],
  /** A note was added (staff only): the notes and the timeline's entry. */
  notes: [requestsAdminQueries.notesAll(), requestsAdminQueries.activities()],
  /** A quote, hold or delivery changed: the list's hold flags and the request's timeline. */
  quotes: [requestsAdminQueries.lists(), requestsAdminQueries.activities()],
  concierge: [requestsAdminQueries.stats().queryKey, requestsAdminQueries.badges().queryKey],
  notifications: [requestsAdminQueries.badges().queryKey],
};

/** Moves a request along the pipeline; the server refuses (409) a move `allowedTransitions` does not offer. */
export function useChangeStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: RequestStatus }) =>
      staff.call("POST /admin/requests/:id/status", { params: { id }, body: { status } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestsAdminQueries.all }),
  });
}

/** Gives a request to a staff member, or to no one (null). */
export function useAssignRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, userId }: { id: string; userId: string | null }) =>
      staff.call("POST /admin/requests/:id/assignee", { params: { id }, body: { userId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestsAdminQueries.all }),
  });
}

/** "Assign new requests to me in turn": on or off. */
export function useSetRoundRobin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => staff.call("PUT /admin/assignment/round-robin", { body: { enabled } }),
    onSuccess: (data) => queryClient.setQueryData(requestsAdminQueries.roundRobin().queryKey, data),
  });
}

/** A staff reply on the request's thread (the member is told by email). */
export function useReply(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, fileIds }: { body: string; fileIds: string[] }) =>
      shared.call("POST /requests/:id/messages", { params: { id }, body: { body, fileIds } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: requestsAdminQueries.thread(id).queryKey }),
        queryClient.invalidateQueries({ queryKey: requestsAdminQueries.activity(id).queryKey }),
      ]).then(() => undefined),
  });
}

/** An internal note on the request: staff only. */
export function useAddNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => staff.call("POST /admin/requests/:id/notes", { params: { id }, body: { body } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: requestsAdminQueries.notes(id).queryKey }),
        queryClient.invalidateQueries({ queryKey: requestsAdminQueries.activity(id).queryKey }),
      ]).then(() => undefined),
  });
}

/** Deletes the request with its messages and attachment. */
export function useDeletePipelineRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => shared.call("DELETE /requests/:id", { params: { id } }),
    // The page leaves at once: the deleted request's own queries are not refetched (they would answer 404),
    // and go from the cache once unused. The list and other clients' panels refresh.
    onSuccess: (_data, id) => {
      void queryClient.invalidateQueries({ queryKey: requestsAdminQueries.lists() });
      void queryClient.invalidateQueries({
        queryKey: requestsAdminQueries.clients(),
        predicate: (query) => JSON.stringify(query.queryKey[2]) !== JSON.stringify({ params: { id } }),
      });
    },
  });
}

/** Staff inbox: marks one member message read, or unread again (so it is not forgotten). */
export function useMarkInboxMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, read }: { id: string; read: boolean }) =>
      read
        ? staff.call("POST /admin/inbox/messages/:id/read", { params: { id } })
        : staff.call("DELETE /admin/inbox/messages/:id/read", { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestsAdminQueries.inbox().queryKey }),
  });
}
