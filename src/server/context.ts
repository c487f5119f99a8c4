/**
 * What every feature's routes receive from buildApp: one typed object, so nothing reads dependencies back from
 * the Fastify instance and the type checker follows every use.
 *
 * Domains never import each other (decision 008). What one needs of another is a port: its interface sits
 * beside its owner (`features/<domain>/port.ts`, imported type-only), the owner answers it (`make-port.ts`) and
 * app.ts plugs it in from its list of domains. So a domain writes only its own tables, and reads another's only
 * through the owner. People's identity (users, profiles, roles, memberships) is read by everyone, as the viewer
 * is on every request; only the account and billing domains write it.
 */
import type { Auth } from "./auth/auth";
import type { Config } from "./config";
import type { Database, DatabaseHandle } from "./db";
import type { Write } from "./db/write";
import type { BillingPort } from "./features/billing/port";
import type { ConciergePort } from "./features/concierge/port";
import type { NotificationsPort } from "./features/notifications/port";
import type { PresencePort } from "./features/presence/port";
import type { QuotesPort } from "./features/quotes/port";
import type { RequestsPort } from "./features/requests/port";
import type { SalesPort } from "./features/sales/port";
import type { ServiceLevelsPort } from "./features/service-levels/port";
import type { Metrics } from "./ops/metrics";
import type { Readiness } from "./ops/readiness";
import type { Deliver } from "./outbox/outbox";
import type { Payments } from "./payments";
import type { RateLimiter } from "./rate-limit";
import type { EventFanout } from "./realtime/fanout";
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
  /** The one way to write: a change with the events and notices it causes (db/write.ts). */
  write: Write;
  /** What a domain may ask of another (their ports, below). */
  domains: Domains;
  /** Whether this instance should receive traffic (GET /api/ready); told when a stop begins. */
  readiness: Readiness;
  /** Prometheus metrics (decision 024): the realtime routes count their streams there. */
  metrics: Metrics;
  /** How this instance hears every committed batch of events and reads back missed ones (decision 043). */
  fanout: EventFanout;
}

/** What a domain may ask of another: each owner's port (`features/<domain>/port.ts`). */
export interface Domains {
  billing: BillingPort;
  concierge: ConciergePort;
  notifications: NotificationsPort;
  presence: PresencePort;
  quotes: QuotesPort;
  requests: RequestsPort;
  sales: SalesPort;
  serviceLevels: ServiceLevelsPort;
}
