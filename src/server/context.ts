/**
 * What every feature's routes receive from buildApp: one typed object, so nothing reads dependencies back from
 * the Fastify instance and the type checker follows every use.
 */
import type { Auth } from "./auth/auth";
import type { Config } from "./config";
import type { Database, DatabaseHandle } from "./db";
import type { Deliver } from "./outbox/outbox";
import type { Payments } from "./payments";
import type { RateLimiter } from "./rate-limit";
import type { Storage } from "./storage";

export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  auth: Auth;
  /** Counters shared by every instance (PostgreSQL). */
  limiter: RateLimiter;
  payments: Payments;
  /** Attachments: local disk or S3-compatible object storage. */
  storage: Storage;
  /** Whether email can be sent (SMTP configured); otherwise it is held in the outbox. */
  mailEnabled: boolean;
  /** Sends one outbox message (email or the team's webhook); the worker and the admin's test sends use it. */
  deliver: Deliver;
}
