/**
 * GET /api/events: a server-sent event stream per browser tab. Each instance LISTENs once and pushes each
 * event only to the connections allowed to see it.
 */
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import type { App } from "../app";
import { requireUser, type Viewer } from "../auth/viewer";
import { type AppEvent, EVENTS_CHANNEL } from "./events";

interface Connection {
  viewer: Viewer;
  reply: FastifyReply;
}

export const realtimeRoutes: FastifyPluginAsync = async (fastify) => {
  const { database } = (fastify as unknown as App).deps;
  const connections = new Set<Connection>();

  const unlisten = await database.listen(EVENTS_CHANNEL, (payload) => {
    let event: AppEvent;
    try {
      event = JSON.parse(payload);
    } catch {
      return;
    }
    for (const connection of connections) {
      const { viewer } = connection;
      const allowed = event.audience === viewer.userId || (event.audience === "staff" && viewer.isStaff);
      if (allowed) connection.reply.raw.write(`event: ${event.topic}\ndata: ${JSON.stringify(event)}\n\n`);
    }
  });

  fastify.addHook("onClose", async () => {
    await unlisten();
    for (const connection of connections) connection.reply.raw.end();
  });

  fastify.get("/events", async (request, reply) => {
    const viewer = await requireUser(request);
    reply.hijack();
    reply.raw.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-store",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    });
    reply.raw.write("retry: 3000\n\n");
    const connection: Connection = { viewer, reply };
    connections.add(connection);
    // Comments keep proxies from closing an idle stream.
    const heartbeat = setInterval(() => reply.raw.write(": keep-alive\n\n"), 25_000);
    request.raw.on("close", () => {
      clearInterval(heartbeat);
      connections.delete(connection);
    });
  });
};
