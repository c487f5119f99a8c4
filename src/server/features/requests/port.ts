/**
 * What other domains may ask of requests (decision 008): the interfaces only; `make-port.ts` answers them and
 * app.ts plugs them in. Other features import them type-only. `RequestsQaPort` is given to the QA tools alone.
 */
import type { accountExportSchema } from "@/shared/contracts/account";
import type { Served } from "@/shared/contracts/common";
import type { NoticeRecipient } from "@/shared/contracts/notifications";
import type { RequestCategory, RequestStatus, Urgency } from "@/shared/requests";
import type { NewRequest } from "@/shared/schemas";
import type { ConversationTimeline, TimelineSelection } from "@/shared/service-levels";
import type { Viewer } from "../../auth/viewer";
import type { Queryable } from "../../db";
import type { Effects } from "../../db/write";
import type { ConversationActions } from "../inbox/port";
import type { ConversationSearch } from "../search/port";

type AccountExport = Served<typeof accountExportSchema>;

/** A request as the business loop needs it: its state, and its member as a notice recipient. */
export interface QuotedRequest {
  id: string;
  userId: string;
  title: string;
  status: RequestStatus;
  /** The member's stated budget, in euro. */
  budgetEur: number;
  paymentIntentId: string | null;
  /** The staff member who owns the request, if any. */
  assigneeUserId: string | null;
  owner: NoticeRecipient & { name: string };
}

export interface RequestsPort {
  /**
   * The team's median first reply (minutes) to requests created in the last 30 days, and how many were answered
   * (issue 22, item 5: the members' "Median reply this month").
   */
  teamFirstReply(db: Queryable): Promise<{ medianMinutes: number | null; replied: number }>;
  /** Requests as the service levels' clocks see them (decision 049). */
  clockTimelines(db: Queryable, select: TimelineSelection): Promise<ConversationTimeline[]>;
  /** The storage keys of a member's attachments and thread files (deleted with the account, after its rows). */
  filesOf(db: Queryable, userId: string): Promise<string[]>;
  exportOf(db: Queryable, userId: string): Promise<Pick<AccountExport, "requests" | "messages">>;

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
  /** A request's thread as the inbox acts on it (assign, read, done: read for this staff member). */
  inbox: ConversationActions;
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

/** What the QA tools (and only they) may ask of requests. */
export interface RequestsQaPort {
  /** Creates a request in a member's name under the member's own rules (plan, monthly limit, notices). */
  createAs(
    member: Viewer,
    input: NewRequest,
    options: { seeded: boolean },
  ): Promise<{ id: string; remainingThisMonth: number | null }>;
  /** Writes a demo request with its history and thread; returns how many messages it has. */
  seed(tx: Queryable, request: SeededRequest): Promise<number>;
  /** Removes every seeded request (and what counted them); returns how many. */
  removeSeeded(tx: Queryable): Promise<number>;
  countSeeded(db: Queryable): Promise<number>;
  /** The newest request, if any (what a test notification is about). */
  latest(db: Queryable): Promise<{ id: string; title: string } | null>;
}
