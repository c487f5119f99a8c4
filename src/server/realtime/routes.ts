/**
 * GET /api/events: a server-sent event stream per browser tab. Each instance LISTENs once and pushes each
 * event only to the connections allowed to see it. A stream lives only as long as its session: it is
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
import { REQUEST_ID_HEADER } from "../ops/request-id";
import { type AppEvent, EVENTS_CHANNEL, eventsOf } from "./events";

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
}

/** Writes to a stream. */
function write(connection: Connection, text: string) {
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
  }: Pick<AppContext, "database" | "auth" | "config" | "metrics">): FastifyPluginAsync =>
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
    const send = (connection: Connection, event: AppEvent) =>
      write(connection, `event: ${event.topic}\ndata: ${JSON.stringify(event)}\n\n`);
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
     * Routes one notification's events (a transaction's batch): each connection gets every event it may see in
     * one write, so a staff stream told of a reply, its activity and its notification takes one syscall.
     */
    function route(events: AppEvent[]) {
      const frames = new Map<Connection, string>();
      for (const event of events) {
        if (event.topic === "session") {
          for (const connection of [...(byUser.get(event.audience) ?? [])]) {
            void recheck(connection).then((alive) => alive && send(connection, event));
          }
          continue;
        }
        const frame = `event: ${event.topic}\ndata: ${JSON.stringify(event)}\n\n`;
        const add = (connection: Connection) => {
          if (canReceiveEvent(connection.viewer, event)) frames.set(connection, (frames.get(connection) ?? "") + frame);
        };
        const own = byUser.get(event.audience);
        if (own) for (const connection of own) add(connection);
        if (event.audience === "staff" || event.staff) {
          // A staff member's own streams were already served above.
          for (const connection of staff) if (connection.viewer.userId !== event.audience) add(connection);
        }
      }
      for (const [connection, text] of frames) write(connection, text);
    }

    const unlisten = await database.listen(EVENTS_CHANNEL, (payload) => route(eventsOf(payload)));

    // The LISTEN connection came back after a loss: events may be missing, so every stream refetches.
    const stopResync = database.onReconnect(() => {
      for (const connection of connections) send(connection, { topic: "resync", audience: connection.viewer.userId });
    });

    const timer = setInterval(() => {
      for (const connection of connections) void recheck(connection);
    }, config.REALTIME_RECHECK_SECONDS * 1000);
    timer.unref();

    // Comments keep proxies from closing an idle stream: one timer for every stream, not one each; a stream is
    // told when it was silent for HEARTBEAT_MS, so the writes spread as the streams opened.
    const heartbeat = setInterval(() => {
      const silentSince = Date.now() - HEARTBEAT_MS;
      for (const connection of connections)
        if (connection.wroteAt <= silentSince) write(connection, ": keep-alive\n\n");
    }, HEARTBEAT_CHECK_MS);
    heartbeat.unref();

    // A stop closes every stream first, so the HTTP server can close; browsers reconnect by themselves (after
    // the stream's `retry`), to another instance if there is one.
    let stopping = false;
    fastify.addHook("preClose", async () => {
      stopping = true;
      clearInterval(timer);
      clearInterval(heartbeat);
      for (const connection of [...connections]) close(connection, true);
    });
    fastify.addHook("onClose", async () => {
      stopResync();
      await unlisten();
    });

    await fastify.register(
      serve(eventsApi, {
        "GET /events": async ({ viewer, request, reply }) => {
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
          res.write("retry: 3000\n\n");
          flattenHead(res);
          const connection: Connection = {
            viewer,
            cookie: request.headers.cookie ?? "",
            res,
            wroteAt: Date.now(),
          };
          track(connection);
          streamOf.set(res, connection);
          res.once("close", onStreamClose);
          return reply;
        },
      }),
    );
  };
