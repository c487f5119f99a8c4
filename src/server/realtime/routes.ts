/**
 * GET /api/events: a server-sent event stream per browser tab. Each instance LISTENs once and pushes each
 * event only to the connections allowed to see it. A stream lives only as long as its session: it is
 * re-checked every REALTIME_RECHECK_SECONDS and at once when the user's sessions, role or account change (a
 * "session" event from any instance), and closed when its right is gone.
 */
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { ERROR_TEXTS } from "@/shared/contracts/common-texts";
import { eventsApi } from "@/shared/contracts/platform";
import { canReceiveEvent } from "../auth/policies";
import { resolveViewer, type Viewer } from "../auth/viewer";
import type { AppContext } from "../context";
import { serve } from "../http/endpoints";
import { errorBody } from "../http/errors";
import { REQUEST_ID_HEADER } from "../ops/request-id";
import { type AppEvent, EVENTS_CHANNEL, eventsOf } from "./events";

/** Open streams one user may hold on one instance; opening one more closes the oldest. */
export const MAX_STREAMS_PER_USER = 8;

interface Connection {
  viewer: Viewer;
  /** The request's cookie header (its session), to re-check the session later. */
  cookie: string;
  reply: FastifyReply;
  closed?: boolean;
  /** Ends the stream; `final` (the server is stopping) also ends its connection, which is not reused. */
  close(final?: boolean): void;
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
      connection.reply.raw.write(`event: ${event.topic}\ndata: ${JSON.stringify(event)}\n\n`);

    /** Re-checks a stream's session; closes it when the session ended, or refreshes who it is. */
    async function recheck(connection: Connection) {
      const { viewer } = await resolveViewer({ auth, db: database.db }, connection.cookie).catch(() => ({
        viewer: connection.viewer,
      }));
      if (!viewer || viewer.userId !== connection.viewer.userId) {
        connection.close();
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
      for (const [connection, text] of frames) connection.reply.raw.write(text);
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

    // A stop closes every stream first, so the HTTP server can close; browsers reconnect by themselves (after
    // the stream's `retry`), to another instance if there is one.
    let stopping = false;
    fastify.addHook("preClose", async () => {
      stopping = true;
      clearInterval(timer);
      for (const connection of [...connections]) connection.close(true);
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
          for (const old of own.slice(0, Math.max(0, own.length - MAX_STREAMS_PER_USER + 1))) old.close();
          reply.hijack();
          reply.raw.writeHead(200, {
            "content-type": "text/event-stream",
            "cache-control": "no-store",
            connection: "keep-alive",
            "x-accel-buffering": "no",
            [REQUEST_ID_HEADER]: request.id,
          });
          reply.raw.write("retry: 3000\n\n");
          // Comments keep proxies from closing an idle stream.
          const heartbeat = setInterval(() => reply.raw.write(": keep-alive\n\n"), 25_000);
          const connection: Connection = {
            viewer,
            cookie: request.headers.cookie ?? "",
            reply,
            close(final) {
              clearInterval(heartbeat);
              untrack(connection);
              reply.raw.end();
              if (final) request.raw.socket?.end();
            },
          };
          track(connection);
          request.raw.on("close", () => {
            clearInterval(heartbeat);
            untrack(connection);
          });
          return reply;
        },
      }),
    );
  };
