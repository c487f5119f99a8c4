/**
 * The platform's own endpoints: health and readiness (decision 024), the public configuration, and the event
 * stream (decision 006).
 */
import { z } from "zod";
import { endpoints } from "./endpoint";

/** Alive: the process answers. Which database it runs on, for whoever looks. */
export const healthSchema = z.object({
  status: z.literal("ok"),
  database: z.enum(["pglite", "postgres"]),
});

/**
 * What can keep an instance from being ready: it is stopping; the database does not answer (in time); a
 * committed migration is not applied; the LISTEN connection (realtime events, outbox wake-ups) is down.
 */
export const READINESS_FAILURES = ["stopping", "database", "migrations", "listener"] as const;
export type ReadinessFailure = (typeof READINESS_FAILURES)[number];
/**
 * Ready (200, `failing` empty). Not ready is a 503 whose body is this with `status: "not_ready"`, the failing
 * checks, and an error answer's `error` and `requestId`.
 */
export const readySchema = z.object({
  status: z.enum(["ready", "not_ready"]),
  failing: z.array(z.enum(READINESS_FAILURES)),
});
export const publicConfigSchema = z.object({ appName: z.string(), contactEmail: z.string() });

export const platformApi = endpoints({
  /** Alive (the process answers): asks nothing of the database, so a slow database never fails it. */
  "GET /health": { access: "public", answer: healthSchema },
  /** Ready for traffic: database reachable, migrations applied, LISTEN connected, not stopping (503 otherwise). */
  "GET /ready": { access: "public", answer: readySchema },
  /** What a first visit needs to know (cached for five minutes). */
  "GET /config": { access: "public", answer: publicConfigSchema },
});

/**
 * Where a reopened stream resumes: the last event id it received (decision 043). A browser's own reconnection
 * sends it as the Last-Event-ID header; the client's reconnection (it closes a failed stream and opens a new
 * one) sends it here.
 */
export const eventsQuery = z.object({
  lastEventId: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional(),
});

export const eventsApi = endpoints({
  /** A server-sent event stream: topics and ids, never content (server/realtime/routes.ts). */
  "GET /events": { access: "user", query: eventsQuery },
});
