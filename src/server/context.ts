/**
 * What every feature's routes receive from buildApp: one typed object, so nothing reads dependencies back from
 * the Fastify instance and the type checker follows every use.
 *
 * Domains never import each other (decision 008). What one needs of another is a port declared here, which the
 * owning domain implements (its `ports.ts`) and app.ts plugs in: so a domain writes only its own tables, and
 * reads another's only through the owner. People's identity (users, profiles, roles, memberships) is read by
 * everyone, as the viewer is on every request; only the account and billing domains write it.
 */
import type { SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { accountExportSchema } from "@/shared/contracts/account";
import type { Served } from "@/shared/contracts/common";
import type { NoticeRecipient } from "@/shared/contracts/notifications";
import type { Plan } from "@/shared/plans";
import type { HoldStatus } from "@/shared/quotes";
import type { RequestCategory, RequestStatus, Urgency } from "@/shared/requests";
import type { NewRequest } from "@/shared/schemas";
import type { Auth } from "./auth/auth";
import type { Viewer } from "./auth/viewer";
import type { Config } from "./config";
import type { Database, DatabaseHandle, Queryable } from "./db";
import type { Effects, NoticeEngine, Write } from "./db/write";
import type { Metrics } from "./ops/metrics";
import type { Readiness } from "./ops/readiness";
import type { Deliver } from "./outbox/outbox";
import type { HoldHandler, InvoiceHandler, MembershipRules, Payments } from "./payments";
import type { RateLimiter } from "./rate-limit";
import type { AppEvent } from "./realtime/events";
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
  /** What a domain may ask of another (ports, below). */
  domains: Domains;
  /** Whether this instance should receive traffic (GET /api/ready); told when a stop begins. */
  readiness: Readiness;
  /** Prometheus metrics (decision 024): the realtime routes count their streams there. */
  metrics: Metrics;
}

type AccountExport = Served<typeof accountExportSchema>;

/** A conversation notifications can be about: a request's messages, or a member's concierge chat. */
export type NoticeThread = { requestId: string } | { conciergeMemberId: string };

/** The notifications domain, for the others. */
export interface NotificationsPort {
  /** Writes notices (the unit of work asks it). */
  engine: NoticeEngine;
  /** The CTE body marking the reader's message notifications about a thread read (returns their ids). */
  threadNoticesRead(readerId: string, thread: NoticeThread): SQL;
  /** The event that refreshes the reader's bell on every tab. */
  readerEvent(readerId: string): AppEvent;
  /** Notifications a reader has not read (the admin sidebar's badge). */
  unread(db: Queryable, userId: string): Promise<number>;
  /** Emails the outbox holds unsent because no SMTP is configured (the admin's banner). */
  heldMail(db: Queryable): Promise<number>;
  /**
   * A user's channels as columns of a caller's query, left-joined on the user's id: read with the request they
   * are about, saving a round trip on every message (decision 012).
   */
  recipientChannels: {
    table: PgTable;
    userId: PgColumn;
    columns: { emailEnabled: SQL<boolean>; slackEnabled: SQL<boolean> };
  };
  /** A new account's preferences (every channel on). */
  createPreferences(tx: Queryable, userId: string): Promise<void>;
  exportOf(
    db: Queryable,
    userId: string,
  ): Promise<Pick<AccountExport, "notifications" | "notificationPreferences" | "pushDevices">>;
}

/**
 * One kind of conversation the staff's search reads (issue 22, item 4): the owning domain gives the SELECT of
 * its matching messages, and the search domain joins every kind in one ranked query. A new kind (internal
 * notes, say) is one more port giving its part.
 */
export interface ConversationSearch {
  /**
   * A SELECT (or a UNION ALL of SELECTs) of the messages matching the tsquery `query`, with exactly these
   * columns in this order: source (text, a SearchSource), id (text, unique among the source's rows), thread_id
   * (text), title (text or null), member_id (text), from_staff (boolean), body (text), created_at (timestamptz),
   * rank (real: db/search.ts's searchRank). Its WHERE uses the GIN-indexed `searchVector` expression.
   */
  matches(query: SQL): SQL;
}

/** A seeded request's story: its status path and thread, back-dated (the QA tools' demo data). */
export interface SeededRequest {
  owner: { id: string; name: string; phone: string };
  staffId: string;
  title: string;
  category: RequestCategory;
  budgetEur: number;
  urgency: Urgency;
  status: RequestStatus;
  createdAt: Date;
  /** Hours from creation to the first staff reply; null: no reply yet. */
  replyHours: number | null;
  now: Date;
}

/** A request as the business loop needs it: its state, and its member as a notice recipient. */
export interface QuotedRequest {
  id: string;
  userId: string;
  title: string;
  status: RequestStatus;
  paymentIntentId: string | null;
  /** The staff member who owns the request, if any. */
  assigneeUserId: string | null;
  owner: NoticeRecipient & { name: string };
}

export interface RequestsPort {
  /** Creates a request in a member's name under the member's own rules (plan, monthly limit, notices). */
  createAs(
    member: Viewer,
    input: NewRequest,
    options: { seeded: boolean },
  ): Promise<{ id: string; remainingThisMonth: number | null }>;
  /**
   * The team's median first reply (minutes) to requests created in the last 30 days, and how many were answered
   * (issue 22, item 5: the members' "Median reply this month").
   */
  teamFirstReply(db: Queryable): Promise<{ medianMinutes: number | null; replied: number }>;
  /** The storage keys of a member's attachments and thread files (deleted with the account, after its rows). */
  filesOf(db: Queryable, userId: string): Promise<string[]>;
  exportOf(db: Queryable, userId: string): Promise<Pick<AccountExport, "requests" | "messages">>;
  /** Writes a demo request with its history and thread; returns how many messages it has. */
  seed(tx: Queryable, request: SeededRequest): Promise<number>;
  /** Removes every seeded request (and what counted them); returns how many. */
  removeSeeded(tx: Queryable): Promise<number>;
  countSeeded(db: Queryable): Promise<number>;
  /** The newest request, if any (what a test notification is about). */
  latest(db: Queryable): Promise<{ id: string; title: string } | null>;

  // The business loop (quotes domain): the request's row changes only through these.
  /** The request with its member; `lock`: its row locked for the caller's transaction (`q`). */
  forQuotes(q: Queryable, id: string, options?: { lock?: boolean }): Promise<QuotedRequest | null>;
  /** Titles, owners and statuses of requests, by id (lists of holds). */
  summariesOf(
    db: Queryable,
    ids: string[],
  ): Promise<Map<string, { title: string; userId: string; status: RequestStatus }>>;
  /**
   * Moves the request to `to` when its status is one of `from` (false otherwise), the way every status change
   * goes: activity, the member's status_changed notice, the "requests" event. `mail: false`: the notice without
   * its email, when the caller's own notice of the same change emails the member (one email per event).
   */
  moveStatus(
    tx: Queryable,
    out: Effects,
    input: {
      request: QuotedRequest;
      from: RequestStatus[];
      to: RequestStatus;
      actorUserId: string | null;
      mail?: boolean;
    },
  ): Promise<boolean>;
  /**
   * A message from the team on the request's thread, with no notice of its own (the caller's notice tells the
   * member): a quote's message, read in the conversation, and the team's first reply (decision 020).
   */
  postTeamMessage(
    tx: Queryable,
    out: Pick<Effects, "publish">,
    message: { requestId: string; memberId: string; senderUserId: string; body: string },
  ): Promise<void>;
  /** Spec section 3's requests.payment_intent_id: the hold's PaymentIntent. */
  setPaymentIntent(tx: Queryable, requestId: string, paymentIntentId: string): Promise<void>;
  /** An entry on the request's activity timeline (staff see it live). */
  logActivity(
    tx: Queryable,
    out: Pick<Effects, "publish">,
    entry: { requestId: string; actorUserId: string | null; action: string; details?: Record<string, unknown> },
  ): Promise<void>;
  /** The requests' threads, for the staff's search. */
  search: ConversationSearch;
}

export interface ConciergePort {
  /** Unread concierge messages for the viewer's badge: staff, the members' unread; a member, the replies. */
  unreadFor(db: Queryable, viewer: Viewer): Promise<number>;
  /** The storage keys of a member's concierge chat files (deleted with the account, after its rows). */
  filesOf(db: Queryable, userId: string): Promise<string[]>;
  exportOf(db: Queryable, userId: string): Promise<AccountExport["conciergeMessages"]>;
  seed(
    tx: Queryable,
    memberId: string,
    messages: Array<{
      senderRole: "user" | "admin";
      senderUserId: string;
      message: string;
      read: boolean;
      createdAt: Date;
    }>,
  ): Promise<void>;
  /** The concierge chat, for the staff's search. */
  search: ConversationSearch;
}

export interface SalesPort {
  exportOf(db: Queryable, userId: string): Promise<AccountExport["salesInquiries"]>;
  seed(tx: Queryable, inquiry: { userId: string; subject: string; message: string }): Promise<void>;
  /** Inquiries and the team's replies to them, for the staff's search. */
  search: ConversationSearch;
}

export interface AccountPort {
  /** A client's account records (user, profile, role) with no password: the QA tools' demo clients. */
  createClient(
    tx: Queryable,
    client: { id: string; name: string; email: string; phone: string; createdAt: Date },
  ): Promise<void>;
  /** Deletes users and, through the foreign keys, everything of theirs. */
  deleteUsers(tx: Queryable, ids: string[]): Promise<number>;
}

export interface BillingPort {
  /** A complimentary active membership (no payment-provider customer). */
  grant(tx: Queryable, userId: string, plan: Plan): Promise<void>;
  /** What the provider's word about a subscription does to a membership (payments applies it). */
  membership: MembershipRules;
}

export interface QuotesPort {
  /** The member's part of their data export: quotes received (no drafts), holds and deliveries of `requestIds`. */
  exportOf(
    db: Queryable,
    userId: string,
    requestIds: string[],
  ): Promise<Pick<AccountExport, "quotes" | "holds" | "deliveries">>;
  /**
   * Whether money has moved on the request: a hold of it was ever authorised (held, captured, released or lapsed
   * after it was held, refunded). Such a request is never deleted (issue 30 item 4).
   */
  moneyMoved(db: Queryable, requestId: string): Promise<boolean>;
  /** Each request's newest hold (status, expiry), for a page of the pipeline: one query. */
  holdFlags(db: Queryable, requestIds: string[]): Promise<Map<string, { status: HoldStatus; expiresAt: Date | null }>>;
  /** Applies the payment provider's word on a hold (plugged into payments by app.ts). */
  holdHandler: HoldHandler;
  /** The periodic job: tells the member and staff, once, of each held hold lapsing within 48 h; how many. */
  warnLapsingHolds(): Promise<number>;
  /** Applies the payment provider's word on a balance invoice (plugged into payments by app.ts). */
  invoiceHandler: InvoiceHandler;
  /** The periodic job: the member's balance reminders, once each (claimed in the database); how many were sent. */
  sendBalanceReminders(): Promise<number>;
  /** The provider's id of the request's open balance invoice, if there is one (the QA tools' bank transfer). */
  openBalanceInvoiceOf(db: Queryable, requestId: string): Promise<string | null>;
}

export interface Domains {
  account: AccountPort;
  billing: BillingPort;
  concierge: ConciergePort;
  notifications: NotificationsPort;
  quotes: QuotesPort;
  requests: RequestsPort;
  sales: SalesPort;
}
