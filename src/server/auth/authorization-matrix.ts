/**
 * The authorization matrix: every endpoint of the tables (contracts/index.ts) against every kind of caller, with
 * the expected answer. The rows come from the tables: an endpoint's `access` says who is let in (public: anyone;
 * user: anyone signed in; member: an active membership, staff pass; staff; admin) and what the others get (401
 * anonymous, 403 signed in). EXCEPTIONS holds only what the access level cannot say: the record a route names (made
 * for its owner), a body, the owner-only and tier rules, the calls that need fresh users, public routes' reasons.
 * A route coverage check fails when a registered API route is neither an endpoint nor in NON_TABLE_ROUTES.
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import type { EndpointName, Endpoints } from "#tests/helpers/call";
import { pushDevice } from "#tests/helpers/push";
import { insertRequest, newRequestBody } from "#tests/helpers/requests";
import { as, createUser, type TestUser } from "#tests/helpers/users";
import { ALL_ENDPOINTS, ENDPOINT_TABLES } from "@/shared/contracts";
import { ERRORS } from "@/shared/contracts/common-texts";
import { disputeEvidenceSchema } from "@/shared/contracts/disputes";
import { type Access, type CallInput, endpointUrl, splitKey } from "@/shared/contracts/endpoint";
import { REQUEST_ERRORS } from "@/shared/contracts/requests-texts";
import {
  deliveries,
  executiveConciergeMessages,
  holds,
  inboxSnoozes,
  messageFiles,
  messages,
  notifications,
  profiles,
  pushSubscriptions,
  quoteFiles,
  quoteOptions,
  quotes,
  requests,
  salesInquiries,
  savedReplies,
  sessions,
  testPaymentObjects,
} from "../db/schema";

type Caller =
  | "anonymous"
  | "client without plan"
  | "client on Basic"
  | "silver"
  | "gold"
  | "black"
  | "another client"
  | "staff"
  | "admin";
const CALLERS: Caller[] = [
  "anonymous",
  "client without plan",
  "client on Basic",
  "silver",
  "gold",
  "black",
  "another client",
  "staff",
  "admin",
];
type Callers = Map<Caller, TestUser | null>;

const SIGNED_IN: Caller[] = CALLERS.filter((c) => c !== "anonymous");
const PAYING: Caller[] = ["silver", "gold", "black", "staff", "admin"];
const MEMBERS_WITH_ACCESS: Caller[] = ["client on Basic", ...PAYING];
const STAFF: Caller[] = ["staff", "admin"];
const OWNER: Caller[] = ["client without plan"];
const OWNER_AND_STAFF: Caller[] = [...OWNER, ...STAFF];
const CONCIERGE: Caller[] = ["gold", "black"];

/** Who each access level lets in (contracts/endpoint.ts); everyone else is refused, 401 anonymous, 403 signed in. */
const ALLOWED_BY_ACCESS: Record<Access, Caller[]> = {
  public: CALLERS,
  user: SIGNED_IN,
  member: MEMBERS_WITH_ACCESS,
  staff: STAFF,
  admin: ["admin"],
};

/** What a call sends, typed from the endpoint's table entry. */
type Input<K extends EndpointName> = Partial<CallInput<Endpoints[K]>>;

/** What an endpoint's access level cannot say. */
interface Exception<K extends EndpointName> {
  /** Why: a public route's reason (required), or the rule behind `allowed`. */
  why?: string;
  /** The record the call names, made for its owner ("client without plan") for each call; a body that names it. */
  input?: (ctx: TestContext, callers: Callers) => Promise<Input<K>>;
  body?: Input<K>["body"];
  query?: Input<K>["query"];
  /** Who is let in, where a rule beyond the access level decides (the owner, a plan's tier). */
  allowed?: Caller[];
  /**
   * What a signed-in caller who is refused gets: 404 where the record's existence is not revealed (every member's
   * record: another member's answers as a missing one, decision 038).
   */
  refused?: 404;
  /** What refused staff get instead, where they see the record but may not do this with it (attaching a file). */
  refusedStaff?: 403;
  /** The call changes the caller's own account (cancels, deletes, signs out): each caller gets a fresh user for it. */
  fresh?: true;
  /** A stream that stays open for whoever is let in: only the refusal (anonymous) is called here. */
  stream?: true;
  /** The record it names is the team's, not a member's (a staff member's photo): every member may see it. */
  teams?: true;
}
type Exceptions = { [K in EndpointName]?: Exception<K> };

/** A test-mode checkout session of the owner's. */
async function ownersCheckout(ctx: TestContext, callers: Callers) {
  const res = await ctx.app.inject({
    method: "POST",
    url: endpointUrl("POST /billing/checkout"),
    headers: as(callers.get("client without plan") ?? null),
    payload: { plan: "silver" },
  });
  return res.json().sessionId as string;
}

/** A test-mode receipt of the owner's: a refund kept by the test provider under their customer. */
async function ownersReceipt(ctx: TestContext, callers: Callers) {
  const owner = callers.get("client without plan") as TestUser;
  const customerId = await ctx.app.ctx.payments.ensureCustomer({ userId: owner.id, email: owner.email, name: "Owner" });
  const id = `re_test_matrix_${owner.id.slice(0, 8)}`;
  const refund = { id, object: "refund", amount: 100, charge: "ch_none", created: 1_700_000_000, metadata: {} };
  await ctx.database.db
    .insert(testPaymentObjects)
    .values({ id, kind: "refund", customerId, data: refund })
    .onConflictDoNothing();
  return id;
}

/** A request of the owner's, made directly in the database. */
const ownersRequest = (ctx: TestContext, callers: Callers) =>
  insertRequest(ctx, callers.get("client without plan")?.id as string, { title: "A vintage Rolex", budgetEur: 12000 });
/** A request of the owner's with its attachment, stored for real. */
async function ownersRequestWithAttachment(ctx: TestContext, callers: Callers) {
  const id = await ownersRequest(ctx, callers);
  const local = path.join(await mkdtemp(path.join(tmpdir(), "maison-attachment-")), "photo.png");
  await writeFile(local, Buffer.from("89504e470d0a1a0a", "hex"));
  const key = `requests/${id}/${randomUUID()}`;
  await ctx.app.ctx.storage.putFile(key, local, "image/png");
  await ctx.database.db
    .update(requests)
    .set({ fileUrl: key, fileName: "photo.png", fileType: "image/png", fileSize: 8 })
    .where(eq(requests.id, id));
  return id;
}
/** The owner's request, as the `:id` of a route (the member's or the staff's). */
const onOwnersRequest = async (ctx: TestContext, callers: Callers) => ({
  params: { id: await ownersRequest(ctx, callers) },
});
/** The owner's request and a quote that names nothing, for the staff's quote routes. */
const onOwnersRequestAnyQuote = async (ctx: TestContext, callers: Callers) => ({
  params: { id: await ownersRequest(ctx, callers), quoteId: ANY_QUOTE },
});
const NEW_REQUEST = newRequestBody({ title: "A vintage Rolex", budget_eur: 12000 });

/** A sales inquiry of the owner's, and a message on the owner's request, made directly in the database. */
async function ownersInquiry(ctx: TestContext, callers: Callers) {
  const userId = callers.get("client without plan")?.id as string;
  const [row] = await ctx.database.db
    .insert(salesInquiries)
    .values({ userId, subject: "Yacht charter", message: "For August" })
    .returning({ id: salesInquiries.id });
  return { params: { id: row.id } };
}
/** The owner's inquiry, snoozed for an hour (the inbox's snoozes, issue 31). */
async function ownersSnoozedInquiry(ctx: TestContext, callers: Callers) {
  const { params } = await ownersInquiry(ctx, callers);
  await ctx.database.db.insert(inboxSnoozes).values({
    kind: "sales",
    conversationId: params.id,
    memberUserId: callers.get("client without plan")?.id as string,
    until: new Date(Date.now() + 3_600_000),
  });
  return { params: { kind: "sales" as const, id: params.id } };
}
async function ownersMessage(ctx: TestContext, callers: Callers) {
  const requestId = await ownersRequest(ctx, callers);
  const [row] = await ctx.database.db
    .insert(messages)
    .values({ requestId, senderUserId: callers.get("client without plan")?.id, body: "Any news?" })
    .returning({ id: messages.id });
  return { params: { id: row.id } };
}
/** The staff caller's photo, stored for real. */
async function staffPhoto(ctx: TestContext, callers: Callers) {
  const staff = callers.get("staff") as TestUser;
  const local = path.join(await mkdtemp(path.join(tmpdir(), "maison-photo-")), "photo.png");
  await writeFile(local, Buffer.from("89504e470d0a1a0a", "hex"));
  const key = `staff-photos/${staff.id}/${randomUUID()}.png`;
  await ctx.app.ctx.storage.putFile(key, local, "image/png");
  await ctx.database.db.update(profiles).set({ photoKey: key }).where(eq(profiles.id, staff.id));
  return { params: { userId: staff.id } };
}
/** A second session of the owner's (another browser signed in), to be signed out. */
async function ownersOtherSession(ctx: TestContext, callers: Callers) {
  const owner = callers.get("client without plan") as TestUser;
  const res = await ctx.app.inject({
    method: "POST",
    url: endpointUrl("POST /auth/sign-in"),
    payload: { email: owner.email, password: owner.password },
  });
  const [row] = await ctx.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, owner.id))
    .orderBy(desc(sessions.createdAt))
    .limit(1);
  if (res.statusCode !== 200 || !row) throw new Error(`no second session: ${res.body}`);
  return { params: { sessionId: row.id } };
}
/** A device of the owner's with push on, made directly in the database (with the owner's session). */
async function ownersDevice(ctx: TestContext, callers: Callers) {
  const owner = callers.get("client without plan") as TestUser;
  const [session] = await ctx.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, owner.id));
  const device = pushDevice();
  const [row] = await ctx.database.db
    .insert(pushSubscriptions)
    .values({ userId: owner.id, sessionId: session.id, endpoint: device.endpoint, ...device.subscription.keys })
    .returning({ id: pushSubscriptions.id });
  return { params: { id: row.id } };
}
/** A notification of the owner's. */
async function ownersNotification(ctx: TestContext, callers: Callers) {
  const [row] = await ctx.database.db
    .insert(notifications)
    .values({ userId: callers.get("client without plan")?.id as string, type: "test", title: "Test" })
    .returning({ id: notifications.id });
  return { params: { id: row.id } };
}
/** The gold member, as the `:userId` of the staff's concierge routes. */
const goldMember = async (_ctx: TestContext, callers: Callers) => ({
  params: { userId: callers.get("gold")?.id as string },
});

/** The business loop on the owner's request (issue 21), made directly in the database. */
async function ownersQuotes(
  ctx: TestContext,
  callers: Callers,
  stage: "quoted" | "expired hold" | "delivered" | "confirmed",
): Promise<{ requestId: string; quoteId: string; optionId: string }> {
  const userId = callers.get("client without plan")?.id as string;
  const db = ctx.database.db;
  const status = stage === "quoted" ? "Quoted" : stage === "delivered" || stage === "confirmed" ? "Delivered" : "Found";
  const [request] = await db
    .insert(requests)
    .values({
      userId,
      title: "A vintage Kelly",
      category: "Fashion",
      budgetEur: 12000,
      phoneNumber: "+351912345678",
      status,
    })
    .returning({ id: requests.id });
  const [quote] = await db
    .insert(quotes)
    .values({ requestId: request.id, status: stage === "quoted" ? "sent" : "accepted", validUntil: "2999-12-31" })
    .returning({ id: quotes.id });
  const [option] = await db
    .insert(quoteOptions)
    .values({ quoteId: quote.id, position: 1, title: "Kelly 28", priceCents: 1_000_000 })
    .returning({ id: quoteOptions.id });
  if (stage === "expired hold") {
    await db.update(quotes).set({ acceptedOptionId: option.id }).where(eq(quotes.id, quote.id));
    await db.insert(holds).values({
      requestId: request.id,
      userId,
      quoteId: quote.id,
      optionId: option.id,
      amountCents: 100_000,
      status: "expired",
      reauthorizationRequested: true,
    });
  }
  if (stage === "delivered") await db.insert(deliveries).values({ requestId: request.id });
  if (stage === "confirmed") {
    await db.insert(deliveries).values({ requestId: request.id, status: "confirmed", answeredAt: new Date() });
  }
  return { requestId: request.id, quoteId: quote.id, optionId: option.id };
}
/** The owner's request at a stage of the business loop, as the `:id` of a route. */
const onOwnersQuotes =
  (stage: "expired hold" | "delivered" | "confirmed") => async (ctx: TestContext, callers: Callers) => ({
    params: { id: (await ownersQuotes(ctx, callers, stage)).requestId },
  });

/** A photo shown on a sent quote of the owner's, stored for real. */
async function ownersQuoteFile(ctx: TestContext, callers: Callers) {
  const { requestId, quoteId } = await ownersQuotes(ctx, callers, "quoted");
  const local = path.join(await mkdtemp(path.join(tmpdir(), "maison-quote-files-")), "photo.png");
  await writeFile(local, Buffer.from("89504e470d0a1a0a", "hex"));
  const key = `quote-files/${requestId}/${Math.random().toString(36).slice(2)}`;
  await ctx.app.ctx.storage.putFile(key, local, "image/png");
  const [file] = await ctx.database.db
    .insert(quoteFiles)
    .values({ requestId, storageKey: key, name: "photo.png", type: "image/png", size: 8 })
    .returning({ id: quoteFiles.id });
  await ctx.database.db
    .update(quoteOptions)
    .set({ photoIds: [file.id] })
    .where(eq(quoteOptions.quoteId, quoteId));
  return { params: { id: requestId, fileId: file.id } };
}

/** A file stored for real and sent with a message: on the owner's request, or in the gold member's concierge chat. */
async function sentMessageFile(ctx: TestContext, callers: Callers, where: "request" | "concierge") {
  const local = path.join(await mkdtemp(path.join(tmpdir(), "maison-message-")), "photo.png");
  await writeFile(local, Buffer.from("89504e470d0a1a0a", "hex"));
  const key = `messages/matrix/${randomUUID()}`;
  await ctx.app.ctx.storage.putFile(key, local, "image/png");
  const db = ctx.database.db;
  const file = { storageKey: key, name: "photo.png", type: "image/png", size: 8 };
  if (where === "request") {
    const requestId = await ownersRequest(ctx, callers);
    const owner = callers.get("client without plan")?.id as string;
    const [message] = await db
      .insert(messages)
      .values({ requestId, senderUserId: owner, body: "" })
      .returning({ id: messages.id });
    const [row] = await db
      .insert(messageFiles)
      .values({ ...file, domain: "requests", requestId, messageId: message.id, uploadedBy: owner })
      .returning({ id: messageFiles.id });
    return { requestId, fileId: row.id };
  }
  const member = callers.get("gold")?.id as string;
  const [message] = await db
    .insert(executiveConciergeMessages)
    .values({ userId: member, senderRole: "user", message: "" })
    .returning({ id: executiveConciergeMessages.id });
  const [row] = await db
    .insert(messageFiles)
    .values({ ...file, domain: "concierge", conciergeMemberId: member, conciergeMessageId: message.id })
    .returning({ id: messageFiles.id });
  return { requestId: null, fileId: row.id };
}

/** A test-mode hold page of the owner's; `threeDSecure`: waiting for the bank's confirmation. */
async function ownersHoldPage(ctx: TestContext, callers: Callers, threeDSecure = false) {
  const owner = callers.get("client without plan") as TestUser;
  const test = ctx.app.ctx.payments.test;
  if (!test) throw new Error("test mode expected");
  const holdId = randomUUID();
  const { id } = await test.createHoldSession({
    requestId: randomUUID(),
    holdId,
    userId: owner.id,
    customerId: `cus_test_${holdId.slice(0, 8)}`,
    email: owner.email,
    amountCents: 5000,
    description: "Hold for a test",
    successUrl: "http://localhost:3000/requests/x",
    cancelUrl: "http://localhost:3000/requests/x",
    idempotencyKey: `matrix-${holdId}`,
  });
  if (threeDSecure) await test.authorizeHold(id, { ...CARD, cardNumber: "4000 0027 6000 3184" });
  return { params: { id } };
}
/** A test-mode balance invoice of the owner's (their provider customer's), its page's id. */
async function ownersInvoicePage(ctx: TestContext, callers: Callers, threeDSecure = false) {
  const owner = callers.get("client without plan") as TestUser;
  const test = ctx.app.ctx.payments.test;
  if (!test) throw new Error("test mode expected");
  const customerId = await ctx.app.ctx.payments.ensureCustomer({ userId: owner.id, email: owner.email, name: "Ana" });
  const invoiceId = randomUUID();
  const invoice = await test.createBalanceInvoice({
    customerId,
    requestId: randomUUID(),
    invoiceId,
    amountCents: 5000,
    description: "Balance for a test",
    dueDate: "2999-12-31",
    vatRate: "23",
    idempotencyKey: `matrix-${invoiceId}`,
  });
  const id = invoice.id as string;
  if (threeDSecure) await test.payInvoice(id, { ...CARD, cardNumber: "4000 0027 6000 3184" });
  return { params: { id } };
}
/** A saved reply, made directly in the database. */
async function aSavedReply(ctx: TestContext) {
  const [row] = await ctx.database.db
    .insert(savedReplies)
    .values({ title: `Reply ${crypto.randomUUID()}`, body: "Hello" })
    .returning({ id: savedReplies.id });
  return { params: { id: row.id } };
}
const CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", name: "Ana" };
const NEW_QUOTE = {
  options: [{ title: "Kelly 28", priceCents: 1_000_000 }],
  validUntil: "2999-12-31",
};
const ANY_QUOTE = "00000000-0000-4000-8000-000000000000";
const OWNER_ONLY = { allowed: OWNER, refused: 404 } as const;
const OWNER_AND_STAFF_ONLY = { allowed: OWNER_AND_STAFF, refused: 404 } as const;

/** Everything the access levels do not say, by endpoint. An endpoint without params and without a rule has none. */
const EXCEPTIONS: Exceptions = {
  // Public: each with its reason.
  "POST /auth/sign-up": { why: "creating an account" },
  "POST /auth/sign-in": { why: "signing in" },
  "POST /auth/forgot-password": { why: "asking for a reset link (same answer for any address)" },
  "POST /auth/reset-password": { why: "the reset link's token is the proof" },
  "POST /auth/verify-email": { why: "the verification link's token is the proof" },
  "POST /auth/sign-out": { why: "ends the caller's session, if any", fresh: true },
  "POST /auth/two-factor/verify-totp": { why: "the second step of a sign-in (no session yet): the library checks it" },
  "POST /auth/two-factor/verify-backup-code": { why: "the same, with a backup code" },
  "GET /me": { why: "answers who is signed in, or nobody" },
  "POST /billing/webhook": { why: "Stripe's calls, proved by their signature" },
  "GET /health": { why: "load balancers: alive (no database read)" },
  "GET /ready": { why: "load balancers: whether to send traffic (names failing checks only)" },
  "GET /config": { why: "brand and contact mailbox for the public pages" },
  "GET /events": { why: "a stream: what it carries is proved in realtime.test.ts and security.test.ts", stream: true },

  // Account security: each caller's own password and sessions (nothing in these routes names another user).
  "POST /auth/two-factor/enable": { body: { password: "not-the-password" } },
  "POST /auth/two-factor/disable": { body: { password: "not-the-password" } },
  "PUT /profile": { body: { name: "Ana", phone: "" } },
  "PUT /profile/language": { body: { language: "en" } },
  "POST /account/password": {
    why: "the right password (a wrong one is a 403 of its own), so fresh callers: it changes",
    body: { currentPassword: "correct-horse", newPassword: "another-secret", signOutOthers: false },
    fresh: true,
  },
  "DELETE /account/sessions/:sessionId": {
    why: "another member's session is not theirs to end: 404, as an ended one",
    input: ownersOtherSession,
    ...OWNER_ONLY,
  },
  "DELETE /account": { fresh: true },
  // A named concierge (issue 34 item 1): staff edit their own card; anyone signed in sees a staff member's photo.
  "PUT /admin/profile/card": { body: { publicName: "Rita", headline: "Watches and jewellery, Lisbon" } },
  "GET /team/:userId/photo": {
    why: "a staff member's photo, shown to the members whose requests they own",
    input: staffPhoto,
    teams: true,
  },

  // Payments: each member acts only on their own account and test pages.
  "POST /billing/checkout": { body: { plan: "gold" } },
  "POST /billing/cancel-complimentary": { fresh: true },
  "POST /billing/test/subscription": { body: { cancelAtPeriodEnd: false } },
  "GET /billing/test/receipts/:id": {
    input: async (ctx, callers) => ({ params: { id: await ownersReceipt(ctx, callers) } }),
    ...OWNER_ONLY,
  },
  "GET /billing/test/checkout/:id": {
    input: async (ctx, callers) => ({ params: { id: await ownersCheckout(ctx, callers) } }),
    ...OWNER_ONLY,
  },
  "POST /billing/test/checkout/:id/pay": {
    input: async (ctx, callers) => ({ params: { id: await ownersCheckout(ctx, callers) } }),
    body: CARD,
    ...OWNER_ONLY,
    fresh: true,
  },
  "GET /billing/test/holds/:id": { input: (ctx, callers) => ownersHoldPage(ctx, callers), ...OWNER_ONLY },
  "POST /billing/test/holds/:id/authorize": {
    input: (ctx, callers) => ownersHoldPage(ctx, callers),
    body: CARD,
    ...OWNER_ONLY,
  },
  "POST /billing/test/holds/:id/confirm": {
    input: (ctx, callers) => ownersHoldPage(ctx, callers, true),
    body: { approve: true },
    ...OWNER_ONLY,
  },
  "GET /billing/test/invoices/:id": { input: (ctx, callers) => ownersInvoicePage(ctx, callers), ...OWNER_ONLY },
  "POST /billing/test/invoices/:id/pay": {
    input: (ctx, callers) => ownersInvoicePage(ctx, callers),
    body: CARD,
    ...OWNER_ONLY,
  },
  "POST /billing/test/invoices/:id/confirm": {
    input: (ctx, callers) => ownersInvoicePage(ctx, callers, true),
    body: { approve: true },
    ...OWNER_ONLY,
  },
  "POST /admin/subscriptions/sync": { body: { userEmail: "nobody@example.com" } },
  "POST /admin/debug/checkout-url": { body: { plan: "silver" } },
  "POST /admin/debug/simulate-checkout": { body: { userEmail: "nobody@example.com", plan: "silver" } },

  // Concierge: Gold and Black members; staff answer. Files (issue 22 item 6): uploads as for writing (here
  // "choose a file": none was sent); a sent file to those who see the thread, not found to anyone else.
  "GET /concierge/messages": { allowed: CONCIERGE },
  "POST /concierge/messages": { allowed: CONCIERGE, body: { message: "Hello" } },
  "POST /concierge/typing": { allowed: CONCIERGE },
  "POST /concierge/files": { allowed: CONCIERGE },
  "GET /concierge/files/:fileId": {
    why: "the gold member's own file",
    input: async (ctx, callers) => ({ params: { fileId: (await sentMessageFile(ctx, callers, "concierge")).fileId } }),
    allowed: ["gold"],
    refused: 404,
  },
  "GET /admin/concierge/:userId": { input: goldMember },
  "POST /admin/concierge/:userId": { input: goldMember, body: { reply: "Hi" } },
  "POST /admin/concierge/:userId/read": { input: goldMember },
  "POST /admin/concierge/:userId/typing": { input: goldMember },
  "POST /admin/concierge/:userId/assignee": { input: goldMember, body: { userId: null } },
  "GET /admin/concierge/:userId/notes": { input: goldMember },
  "POST /admin/concierge/:userId/notes": { input: goldMember, body: { body: "Prefers calls" } },
  "POST /admin/concierge/:userId/files": { input: goldMember },
  "GET /admin/concierge/:userId/files/:fileId": {
    input: async (ctx, callers) => ({
      params: {
        userId: callers.get("gold")?.id as string,
        fileId: (await sentMessageFile(ctx, callers, "concierge")).fileId,
      },
    }),
  },

  // Notifications and push devices: each person their own (someone else's does not exist for them).
  "POST /notifications/:id/read": { input: ownersNotification, ...OWNER_ONLY },
  "PUT /notifications/preferences": { body: { channel: "email", enabled: true } },
  "POST /notifications/devices": { body: pushDevice("https://fcm.googleapis.com").subscription },
  "DELETE /notifications/devices/:id": { input: ownersDevice, ...OWNER_ONLY },
  "POST /admin/outbox/:id/retry": { input: async () => ({ params: { id: ANY_QUOTE } }) },

  // QA tools: staff (and none at all on a public deployment: admin.test.ts).
  "POST /admin/qa/payment-clock": { body: { hours: 1 } },
  "POST /admin/qa/bank-transfer": { body: { requestId: ANY_QUOTE } },

  // Requests: members with a paid plan create; the owner and staff see, write on and delete one; to another
  // member it does not exist (404, as a missing one: decision 038).
  "POST /requests": {
    why: "a paid plan's (no plan, Basic and staff: 403)",
    body: NEW_REQUEST,
    allowed: ["silver", "gold", "black"],
  },
  "GET /requests/:id": { input: onOwnersRequest, ...OWNER_AND_STAFF_ONLY },
  "DELETE /requests/:id": { input: onOwnersRequest, ...OWNER_AND_STAFF_ONLY },
  "GET /requests/:id/messages": { input: onOwnersRequest, ...OWNER_AND_STAFF_ONLY },
  "POST /requests/:id/messages": { input: onOwnersRequest, body: { body: "Hello" }, ...OWNER_AND_STAFF_ONLY },
  "POST /requests/:id/read": { input: onOwnersRequest, ...OWNER_AND_STAFF_ONLY },
  "POST /requests/:id/messages/files": { input: onOwnersRequest, ...OWNER_AND_STAFF_ONLY },
  "GET /requests/:id/messages/files/:fileId": {
    input: async (ctx, callers) => {
      const { requestId, fileId } = await sentMessageFile(ctx, callers, "request");
      return { params: { id: requestId as string, fileId } };
    },
    ...OWNER_AND_STAFF_ONLY,
  },
  "GET /requests/:id/attachment": {
    input: async (ctx, callers) => ({ params: { id: await ownersRequestWithAttachment(ctx, callers) } }),
    ...OWNER_AND_STAFF_ONLY,
  },
  // Only the owner changes or withdraws their request (issue 22 item 7); to anyone else it does not exist.
  "PATCH /requests/:id": { input: onOwnersRequest, body: { budget_eur: 13000 }, ...OWNER_ONLY },
  "POST /requests/:id/withdraw": { input: onOwnersRequest, ...OWNER_ONLY },
  // Only the member attaches a file (the answer here is "choose a file": no file was sent); staff, who see the
  // request, are refused.
  "POST /requests/:id/attachment": { input: onOwnersRequest, ...OWNER_ONLY, refusedStaff: 403 },
  // The member's timeline (issue 22, item 8) and statement: the owner only, 404 to everyone else (staff included).
  "GET /requests/:id/timeline": { input: onOwnersRequest, ...OWNER_ONLY },
  "GET /requests/:id/statement": { input: onOwnersRequest, ...OWNER_ONLY },
  "GET /admin/requests/:id/client": { input: onOwnersRequest },
  "GET /admin/requests/:id/activity": { input: onOwnersRequest },
  "GET /admin/requests/:id/notes": { input: onOwnersRequest },
  "POST /admin/requests/:id/notes": { input: onOwnersRequest, body: { body: "Call the boutique" } },
  "POST /admin/requests/:id/status": { input: onOwnersRequest, body: { status: "Sourcing" } },
  "POST /admin/requests/:id/assignee": { input: onOwnersRequest, body: { userId: null } },
  "GET /admin/requests/:id/handling": { input: onOwnersRequest },
  "GET /admin/requests/:id/statement": { input: onOwnersRequest },
  "PUT /admin/assignment/round-robin": { body: { enabled: false } },
  "POST /admin/inbox/messages/:id/read": { input: ownersMessage },
  "DELETE /admin/inbox/messages/:id/read": { input: ownersMessage },

  // The business loop (issue 21): the member's actions are the member's only (anyone else: not found); staff
  // quote, capture, release and deliver.
  "GET /requests/:id/quotes": { input: onOwnersRequest, ...OWNER_AND_STAFF_ONLY },
  "GET /requests/:id/quotes/files/:fileId": { input: ownersQuoteFile, ...OWNER_AND_STAFF_ONLY },
  "POST /requests/:id/quotes/:quoteId/accept": {
    input: async (ctx, callers) => {
      const { requestId, quoteId, optionId } = await ownersQuotes(ctx, callers, "quoted");
      return { params: { id: requestId, quoteId }, body: { optionId } };
    },
    ...OWNER_ONLY,
  },
  "POST /requests/:id/quotes/:quoteId/decline": {
    input: async (ctx, callers) => {
      const { requestId, quoteId } = await ownersQuotes(ctx, callers, "quoted");
      return { params: { id: requestId, quoteId } };
    },
    body: { reason: "Not this time" },
    ...OWNER_ONLY,
  },
  "POST /requests/:id/hold/reauthorize": { input: onOwnersQuotes("expired hold"), ...OWNER_ONLY },
  "POST /requests/:id/delivery/confirm": { input: onOwnersQuotes("delivered"), ...OWNER_ONLY },
  "POST /requests/:id/delivery/problem": {
    input: onOwnersQuotes("delivered"),
    body: { description: "A scratch on the clasp" },
    ...OWNER_ONLY,
  },
  // Ratings (issue 31 item 5): the request's member only; another's answers as a missing one.
  "GET /requests/:id/rating": { input: onOwnersQuotes("delivered"), ...OWNER_ONLY },
  "POST /requests/:id/rating": {
    input: onOwnersQuotes("confirmed"),
    body: { score: 4, comment: "Lovely" },
    ...OWNER_ONLY,
  },
  "GET /admin/requests/:id/quotes": { input: onOwnersRequest },
  "POST /admin/requests/:id/quotes/files": { input: onOwnersRequest },
  "POST /admin/requests/:id/quotes": { input: onOwnersRequest, body: NEW_QUOTE },
  "PUT /admin/requests/:id/quotes/:quoteId": { input: onOwnersRequestAnyQuote, body: NEW_QUOTE },
  "DELETE /admin/requests/:id/quotes/:quoteId": { input: onOwnersRequestAnyQuote },
  "POST /admin/requests/:id/quotes/:quoteId/send": { input: onOwnersRequestAnyQuote },
  "POST /admin/requests/:id/hold/capture": { input: onOwnersRequest, body: {} },
  "POST /admin/requests/:id/hold/release": { input: onOwnersRequest, body: {} },
  "POST /admin/requests/:id/hold/request-reauthorization": { input: onOwnersRequest },
  "POST /admin/requests/:id/refunds": {
    why: "a valid body, so the guard answers (the owner's request has nothing captured: 409 for staff)",
    input: onOwnersRequest,
    body: { amountCents: 100, reason: "Returned", idempotencyKey: "9b2f4c1e-3a5d-4e6f-8a7b-1c2d3e4f5a6b" },
  },
  "POST /admin/requests/:id/delivery": { input: onOwnersRequest, body: {} },
  "POST /admin/requests/:id/balance": { input: onOwnersRequest, body: { dueDate: "2999-12-31" } },
  "POST /admin/requests/:id/balance/void": { input: onOwnersRequest },
  // Card disputes: the team's (the test mode's bank too, with the QA tools).
  "GET /admin/requests/:id/dispute": { input: onOwnersRequest },
  "POST /admin/requests/:id/dispute/evidence": {
    input: onOwnersRequest,
    body: Object.fromEntries(Object.keys(disputeEvidenceSchema.shape).map((field) => [field, ""])) as Record<
      keyof typeof disputeEvidenceSchema.shape,
      string
    >,
  },
  "POST /admin/requests/:id/dispute/test-open": { input: onOwnersRequest, body: {} },
  "POST /admin/requests/:id/dispute/test-close": { input: onOwnersRequest, body: { outcome: "won" } },

  // Sales: every member writes; staff reply and close.
  "POST /sales/inquiries": { body: { subject: "Yacht", message: "For August" } },
  "POST /admin/sales/:id/reply": { input: ownersInquiry, body: { reply: "We have one" } },
  "POST /admin/sales/:id/close": { input: ownersInquiry },

  // Saved replies and the search across conversations: the staff's tools, never a member's (issue 22).
  "POST /admin/replies": { body: { title: "Matrix", text: "Dear {member_name}" } },
  "PUT /admin/replies/:id": { input: aSavedReply, body: { title: "Matrix edit", text: "Hello" } },
  "DELETE /admin/replies/:id": { input: aSavedReply },
  "GET /admin/search": { query: { q: "rolex" } },

  // Service levels (decision 049): admins change the settings and sweep; staff read clocks and the report.
  "PUT /admin/service-levels/settings": {
    body: {
      timeZone: "Europe/Lisbon",
      hours: {
        mon: [{ start: "09:00", end: "18:00" }],
        tue: [],
        wed: [],
        thu: [],
        fri: [],
        sat: [],
        sun: [],
      },
      holidays: [{ date: "2026-12-25", name: "Natal" }],
      targets: {
        silver: { firstReplyMinutes: 240, nextReplyMinutes: 480, resolutionMinutes: 4800 },
        gold: { firstReplyMinutes: 60, nextReplyMinutes: 120, resolutionMinutes: 2400 },
        black: { firstReplyMinutes: 15, nextReplyMinutes: 30, resolutionMinutes: 1440 },
      },
    },
  },
  "GET /admin/service-levels/clocks": { query: { keys: `request:${randomUUID()}` } },
  // The inbox (issue 31): the staff's; a snooze names an open conversation (the owner's inquiry here).
  "POST /admin/inbox/snoozes": {
    input: async (ctx, callers) => ({
      body: {
        conversations: [{ kind: "sales" as const, id: (await ownersInquiry(ctx, callers)).params.id }],
        until: new Date(Date.now() + 3_600_000).toISOString(),
        note: "After the boat show",
      },
    }),
  },
  "DELETE /admin/inbox/snoozes/:kind/:id": { input: ownersSnoozedInquiry },
  "POST /admin/inbox/actions": {
    input: async (ctx, callers) => ({
      body: {
        conversations: [{ kind: "sales" as const, id: (await ownersInquiry(ctx, callers)).params.id }],
        action: "read" as const,
      },
    }),
  },
  // The team's security (decision 050): a setting that locks nobody out, a role change for nobody (404).
  "PUT /admin/security": { body: { twoFactorRequired: false } },
  "PUT /admin/roles": { body: { email: "nobody@example.com", role: "staff" } },
  // Presence (decision 051): a conversation's name, any staff member's to view.
  "POST /admin/presence": { body: { place: `request:${ANY_QUOTE}`, typing: true } },
  "GET /admin/presence": { query: { place: `request:${ANY_QUOTE}` } },
};

/** Registered API routes that are no endpoint of the tables, each with the reason. */
const NON_TABLE_ROUTES: Record<string, string> = {
  "ANY /api/*": "the API's JSON 404 for unknown paths",
};

interface Row {
  key: EndpointName;
  access: Access;
  allowed: Caller[];
  refused: 403 | 404;
  refusedStaff?: 403;
  fresh: boolean;
  stream: boolean;
  /** Whether the route names a record (a `:param`) and the exception says which. */
  names: boolean;
  teams: boolean;
  input: (ctx: TestContext, callers: Callers) => Promise<{ params?: object; query?: object; body?: unknown }>;
}

/** One row per endpoint of the tables: its access level's callers, then its exception. */
const ROWS: Row[] = ALL_ENDPOINTS.map(([name, endpoint]) => {
  const key = name as EndpointName;
  const exception = (EXCEPTIONS[key] ?? {}) as Exception<EndpointName>;
  return {
    key,
    access: endpoint.access,
    allowed: exception.allowed ?? ALLOWED_BY_ACCESS[endpoint.access],
    refused: exception.refused ?? 403,
    refusedStaff: exception.refusedStaff,
    fresh: exception.fresh ?? false,
    stream: exception.stream ?? false,
    names: exception.input !== undefined,
    teams: exception.teams ?? false,
    input: async (ctx, callers) => {
      const made = exception.input ? await exception.input(ctx, callers) : {};
      return { query: exception.query, body: exception.body, ...made };
    },
  };
});

/** The endpoints of the staff's tables (…AdminApi): the matrix's second file. */
const STAFF_KEYS = new Set(
  Object.entries(ENDPOINT_TABLES)
    .filter(([table]) => table.endsWith("AdminApi"))
    .flatMap(([, table]) => Object.keys(table)),
);

/**
 * The matrix, in two files that run side by side on two workers (issue 32 item 9): the members' and public
 * endpoints with the coverage checks (authorization.test.ts), and the staff's (authorization-staff.test.ts).
 * Each file builds its own app and callers.
 */
export function authorizationMatrix(part: "members" | "staff") {
  const rows = ROWS.filter((row) => STAFF_KEYS.has(row.key) === (part === "staff"));
  let ctx: TestContext;
  const registered: string[] = [];
  const shared: Callers = new Map();

  const CALLER_KINDS: Record<Exclude<Caller, "anonymous">, Parameters<typeof createUser>[1]> = {
    "client without plan": {},
    "client on Basic": { plan: "free" },
    silver: { plan: "silver" },
    gold: { plan: "gold" },
    black: { plan: "black" },
    "another client": {},
    staff: { role: "staff" },
    admin: { role: "admin" },
  };

  /** The callers (each a new user), made side by side: all of them, or only those a call needs. */
  async function makeCallers(only: Caller[] = CALLERS): Promise<Callers> {
    const made = await Promise.all(
      only.map(
        async (caller) =>
          [caller, caller === "anonymous" ? null : await createUser(ctx, CALLER_KINDS[caller])] as const,
      ),
    );
    return new Map(made);
  }

  /** Calls the row's endpoint as `caller`, with what its input made. */
  function send(row: Row, input: { params?: object; query?: object; body?: unknown }, caller: TestUser | null) {
    const { method } = splitKey(row.key);
    const payload = input.body ?? (method === "GET" || method === "DELETE" ? undefined : {});
    return ctx.app.inject({
      method,
      url: endpointUrl(row.key, input),
      payload: payload as object | undefined,
      headers: as(caller),
    });
  }

  beforeAll(async () => {
    ctx = await createTestApp({
      deps: {
        startWorkers: false,
        onRoute: (route: RouteOptions) => {
          if (route.url === "/api/*") registered.push("ANY /api/*");
          else
            for (const method of [route.method].flat())
              if (method !== "HEAD") registered.push(`${method} ${route.url}`);
        },
      },
    });
    for (const [caller, user] of await makeCallers()) shared.set(caller, user);
  });
  afterAll(() => ctx.close());

  if (part === "members")
    describe("route coverage", () => {
      /** An endpoint's route as registered ("GET /api/requests/:id"). */
      const asRegistered = (key: string) => `${splitKey(key).method} /api${splitKey(key).path}`;

      it("has every registered API route in the tables or in the list of non-table routes, and nothing stale", () => {
        const known = new Set([...ROWS.map((row) => asRegistered(row.key)), ...Object.keys(NON_TABLE_ROUTES)]);
        const api = registered.filter((route) => route.split(" ")[1].startsWith("/api/"));
        expect(ROWS.length).toBeGreaterThan(70);
        expect(api.filter((route) => !known.has(route))).toEqual([]);
        expect([...known].filter((route) => !registered.includes(route))).toEqual([]);
      });

      it("has a record for every route that names one, a reason for every public route, and no empty exception", () => {
        expect(ROWS.filter((row) => row.key.includes("/:") && !row.names).map((row) => row.key)).toEqual([]);
        expect(
          ROWS.filter((row) => row.access === "public" && !EXCEPTIONS[row.key]?.why).map((row) => row.key),
        ).toEqual([]);
        const declared = new Set(ROWS.map((row) => row.key as string));
        expect(Object.keys(EXCEPTIONS).filter((key) => !declared.has(key))).toEqual([]);
        expect(Object.entries(EXCEPTIONS).filter(([, exception]) => Object.keys(exception ?? {}).length === 0)).toEqual(
          [],
        );
      });
    });

  describe.each(rows)("$key", (row) => {
    it.each(row.stream ? (["anonymous"] as Caller[]) : CALLERS)("%s", async (caller) => {
      // A call that changes the caller's own account gets fresh users: the caller, and the owner its record names.
      const callers = row.fresh ? await makeCallers([...new Set<Caller>([caller, ...OWNER])]) : shared;
      const res = await send(row, await row.input(ctx, callers), callers.get(caller) ?? null);
      expect(res.statusCode, res.body).toBeLessThan(500);
      if (row.allowed.includes(caller)) {
        // Authorized: whatever the rules then say (a 409 for the plan one already has), never 401/403.
        expect([401, 403], res.body).not.toContain(res.statusCode);
        // Where a refusal is a 404, an allowed caller never gets one (a 400 on the input, checked after access, is fine).
        if (row.refused === 404) expect(res.statusCode, res.body).not.toBe(404);
      } else {
        const staff = caller === "staff" || caller === "admin";
        const expected = caller === "anonymous" ? 401 : (staff && row.refusedStaff) || row.refused;
        expect(res.statusCode, res.body).toBe(expected);
        expect(res.json().error).toEqual(expect.any(String));
      }
    });
  });

  /** A member's route that names a record by id (the staff's routes name any member's). */
  const namesAMembersRecord = (row: Row) =>
    row.key.includes("/:") && !splitKey(row.key).path.startsWith("/admin/") && !row.allowed.includes("another client");

  /** The same params with every id replaced by one that names nothing. */
  const withMissingIds = (params: object) =>
    Object.fromEntries(
      Object.entries(params).map(([name, value]) => [
        name,
        /^[0-9a-f-]{36}$/.test(String(value)) ? randomUUID() : `${String(value).slice(0, -8)}nothing0`,
      ]),
    );

  if (part === "members")
    describe("another member's record", () => {
      const cases = ROWS.filter(namesAMembersRecord);

      it("is refused with 404 on every member route that names one", () => {
        expect(cases.length).toBeGreaterThan(20);
        expect(cases.filter((row) => row.refused !== 404).map((row) => row.key)).toEqual([]);
        // Every declared member route that names a record is one of them (none lets another member through).
        const declared = ROWS.filter(
          (row) => row.key.includes("/:") && !splitKey(row.key).path.startsWith("/admin/") && !row.teams,
        );
        expect(declared.filter((row) => !cases.includes(row)).map((row) => row.key)).toEqual([]);
      });

      it.each(cases)("$key answers as a missing one", async (row) => {
        const callers = row.fresh ? await makeCallers([...new Set<Caller>(["another client", ...OWNER])]) : shared;
        const input = await row.input(ctx, callers);
        const another = callers.get("another client") ?? null;
        const anothers = await send(row, input, another);
        const missing = await send(row, { ...input, params: withMissingIds(input.params ?? {}) }, another);
        expect(anothers.statusCode, anothers.body).toBe(404);
        expect(missing.statusCode, missing.body).toBe(404);
        const { requestId: _a, ...anothersBody } = anothers.json();
        const { requestId: _m, ...missingBody } = missing.json();
        expect(anothersBody).toEqual(missingBody);
      });
    });

  if (part === "members")
    describe("a member's request that is not theirs", () => {
      it("says the spec's 'You do not have permission to view this request', as a missing one does; staff read 'Request not found'", async () => {
        const url = endpointUrl("GET /requests/:id", await onOwnersRequest(ctx, shared));
        const another = await ctx.app.inject({ method: "GET", url, headers: as(shared.get("another client") ?? null) });
        expect(another.statusCode).toBe(404);
        expect(another.json()).toMatchObject({ error: REQUEST_ERRORS.noPermission, key: "error.no_permission" });
        const missing = endpointUrl("GET /requests/:id", { params: { id: randomUUID() } });
        const none = await ctx.app.inject({
          method: "GET",
          url: missing,
          headers: as(shared.get("another client") ?? null),
        });
        expect(none.json()).toMatchObject({ error: REQUEST_ERRORS.noPermission, code: another.json().code });
        const staff = await ctx.app.inject({ method: "GET", url: missing, headers: as(shared.get("staff") ?? null) });
        expect(staff.statusCode).toBe(404);
        expect(staff.json().error).toBe(ERRORS.requestNotFound);
      });
    });
}
