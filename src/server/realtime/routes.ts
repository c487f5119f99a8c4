/**
 * GET /api/events: a server-sent event stream per browser tab. Each instance hears every committed batch of
 * events once (the fan-out port, ./fanout.ts) and pushes each event only to the connections allowed to see it;
 * every batch carries its log id as the SSE `id:`, and a reopened stream gets what it missed from the log
 * (decision 043). A stream lives only as long as its session: it is
 * re-checked every REALTIME_RECHECK_SECONDS and at once when the user's sessions, role or account change (a
 * "session" event from any instance), and closed when its right is gone.
 */
import type { ServerResponse } from "node:http";
import type { FastifyPluginAsync } from "fastify";
import { ERROR_TEXTS } from "@/shared/contracts/common-texts";
import { eventsApi } from "@/shared/contracts/platform";
import { canReceiveEvent } from "../auth/policies";
import { resolveViewer, type Viewer } from "../auth/viewer";
import type { AppContext } from "../context";
import { serve } from "../http/endpoints";
import { errorBody } from "../http/errors";
import { securityHeaderPairs } from "../http/security-headers";
import { startPeriodic } from "../ops/periodic";
import { REQUEST_ID_HEADER } from "../ops/request-id";
import type { AppEvent } from "./events";
import { EVENT_LOG_RETENTION_MS, type LoggedEvents, RECENT_BATCHES } from "./fanout";

/** Open streams one user may hold on one instance; opening one more closes the oldest. */
export const MAX_STREAMS_PER_USER = 8;

/** How long a stream may stay silent: then a comment keeps proxies from closing it. */
export const HEARTBEAT_MS = 25_000;
/** How often the one heartbeat timer looks for silent streams (so a stream's heartbeat comes 25 to 30 s apart). */
const HEARTBEAT_CHECK_MS = 5_000;

/**
 * An open stream: plain data, no closure or timer of its own (decision 044: at 10,000 streams each byte counts),
 * so it holds the raw response only; Fastify keeps its request and reply until the stream ends.
 */
interface Connection {
  viewer: Viewer;
  /** The request's cookie header (its session), to re-check the session later. */
  cookie: string;
  res: ServerResponse;
  /** When it was last written to (Date.now()), for the heartbeat. */
  wroteAt: number;
  closed?: boolean;
  /** The stream resumed from this id: batches up to it are already the browser's. */
  after: number;
  /** While its missed batches are read from the log: what arrived meanwhile, written after them. */
  pending: string | null;
}

/** Writes to a stream, or holds it while the stream's missed batches are being read. */
function write(connection: Connection, text: string) {
  if (connection.pending !== null) {
    connection.pending += text;
    return;
  }
  connection.wroteAt = Date.now();
  connection.res.write(text);
}

/**
 * Node keeps a response's head as the string it was built by appending each header to the last (a rope of a
 * hundred pieces, 2 KB for the security headers), for as long as the response lives: a stream's head is made
 * one flat string (a regular expression's test flattens its subject in place) and the pieces freed.
 */
function flattenHead(res: ServerResponse) {
  const head = (res as ServerResponse & { _header?: unknown })._header;
  if (typeof head === "string") /\r\n$/.test(head);
}

export const realtimeRoutes =
  ({
    database,
    auth,
    config,
    metrics,
    fanout,
    domains,
  }: Pick<AppContext, "database" | "auth" | "config" | "metrics" | "fanout" | "domains">): FastifyPluginAsync =>
  async (fastify) => {
    const connections = new Set<Connection>();
    metrics.countStreams(() => connections.size);
    /** Routing by audience: a user's own streams, and every staff stream, without a loop over everyone. */
    const byUser = new Map<string, Set<Connection>>();
    const staff = new Set<Connection>();
    function track(connection: Connection) {
      if (connection.closed) return;
      connections.add(connection);
      const own = byUser.get(connection.viewer.userId) ?? new Set<Connection>();
      byUser.set(connection.viewer.userId, own);
      own.add(connection);
      if (connection.viewer.isStaff) staff.add(connection);
      else staff.delete(connection);
    }
    function untrack(connection: Connection) {
      connection.closed = true;
      connections.delete(connection);
      staff.delete(connection);
      const own = byUser.get(connection.viewer.userId);
      own?.delete(connection);
      if (own?.size === 0) byUser.delete(connection.viewer.userId);
    }
    const frameOf = (event: AppEvent) => `event: ${event.topic}\ndata: ${JSON.stringify(event)}\n\n`;
    const send = (connection: Connection, event: AppEvent) => write(connection, frameOf(event));
    /** A message carrying only a log id: the browser's Last-Event-ID from then on (the client reads it). */
    const idLine = (id: number) => `id: ${id}\ndata: {}\n\n`;
    /** Frames (ending with a blank line) whose last event carries the batch's id. */
    const withId = (frames: string, id: number) => `${frames.slice(0, -1)}id: ${id}\n\n`;
    /** Ends a stream; `final` (the server is stopping) also ends its connection, which is not reused. */
    function close(connection: Connection, final?: boolean) {
      untrack(connection);
      connection.res.end();
      if (final) connection.res.socket?.end();
    }
    /** The raw response's "close" (the browser went, or the stream was ended): one listener for every stream. */
    const streamOf = new WeakMap<ServerResponse, Connection>();
    function onStreamClose(this: ServerResponse) {
      const connection = streamOf.get(this);
      if (connection) untrack(connection);
    }

    /** Re-checks a stream's session; closes it when the session ended, or refreshes who it is. */
    async function recheck(connection: Connection) {
      const { viewer } = await resolveViewer({ auth, db: database.db }, connection.cookie).catch(() => ({
        viewer: connection.viewer,
      }));
      if (!viewer || viewer.userId !== connection.viewer.userId) {
        close(connection);
        return false;
      }
      // A role change re-scopes the stream (staff events start or stop).
      connection.viewer = viewer;
      track(connection);
      return true;
    }

    /**
     * Routes one committed batch (a transaction's events): each connection gets every event it may see in one
     * write, followed by the batch's id, so a staff stream told of a reply, its activity and its notification
     * takes one syscall.
     */
    function route({ id, events }: LoggedEvents) {
      const frames = new Map<Connection, string>();
      for (const event of events) {
        if (event.topic === "session") {
          for (const connection of [...(byUser.get(event.audience) ?? [])]) {
            if (id <= connection.after) continue;
            // No id after it: the re-check ends after later batches may have been written.
            void recheck(connection).then((alive) => alive && write(connection, frameOf(event)));
          }
          continue;
        }
        const frame = frameOf(event);
        const add = (connection: Connection) => {
          if (id > connection.after && canReceiveEvent(connection.viewer, event)) {
            frames.set(connection, (frames.get(connection) ?? "") + frame);
          }
        };
        const own = byUser.get(event.audience);
        if (own) for (const connection of own) add(connection);
        if (event.audience === "staff" || event.staff) {
          // A staff member's own streams were already served above.
          for (const connection of staff) if (connection.viewer.userId !== event.audience) add(connection);
        }
      }
      for (const [connection, text] of frames) write(connection, withId(text, id));
    }

    /** What a resuming stream missed, as it may see it (a "session" event only tells it to refetch who it is). */
    const replay = (connection: Connection, batches: LoggedEvents[]) => {
      let text = "";
      for (const { id, events } of batches) {
        let frames = "";
        for (const event of events) if (canReceiveEvent(connection.viewer, event)) frames += frameOf(event);
        if (frames) text += withId(frames, id);
      }
      return text;
    };

    // Every stream refetches when the batches missed by this instance cannot be read back (pruned).
    const resyncAll = () => {
      for (const connection of connections) send(connection, { topic: "resync", audience: connection.viewer.userId });
    };
    await fanout.start(route, resyncAll);

    // The log keeps what a stream may need to resume (every instance prunes; the delete is idempotent).
    const pruning = startPeriodic(() => fanout.prune(new Date(Date.now() - EVENT_LOG_RETENTION_MS)), {
      everyMs: 60_000,
      onError: (error) => fastify.log.warn({ err: error }, "event log prune failed"),
    });

    const timer = setInterval(() => {
      for (const connection of connections) void recheck(connection);
    }, config.REALTIME_RECHECK_SECONDS * 1000);
    timer.unref();

    // Comments keep proxies from closing an idle stream: one timer for every stream, not one each; a stream is
    // told when it was silent for HEARTBEAT_MS, so the writes spread as the streams opened.
    const heartbeat = setInterval(() => {
      const silentSince = Date.now() - HEARTBEAT_MS;
      // The id moves a quiet stream's resume point on.
      for (const connection of connections)
        if (connection.pending === null && connection.wroteAt <= silentSince)
          write(connection, `: keep-alive\n${idLine(Math.max(fanout.head(), connection.after))}`);
    }, HEARTBEAT_CHECK_MS);
    heartbeat.unref();

    // A staff member with a stream open is active (the members' "Concierge team online", decision 051): told
    // once a minute for every open staff stream (opening one is a signed-in request, told at once).
    const active = setInterval(() => {
      const ids = [...new Set([...staff].map((connection) => connection.viewer.userId))];
      domains.presence.staffActive(ids).catch((error) => fastify.log.warn({ err: error }, "presence"));
    }, 60_000);
    active.unref();

    // A stop closes every stream first, so the HTTP server can close; browsers reconnect by themselves (after
    // the stream's `retry`), to another instance if there is one.
    let stopping = false;
    fastify.addHook("preClose", async () => {
      stopping = true;
      clearInterval(timer);
      clearInterval(heartbeat);
      clearInterval(active);
      for (const connection of [...connections]) close(connection, true);
    });
    fastify.addHook("onClose", async () => {
      await pruning.stop();
      await fanout.stop();
    });

    await fastify.register(
      serve(eventsApi, {
        "GET /events": async ({ viewer, query, request, reply }) => {
          // Opened while the server stops (it was checking the session): not kept open.
          if (stopping) {
            return reply.status(503).send(errorBody(request, ERROR_TEXTS.serverRestarting));
          }
          // A user's streams in the order they opened (a Set keeps insertion order): the oldest go first.
          const own = [...(byUser.get(viewer.userId) ?? [])];
          for (const old of own.slice(0, Math.max(0, own.length - MAX_STREAMS_PER_USER + 1))) close(old);
          reply.hijack();
          const res = reply.raw;
          // A raw header list, and no header set on the response before (security-headers.ts): Node keeps no
          // header store for the stream's life, only its head.
          res.writeHead(200, [
            ...securityHeaderPairs(),
            "content-type",
            "text/event-stream",
            "cache-control",
            "no-store",
            "connection",
            "keep-alive",
            "x-accel-buffering",
            "no",
            REQUEST_ID_HEADER,
            request.id,
          ]);
          // Where it resumes: the client's reconnection says it in the query, the browser's own in the header.
          const header = request.headers["last-event-id"];
          const resumeFrom = query.lastEventId ?? (typeof header === "string" ? header : undefined);
          const after = resumeFrom === undefined ? null : /^\d{1,15}$/.test(resumeFrom) ? Number(resumeFrom) : -1;
          const head = fanout.head();
          const connection: Connection = {
            viewer,
            cookie: request.headers.cookie ?? "",
            res,
            wroteAt: Date.now(),
            after: after !== null && after > head ? after : 0,
            pending: null,
          };
          track(connection);
          streamOf.set(res, connection);
          res.once("close", onStreamClose);
          const resync = () =>
            `event: resync\ndata: ${JSON.stringify({ topic: "resync", audience: viewer.userId })}\n\n`;
          if (after === null) {
            // A new stream: the page fetches what it shows now; it resumes from here.
            res.write(`retry: 3000\n${idLine(head)}`);
          } else if (after < 0 || after > head + RECENT_BATCHES) {
            // Not an id of this log: refetch everything.
            res.write(`retry: 3000\n${idLine(head)}${resync()}`);
          } else if (after >= head) {
            res.write(`retry: 3000\n\n`);
          } else {
            const missed = fanout.since(after);
            if (Array.isArray(missed) || missed === null) {
              res.write(`retry: 3000\n\n${missed ? replay(connection, missed) : resync()}${idLine(head)}`);
            } else {
              // Read from the log: batches routed meanwhile wait, and are written after the missed ones.
              connection.pending = "";
              res.write("retry: 3000\n\n");
              const found = await missed.catch(() => null);
              if (connection.closed) return reply;
              const text = `${found ? replay(connection, found) : resync()}${idLine(head)}${connection.pending}`;
              connection.pending = null;
              write(connection, text);
            }
          }
          flattenHead(res);
          return reply;
        },
      }),
    );
  };
