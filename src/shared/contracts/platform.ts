/** The platform's own endpoints: health, the public configuration, and the event stream (decision 006). */
import { z } from "zod";
import { endpoints } from "./endpoint";

export const healthSchema = z.object({
  status: z.enum(["ok", "unavailable"]),
  database: z.enum(["pglite", "postgres"]),
});
export const publicConfigSchema = z.object({ appName: z.string(), contactEmail: z.string() });

export const platformApi = endpoints({
  /** Alive, and the database reachable (503 otherwise). */
  "GET /health": { access: "public", answer: healthSchema },
  /** What a first visit needs to know (cached for five minutes). */
  "GET /config": { access: "public", answer: publicConfigSchema },
});

export const eventsApi = endpoints({
  /** A server-sent event stream: topics and ids, never content (server/realtime/routes.ts). */
  "GET /events": { access: "user" },
});
