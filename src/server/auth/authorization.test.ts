/**
 * The authorization matrix: every API route against every kind of caller, with the expected answer, and a
 * coverage check that fails when a registered route is in neither the matrix nor the list of public routes.
 * Every new route joins ROUTES (or PUBLIC_ROUTES, with its reason) the moment it exists.
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import { pushDevice } from "#tests/helpers/push";
import { as, createUser, type TestUser } from "#tests/helpers/users";
import { ALL_ENDPOINTS } from "@/shared/contracts";
import { disputeEvidenceSchema } from "@/shared/contracts/disputes";
import { ERRORS } from "@/shared/messages";
import {
  dealFiles,
  deliveries,
  executiveConciergeMessages,
  holds,
  messageFiles,
  messages,
  notifications,
  pushSubscriptions,
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

interface RouteCase {
  /** The route as registered: "METHOD /api/path/:param". */
  route: string;
  /** The URL to call; for an owned record, made for its owner ("client without plan"). */
  url?: (ctx: TestContext, callers: Callers) => Promise<string>;
  /** The URL and the body together, when the body names a record made for the call (a quote's option). */
  prepare?: (ctx: TestContext, callers: Callers) => Promise<{ url: string; payload?: object }>;
  payload?: object;
  allowed: Caller[];
  /**
   * What a signed-in caller who is refused gets: 403, or 404 where the record's existence is not revealed (every
   * member's record: another member's answers as a missing one, decision 038).
   */
  refused?: 403 | 404;
  /** What refused staff get instead, where they see the record but may not do this with it (attaching a file). */
  refusedStaff?: 403;
  /** The call changes the caller's own account (cancels, deletes): each caller gets a fresh user for it. */
  fresh?: boolean;
}

const SIGNED_IN: Caller[] = CALLERS.filter((c) => c !== "anonymous");
const PAYING: Caller[] = ["silver", "gold", "black", "staff", "admin"];
const MEMBERS_WITH_ACCESS: Caller[] = ["client on Basic", ...PAYING];
const STAFF: Caller[] = ["staff", "admin"];
const OWNER: Caller[] = ["client without plan"];

/** A test-mode checkout session of the owner's. */
async function ownersCheckout(ctx: TestContext, callers: Callers) {
  const res = await ctx.app.inject({
    method: "POST",
    url: "/api/billing/checkout",
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
async function ownersRequest(ctx: TestContext, callers: Callers) {
  const [row] = await ctx.database.db
    .insert(requests)
    .values({
      userId: callers.get("client without plan")?.id as string,
      title: "A vintage Rolex",
      category: "Fashion",
      budgetEur: 12000,
      phoneNumber: "+351912345678",
    })
    .returning({ id: requests.id });
  return row.id;
}
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
const onOwnersRequest =
  (suffix = "") =>
  async (ctx: TestContext, callers: Callers) =>
    `/api/requests/${await ownersRequest(ctx, callers)}${suffix}`;
const OWNER_AND_STAFF: Caller[] = [...OWNER, ...STAFF];
const adminOnOwnersRequest =
  (suffix = "") =>
  async (ctx: TestContext, callers: Callers) =>
    `/api/admin/requests/${await ownersRequest(ctx, callers)}${suffix}`;
const NEW_REQUEST = {
  title: "A vintage Rolex",
  category: "Fashion",
  budget_eur: 12000,
  urgency: "High",
  notes: "",
  phone_number: "+351912345678",
};

/** A sales inquiry of the owner's, and a message on the owner's request, made directly in the database. */
async function ownersInquiry(ctx: TestContext, callers: Callers) {
  const userId = callers.get("client without plan")?.id as string;
  const [row] = await ctx.database.db
    .insert(salesInquiries)
    .values({ userId, subject: "Yacht charter", message: "For August" })
    .returning({ id: salesInquiries.id });
  return row.id;
}
async function ownersMessage(ctx: TestContext, callers: Callers) {
  const requestId = await ownersRequest(ctx, callers);
  const [row] = await ctx.database.db
    .insert(messages)
    .values({ requestId, senderUserId: callers.get("client without plan")?.id, body: "Any news?" })
    .returning({ id: messages.id });
  return row.id;
}
/** A second session of the owner's (another browser signed in), to be signed out. */
async function ownersOtherSession(ctx: TestContext, callers: Callers) {
  const owner = callers.get("client without plan") as TestUser;
  const res = await ctx.app.inject({
    method: "POST",
    url: "/api/auth/sign-in",
    payload: { email: owner.email, password: owner.password },
  });
  const [row] = await ctx.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, owner.id))
    .orderBy(desc(sessions.createdAt))
    .limit(1);
  if (res.statusCode !== 200 || !row) throw new Error(`no second session: ${res.body}`);
  return row.id;
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
  return `/api/notifications/devices/${row.id}`;
}
/** A notification of the owner's. */
async function ownersNotification(ctx: TestContext, callers: Callers) {
  const [row] = await ctx.database.db
    .insert(notifications)
    .values({ userId: callers.get("client without plan")?.id as string, type: "test", title: "Test" })
    .returning({ id: notifications.id });
  return `/api/notifications/${row.id}/read`;
}
const goldMember =
  (suffix = "") =>
  async (_ctx: TestContext, callers: Callers) =>
    `/api/admin/concierge/${callers.get("gold")?.id}${suffix}`;
const CONCIERGE: Caller[] = ["gold", "black"];

/** The business loop on the owner's request (issue 21), made directly in the database. */
async function ownersDeal(
  ctx: TestContext,
  callers: Callers,
  stage: "quoted" | "expired hold" | "delivered",
): Promise<{ requestId: string; quoteId: string; optionId: string }> {
  const userId = callers.get("client without plan")?.id as string;
  const db = ctx.database.db;
  const status = stage === "quoted" ? "Quoted" : stage === "delivered" ? "Delivered" : "Found";
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
  return { requestId: request.id, quoteId: quote.id, optionId: option.id };
}

/** A photo shown on a sent quote of the owner's, stored for real. */
async function ownersDealFile(ctx: TestContext, callers: Callers) {
  const { requestId, quoteId } = await ownersDeal(ctx, callers, "quoted");
  const local = path.join(await mkdtemp(path.join(tmpdir(), "maison-deal-")), "photo.png");
  await writeFile(local, Buffer.from("89504e470d0a1a0a", "hex"));
  const key = `deals/${requestId}/${Math.random().toString(36).slice(2)}`;
  await ctx.app.ctx.storage.putFile(key, local, "image/png");
  const [file] = await ctx.database.db
    .insert(dealFiles)
    .values({ requestId, storageKey: key, name: "photo.png", type: "image/png", size: 8 })
    .returning({ id: dealFiles.id });
  await ctx.database.db
    .update(quoteOptions)
    .set({ photoIds: [file.id] })
    .where(eq(quoteOptions.quoteId, quoteId));
  return `/api/requests/${requestId}/deal/files/${file.id}`;
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
    return `/api/requests/${requestId}/messages/files/${row.id}`;
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
  return row.id;
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
  return id;
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
  return id;
}
const CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", name: "Ana" };
const NEW_QUOTE = {
  options: [{ title: "Kelly 28", priceCents: 1_000_000 }],
  validUntil: "2999-12-31",
};
const ANY_QUOTE = "00000000-0000-4000-8000-000000000000";

const ROUTES: RouteCase[] = [
  // Concierge: Gold and Black members; staff answer.
  { route: "GET /api/concierge/messages", allowed: CONCIERGE },
  { route: "POST /api/concierge/messages", payload: { message: "Hello" }, allowed: CONCIERGE },
  { route: "POST /api/concierge/read", allowed: SIGNED_IN },
  { route: "POST /api/concierge/typing", allowed: CONCIERGE },
  // Files in conversations (issue 22 item 6): uploads as for writing (here "choose a file": none was sent);
  // a sent file to those who see the thread, not found to anyone else.
  { route: "POST /api/concierge/files", allowed: CONCIERGE },
  {
    route: "GET /api/concierge/files/:fileId",
    url: async (ctx, callers) => `/api/concierge/files/${await sentMessageFile(ctx, callers, "concierge")}`,
    allowed: ["gold"],
    refused: 404,
  },
  { route: "POST /api/admin/concierge/:userId/files", url: goldMember("/files"), allowed: STAFF },
  {
    route: "GET /api/admin/concierge/:userId/files/:fileId",
    url: async (ctx, callers) =>
      `/api/admin/concierge/${callers.get("gold")?.id}/files/${await sentMessageFile(ctx, callers, "concierge")}`,
    allowed: STAFF,
  },
  {
    route: "POST /api/requests/:id/messages/files",
    url: onOwnersRequest("/messages/files"),
    allowed: OWNER_AND_STAFF,
    refused: 404,
  },
  {
    route: "GET /api/requests/:id/messages/files/:fileId",
    url: (ctx, callers) => sentMessageFile(ctx, callers, "request"),
    allowed: OWNER_AND_STAFF,
    refused: 404,
  },
  { route: "POST /api/auth/two-factor/enable", payload: { password: "not-the-password" }, allowed: SIGNED_IN },
  { route: "POST /api/auth/two-factor/disable", payload: { password: "not-the-password" }, allowed: SIGNED_IN },
  { route: "GET /api/admin/concierge", allowed: STAFF },
  { route: "GET /api/admin/concierge/:userId", url: goldMember(), allowed: STAFF },
  { route: "POST /api/admin/concierge/:userId/read", url: goldMember("/read"), allowed: STAFF },
  { route: "POST /api/admin/concierge/:userId", url: goldMember(), payload: { reply: "Hi" }, allowed: STAFF },
  { route: "POST /api/admin/concierge/:userId/typing", url: goldMember("/typing"), allowed: STAFF },
  // Internal notes (issue 22, item 2): staff only.
  { route: "GET /api/admin/concierge/:userId/notes", url: goldMember("/notes"), allowed: STAFF },
  {
    route: "POST /api/admin/concierge/:userId/notes",
    url: goldMember("/notes"),
    payload: { body: "Prefers calls" },
    allowed: STAFF,
  },
  // Sales: every member writes; staff reply and close.
  { route: "GET /api/sales/inquiries", allowed: MEMBERS_WITH_ACCESS },
  {
    route: "POST /api/sales/inquiries",
    payload: { subject: "Yacht", message: "For August" },
    allowed: MEMBERS_WITH_ACCESS,
  },
  { route: "GET /api/admin/sales", allowed: STAFF },
  {
    route: "POST /api/admin/sales/:id/reply",
    url: async (ctx, callers) => `/api/admin/sales/${await ownersInquiry(ctx, callers)}/reply`,
    payload: { reply: "We have one" },
    allowed: STAFF,
  },
  {
    route: "POST /api/admin/sales/:id/close",
    url: async (ctx, callers) => `/api/admin/sales/${await ownersInquiry(ctx, callers)}/close`,
    allowed: STAFF,
  },
  { route: "GET /api/admin/badges", allowed: STAFF },
  // The staff inbox's Requests tab.
  { route: "GET /api/admin/inbox/messages", allowed: STAFF },
  {
    route: "POST /api/admin/inbox/messages/:id/read",
    url: async (ctx, callers) => `/api/admin/inbox/messages/${await ownersMessage(ctx, callers)}/read`,
    allowed: STAFF,
  },
  {
    route: "DELETE /api/admin/inbox/messages/:id/read",
    url: async (ctx, callers) => `/api/admin/inbox/messages/${await ownersMessage(ctx, callers)}/read`,
    allowed: STAFF,
  },
  // Requests: members with a paid plan create; the owner and staff see, write on and delete one; to another
  // member it does not exist (404, as a missing one: decision 038).
  { route: "GET /api/requests/allowance", allowed: SIGNED_IN },
  { route: "POST /api/requests", payload: NEW_REQUEST, allowed: ["silver", "gold", "black"] },
  { route: "GET /api/requests", allowed: SIGNED_IN },
  { route: "GET /api/requests/:id", url: onOwnersRequest(), allowed: OWNER_AND_STAFF, refused: 404 },
  {
    route: "GET /api/requests/:id/messages",
    url: onOwnersRequest("/messages"),
    allowed: OWNER_AND_STAFF,
    refused: 404,
  },
  {
    route: "POST /api/requests/:id/messages",
    url: onOwnersRequest("/messages"),
    payload: { body: "Hello" },
    allowed: OWNER_AND_STAFF,
    refused: 404,
  },
  { route: "POST /api/requests/:id/read", url: onOwnersRequest("/read"), allowed: OWNER_AND_STAFF, refused: 404 },
  { route: "DELETE /api/requests/:id", url: onOwnersRequest(), allowed: OWNER_AND_STAFF, refused: 404 },
  // Only the owner changes or withdraws their request (issue 22 item 7); to anyone else it does not exist.
  {
    route: "PATCH /api/requests/:id",
    url: onOwnersRequest(),
    payload: { budget_eur: 13000 },
    allowed: OWNER,
    refused: 404,
  },
  { route: "POST /api/requests/:id/withdraw", url: onOwnersRequest("/withdraw"), allowed: OWNER, refused: 404 },
  // Only the member attaches a file (the answer here is "choose a file": no file was sent); staff, who see the
  // request, are refused; who sees, downloads.
  {
    route: "POST /api/requests/:id/attachment",
    url: onOwnersRequest("/attachment"),
    allowed: OWNER,
    refused: 404,
    refusedStaff: 403,
  },
  {
    route: "GET /api/requests/:id/attachment",
    url: async (ctx, callers) => `/api/requests/${await ownersRequestWithAttachment(ctx, callers)}/attachment`,
    allowed: OWNER_AND_STAFF,
    refused: 404,
  },
  { route: "GET /api/messages/conversations", allowed: SIGNED_IN },
  { route: "GET /api/messages/unread", allowed: SIGNED_IN },
  { route: "GET /api/admin/requests", allowed: STAFF },
  {
    route: "POST /api/admin/requests/:id/status",
    url: async (ctx, callers) => `/api/admin/requests/${await ownersRequest(ctx, callers)}/status`,
    payload: { status: "Sourcing" },
    allowed: STAFF,
  },
  {
    route: "GET /api/admin/requests/:id/activity",
    url: async (ctx, callers) => `/api/admin/requests/${await ownersRequest(ctx, callers)}/activity`,
    allowed: STAFF,
  },
  { route: "GET /api/admin/requests/:id/notes", url: adminOnOwnersRequest("/notes"), allowed: STAFF },
  {
    route: "POST /api/admin/requests/:id/notes",
    url: adminOnOwnersRequest("/notes"),
    payload: { body: "Call the boutique" },
    allowed: STAFF,
  },
  // The member's timeline (issue 22, item 8): the owner only, 404 to everyone else (staff included).
  { route: "GET /api/requests/:id/timeline", url: onOwnersRequest("/timeline"), allowed: OWNER, refused: 404 },
  // The admin pipeline and dashboard (issue 13).
  { route: "GET /api/admin/requests.csv", allowed: STAFF },
  {
    route: "GET /api/admin/requests/:id/client",
    url: async (ctx, callers) => `/api/admin/requests/${await ownersRequest(ctx, callers)}/client`,
    allowed: STAFF,
  },
  { route: "GET /api/admin/stats", allowed: STAFF },
  // Assignment and reply times (issue 22, items 1 and 5).
  { route: "GET /api/admin/assignees", allowed: STAFF },
  {
    route: "POST /api/admin/requests/:id/assignee",
    url: async (ctx, callers) => `/api/admin/requests/${await ownersRequest(ctx, callers)}/assignee`,
    payload: { userId: null },
    allowed: STAFF,
  },
  {
    route: "GET /api/admin/requests/:id/handling",
    url: async (ctx, callers) => `/api/admin/requests/${await ownersRequest(ctx, callers)}/handling`,
    allowed: STAFF,
  },
  { route: "GET /api/admin/assignment/round-robin", allowed: STAFF },
  { route: "PUT /api/admin/assignment/round-robin", payload: { enabled: false }, allowed: STAFF },
  {
    route: "POST /api/admin/concierge/:userId/assignee",
    url: goldMember("/assignee"),
    payload: { userId: null },
    allowed: STAFF,
  },
  { route: "GET /api/concierge/reply-time", allowed: SIGNED_IN },
  // The business loop (issue 21): the member's actions are the member's only (anyone else: not found); staff
  // quote, capture, release and deliver.
  {
    route: "GET /api/requests/:id/deal",
    url: onOwnersRequest("/deal"),
    allowed: OWNER_AND_STAFF,
    refused: 404,
  },
  { route: "GET /api/requests/:id/statement", url: onOwnersRequest("/statement"), allowed: OWNER, refused: 404 },
  {
    route: "GET /api/requests/:id/deal/files/:fileId",
    url: ownersDealFile,
    allowed: OWNER_AND_STAFF,
    refused: 404,
  },
  {
    route: "POST /api/requests/:id/quotes/:quoteId/accept",
    prepare: async (ctx, callers) => {
      const { requestId, quoteId, optionId } = await ownersDeal(ctx, callers, "quoted");
      return { url: `/api/requests/${requestId}/quotes/${quoteId}/accept`, payload: { optionId } };
    },
    allowed: OWNER,
    refused: 404,
  },
  {
    route: "POST /api/requests/:id/quotes/:quoteId/decline",
    url: async (ctx, callers) => {
      const { requestId, quoteId } = await ownersDeal(ctx, callers, "quoted");
      return `/api/requests/${requestId}/quotes/${quoteId}/decline`;
    },
    payload: { reason: "Not this time" },
    allowed: OWNER,
    refused: 404,
  },
  {
    route: "POST /api/requests/:id/hold/reauthorize",
    url: async (ctx, callers) =>
      `/api/requests/${(await ownersDeal(ctx, callers, "expired hold")).requestId}/hold/reauthorize`,
    allowed: OWNER,
    refused: 404,
  },
  {
    route: "POST /api/requests/:id/delivery/confirm",
    url: async (ctx, callers) =>
      `/api/requests/${(await ownersDeal(ctx, callers, "delivered")).requestId}/delivery/confirm`,
    allowed: OWNER,
    refused: 404,
  },
  {
    route: "POST /api/requests/:id/delivery/problem",
    url: async (ctx, callers) =>
      `/api/requests/${(await ownersDeal(ctx, callers, "delivered")).requestId}/delivery/problem`,
    payload: { description: "A scratch on the clasp" },
    allowed: OWNER,
    refused: 404,
  },
  { route: "GET /api/payments", allowed: SIGNED_IN },
  {
    route: "GET /api/billing/test/holds/:id",
    url: async (ctx, callers) => `/api/billing/test/holds/${await ownersHoldPage(ctx, callers)}`,
    allowed: OWNER,
    refused: 404,
  },
  {
    route: "POST /api/billing/test/holds/:id/authorize",
    url: async (ctx, callers) => `/api/billing/test/holds/${await ownersHoldPage(ctx, callers)}/authorize`,
    payload: CARD,
    allowed: OWNER,
    refused: 404,
  },
  {
    route: "POST /api/billing/test/holds/:id/confirm",
    url: async (ctx, callers) => `/api/billing/test/holds/${await ownersHoldPage(ctx, callers, true)}/confirm`,
    payload: { approve: true },
    allowed: OWNER,
    refused: 404,
  },
  {
    route: "GET /api/billing/test/invoices/:id",
    url: async (ctx, callers) => `/api/billing/test/invoices/${await ownersInvoicePage(ctx, callers)}`,
    allowed: OWNER,
    refused: 404,
  },
  {
    route: "POST /api/billing/test/invoices/:id/pay",
    url: async (ctx, callers) => `/api/billing/test/invoices/${await ownersInvoicePage(ctx, callers)}/pay`,
    payload: CARD,
    allowed: OWNER,
    refused: 404,
  },
  {
    route: "POST /api/billing/test/invoices/:id/confirm",
    url: async (ctx, callers) => `/api/billing/test/invoices/${await ownersInvoicePage(ctx, callers, true)}/confirm`,
    payload: { approve: true },
    allowed: OWNER,
    refused: 404,
  },
  { route: "GET /api/admin/requests/:id/deal", url: adminOnOwnersRequest("/deal"), allowed: STAFF },
  { route: "POST /api/admin/requests/:id/deal/files", url: adminOnOwnersRequest("/deal/files"), allowed: STAFF },
  {
    route: "POST /api/admin/requests/:id/quotes",
    url: adminOnOwnersRequest("/quotes"),
    payload: NEW_QUOTE,
    allowed: STAFF,
  },
  {
    route: "PUT /api/admin/requests/:id/quotes/:quoteId",
    url: adminOnOwnersRequest(`/quotes/${ANY_QUOTE}`),
    payload: NEW_QUOTE,
    allowed: STAFF,
  },
  {
    route: "DELETE /api/admin/requests/:id/quotes/:quoteId",
    url: adminOnOwnersRequest(`/quotes/${ANY_QUOTE}`),
    allowed: STAFF,
  },
  {
    route: "POST /api/admin/requests/:id/quotes/:quoteId/send",
    url: adminOnOwnersRequest(`/quotes/${ANY_QUOTE}/send`),
    allowed: STAFF,
  },
  {
    route: "POST /api/admin/requests/:id/hold/capture",
    url: adminOnOwnersRequest("/hold/capture"),
    payload: {},
    allowed: STAFF,
  },
  {
    route: "POST /api/admin/requests/:id/hold/release",
    url: adminOnOwnersRequest("/hold/release"),
    payload: {},
    allowed: STAFF,
  },
  {
    route: "POST /api/admin/requests/:id/hold/request-reauthorization",
    url: adminOnOwnersRequest("/hold/request-reauthorization"),
    allowed: STAFF,
  },
  {
    route: "POST /api/admin/requests/:id/refunds",
    url: adminOnOwnersRequest("/refunds"),
    // Valid, so the guard answers (the owner's request has nothing captured: 409 for staff).
    payload: { amountCents: 100, reason: "Returned", idempotencyKey: "9b2f4c1e-3a5d-4e6f-8a7b-1c2d3e4f5a6b" },
    allowed: STAFF,
  },
  {
    route: "POST /api/admin/requests/:id/delivery",
    url: adminOnOwnersRequest("/delivery"),
    payload: {},
    allowed: STAFF,
  },
  {
    route: "POST /api/admin/requests/:id/balance",
    url: adminOnOwnersRequest("/balance"),
    payload: { dueDate: "2999-12-31" },
    allowed: STAFF,
  },
  { route: "POST /api/admin/requests/:id/balance/void", url: adminOnOwnersRequest("/balance/void"), allowed: STAFF },
  { route: "GET /api/admin/money", allowed: STAFF },
  { route: "GET /api/admin/requests/:id/statement", url: adminOnOwnersRequest("/statement"), allowed: STAFF },
  // Card disputes: the team's (the test mode's bank too, with the QA tools).
  { route: "GET /api/admin/requests/:id/dispute", url: adminOnOwnersRequest("/dispute"), allowed: STAFF },
  {
    route: "POST /api/admin/requests/:id/dispute/evidence",
    url: adminOnOwnersRequest("/dispute/evidence"),
    payload: Object.fromEntries(Object.keys(disputeEvidenceSchema.shape).map((field) => [field, ""])),
    allowed: STAFF,
  },
  {
    route: "POST /api/admin/requests/:id/dispute/test-open",
    url: adminOnOwnersRequest("/dispute/test-open"),
    payload: {},
    allowed: STAFF,
  },
  {
    route: "POST /api/admin/requests/:id/dispute/test-close",
    url: adminOnOwnersRequest("/dispute/test-close"),
    payload: { outcome: "won" },
    allowed: STAFF,
  },
  // Reconciliation moves money at the provider (cancels orphan authorisations): admins only.
  { route: "POST /api/admin/money/reconcile", allowed: ["admin"] },
  { route: "POST /api/admin/qa/payment-clock", payload: { hours: 1 }, allowed: STAFF },
  { route: "DELETE /api/admin/qa/payment-clock", allowed: STAFF },
  { route: "POST /api/admin/qa/bank-transfer", payload: { requestId: ANY_QUOTE }, allowed: STAFF },
  // QA tools: staff (and none at all on a public deployment: admin.test.ts).
  { route: "GET /api/admin/qa", allowed: STAFF },
  { route: "POST /api/admin/qa/seed", allowed: STAFF },
  { route: "DELETE /api/admin/qa/seed", allowed: STAFF },
  { route: "POST /api/admin/qa/fake-request", allowed: STAFF },
  { route: "POST /api/admin/qa/test-notification", allowed: STAFF },
  // Notifications: each person their own; the test sends are staff's.
  { route: "GET /api/notifications", allowed: SIGNED_IN },
  { route: "POST /api/notifications/:id/read", url: ownersNotification, allowed: OWNER, refused: 404 },
  { route: "POST /api/notifications/read-all", allowed: SIGNED_IN },
  { route: "GET /api/notifications/preferences", allowed: SIGNED_IN },
  { route: "PUT /api/notifications/preferences", payload: { channel: "email", enabled: true }, allowed: SIGNED_IN },
  // Push devices: each person their own (someone else's device does not exist for them).
  { route: "GET /api/notifications/devices", allowed: SIGNED_IN },
  {
    route: "POST /api/notifications/devices",
    payload: pushDevice("https://fcm.googleapis.com").subscription,
    allowed: SIGNED_IN,
  },
  { route: "DELETE /api/notifications/devices/:id", url: ownersDevice, allowed: OWNER, refused: 404 },
  { route: "POST /api/admin/notifications/test-email", allowed: STAFF },
  { route: "POST /api/admin/notifications/test-slack", allowed: STAFF },
  {
    route: "POST /api/admin/outbox/:id/retry",
    url: async () => "/api/admin/outbox/00000000-0000-4000-8000-000000000000/retry",
    allowed: ["admin"],
  },
  { route: "POST /api/account/check-owner-status", allowed: SIGNED_IN },
  { route: "POST /api/account/verify-email/resend", allowed: SIGNED_IN },
  { route: "GET /api/account/export", allowed: SIGNED_IN },
  { route: "PUT /api/profile", payload: { name: "Ana", phone: "" }, allowed: SIGNED_IN },
  { route: "PUT /api/profile/language", payload: { language: "en" }, allowed: SIGNED_IN },
  // Account security: each caller's own password and sessions (nothing in these routes names another user).
  {
    // The right password (a wrong one is a 403 of its own), so fresh callers: it changes.
    route: "POST /api/account/password",
    payload: { currentPassword: "correct-horse", newPassword: "another-secret", signOutOthers: false },
    allowed: SIGNED_IN,
    fresh: true,
  },
  { route: "GET /api/account/sessions", allowed: SIGNED_IN },
  {
    // Another member's session is not theirs to end: 404, as an ended one.
    route: "DELETE /api/account/sessions/:sessionId",
    url: async (ctx, callers) => `/api/account/sessions/${await ownersOtherSession(ctx, callers)}`,
    allowed: OWNER,
    refused: 404,
  },
  // Ends only the caller's other sessions: the cookie in use goes on working for the rows that follow.
  { route: "POST /api/account/sessions/sign-out-others", allowed: SIGNED_IN },
  { route: "GET /api/dashboard", allowed: MEMBERS_WITH_ACCESS },
  // Outgoing mail can hold personal data: admins only.
  { route: "GET /api/admin/outbox", allowed: ["admin"] },
  // Payments: each member acts only on their own account (nothing in these routes names another user).
  { route: "POST /api/billing/checkout", payload: { plan: "gold" }, allowed: SIGNED_IN },
  { route: "POST /api/billing/portal", allowed: SIGNED_IN },
  { route: "GET /api/billing/charges", allowed: SIGNED_IN },
  { route: "POST /api/billing/check-subscription", allowed: SIGNED_IN },
  { route: "GET /api/billing/test/subscription", allowed: SIGNED_IN },
  {
    route: "GET /api/billing/test/receipts/:id",
    url: async (ctx, callers) => `/api/billing/test/receipts/${await ownersReceipt(ctx, callers)}`,
    allowed: OWNER,
    refused: 404,
  },
  { route: "POST /api/billing/test/subscription", payload: { cancelAtPeriodEnd: false }, allowed: SIGNED_IN },
  {
    route: "GET /api/billing/test/checkout/:id",
    url: async (ctx, callers) => `/api/billing/test/checkout/${await ownersCheckout(ctx, callers)}`,
    allowed: OWNER,
    refused: 404,
  },
  {
    route: "POST /api/billing/test/checkout/:id/pay",
    url: async (ctx, callers) => `/api/billing/test/checkout/${await ownersCheckout(ctx, callers)}/pay`,
    payload: { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", name: "Ana" },
    allowed: OWNER,
    refused: 404,
    fresh: true,
  },
  { route: "POST /api/billing/cancel-complimentary", allowed: SIGNED_IN, fresh: true },
  { route: "GET /api/admin/settings", allowed: STAFF },
  {
    route: "POST /api/admin/subscriptions/sync",
    payload: { userEmail: "nobody@example.com" },
    allowed: STAFF,
  },
  { route: "POST /api/admin/subscriptions/sync-all", allowed: STAFF },
  { route: "POST /api/admin/debug/checkout-url", payload: { plan: "silver" }, allowed: STAFF },
  {
    route: "POST /api/admin/debug/simulate-checkout",
    payload: { userEmail: "nobody@example.com", plan: "silver" },
    allowed: STAFF,
  },
  // Saved replies and the search across conversations: the staff's tools, never a member's (issue 22).
  { route: "GET /api/admin/replies", allowed: STAFF },
  {
    route: "POST /api/admin/replies",
    payload: { title: "Matrix", text: "Dear {member_name}" },
    allowed: STAFF,
  },
  {
    route: "PUT /api/admin/replies/:id",
    url: async (ctx) => `/api/admin/replies/${await aSavedReply(ctx)}`,
    payload: { title: "Matrix edit", text: "Hello" },
    allowed: STAFF,
  },
  {
    route: "DELETE /api/admin/replies/:id",
    url: async (ctx) => `/api/admin/replies/${await aSavedReply(ctx)}`,
    allowed: STAFF,
  },
  { route: "GET /api/admin/search", url: async () => "/api/admin/search?q=rolex", allowed: STAFF },
  { route: "DELETE /api/account", allowed: SIGNED_IN, fresh: true },
];

/** A saved reply, made directly in the database. */
async function aSavedReply(ctx: TestContext) {
  const [row] = await ctx.database.db
    .insert(savedReplies)
    .values({ title: `Reply ${crypto.randomUUID()}`, body: "Hello" })
    .returning({ id: savedReplies.id });
  return row.id;
}

/** Routes anyone may call, each with the reason; everything else must be in ROUTES. */
const PUBLIC_ROUTES: Record<string, string> = {
  "GET /api/health": "load balancers: alive (no database read)",
  "GET /api/ready": "load balancers: whether to send traffic (names failing checks only)",
  "GET /api/config": "brand and contact mailbox for the public pages",
  "GET /api/me": "answers who is signed in, or nobody",
  "POST /api/auth/sign-up": "creating an account",
  "POST /api/auth/sign-in": "signing in",
  "POST /api/auth/forgot-password": "asking for a reset link (same answer for any address)",
  "POST /api/auth/reset-password": "the reset link's token is the proof",
  "POST /api/auth/verify-email": "the verification link's token is the proof",
  "POST /api/billing/webhook": "Stripe's calls, proved by their signature",
  "POST /api/auth/sign-out": "ends the caller's session, if any",
  "POST /api/auth/two-factor/verify-totp": "the second step of a sign-in (no session yet): the library checks it",
  "POST /api/auth/two-factor/verify-backup-code": "the same, with a backup code",
  "GET /api/events": "signed-in callers only; a stream, proved in realtime.test.ts and security.test.ts",
  "ANY /api/*": "the API's JSON 404 for unknown paths",
};

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
      async (caller) => [caller, caller === "anonymous" ? null : await createUser(ctx, CALLER_KINDS[caller])] as const,
    ),
  );
  return new Map(made);
}

beforeAll(async () => {
  ctx = await createTestApp({
    deps: {
      startWorkers: false,
      onRoute: (route: RouteOptions) => {
        if (route.url === "/api/*") registered.push("ANY /api/*");
        else
          for (const method of [route.method].flat()) if (method !== "HEAD") registered.push(`${method} ${route.url}`);
      },
    },
  });
  for (const [caller, user] of await makeCallers()) shared.set(caller, user);
});
afterAll(() => ctx.close());

describe("route coverage", () => {
  it("has every endpoint of the tables (and every registered API route) in the matrix or in the public list", () => {
    const known = new Set([...ROUTES.map((r) => r.route), ...Object.keys(PUBLIC_ROUTES)]);
    const declared = ALL_ENDPOINTS.map(([key]) => key.replace(" /", " /api/"));
    const api = registered.filter((r) => r.split(" ")[1].startsWith("/api/"));
    expect(declared.length).toBeGreaterThan(70);
    expect([...declared, ...api].filter((r) => !known.has(r))).toEqual([]);
    // And nothing listed that no longer exists.
    expect([...known].filter((r) => !registered.includes(r))).toEqual([]);
  });
});

describe.each(ROUTES)("$route", (route) => {
  it.each(CALLERS)("%s", async (caller) => {
    // A call that changes the caller's own account gets fresh users: the caller, and the owner its URL names.
    const callers = route.fresh ? await makeCallers([...new Set<Caller>([caller, ...OWNER])]) : shared;
    const [method, pattern] = route.route.split(" ");
    const prepared = route.prepare ? await route.prepare(ctx, callers) : null;
    const url = prepared?.url ?? (route.url ? await route.url(ctx, callers) : pattern);
    const res = await ctx.app.inject({
      method: method as "GET",
      url,
      payload: prepared?.payload ?? route.payload,
      headers: as(callers.get(caller) ?? null),
    });
    expect(res.statusCode, res.body).toBeLessThan(500);
    if (route.allowed.includes(caller)) {
      // Authorized: whatever the rules then say (a 409 for the plan one already has), never 401/403.
      expect([401, 403], res.body).not.toContain(res.statusCode);
      // Where a refusal is a 404, an allowed caller never gets one (a 400 on the input, checked after access, is fine).
      if (route.refused === 404) expect(res.statusCode, res.body).not.toBe(404);
    } else {
      const staff = caller === "staff" || caller === "admin";
      const expected = caller === "anonymous" ? 401 : (staff && route.refusedStaff) || (route.refused ?? 403);
      expect(res.statusCode, res.body).toBe(expected);
      expect(res.json().error).toEqual(expect.any(String));
    }
  });
});

/** A member's route that names a record by id (the staff's routes name any member's). */
const namesAMembersRecord = (route: RouteCase) =>
  route.route.includes("/:") && !route.route.includes(" /api/admin/") && !route.allowed.includes("another client");

/** The URL with every id the route's pattern names replaced by one that names nothing. */
function withMissingIds(pattern: string, url: string): string {
  const patternParts = pattern.split("/");
  const [urlPath, query] = url.split("?");
  const parts = urlPath
    .split("/")
    .map((part, i) =>
      patternParts[i]?.startsWith(":")
        ? /^[0-9a-f-]{36}$/.test(part)
          ? randomUUID()
          : `${part.slice(0, -8)}nothing0`
        : part,
    );
  return parts.join("/") + (query ? `?${query}` : "");
}

describe("another member's record", () => {
  const cases = ROUTES.filter(namesAMembersRecord);

  it("is refused with 404 on every member route that names one", () => {
    expect(cases.length).toBeGreaterThan(20);
    expect(cases.filter((route) => route.refused !== 404).map((route) => route.route)).toEqual([]);
    // Every declared member route that names a record is one of them (none lets another member through).
    const declared = ALL_ENDPOINTS.map(([key]) => key.replace(" /", " /api/")).filter(
      (route) => route.includes("/:") && !route.includes(" /api/admin/"),
    );
    expect(declared.filter((route) => !cases.some((c) => c.route === route))).toEqual([]);
  });

  it.each(cases)("$route answers as a missing one", async (route) => {
    const callers = route.fresh ? await makeCallers([...new Set<Caller>(["another client", ...OWNER])]) : shared;
    const [method, pattern] = route.route.split(" ");
    const prepared = route.prepare ? await route.prepare(ctx, callers) : null;
    const url = prepared?.url ?? (route.url ? await route.url(ctx, callers) : pattern);
    const call = (target: string) =>
      ctx.app.inject({
        method: method as "GET",
        url: target,
        payload: prepared?.payload ?? route.payload,
        headers: as(callers.get("another client") ?? null),
      });
    const [anothers, missing] = [await call(url), await call(withMissingIds(pattern, url))];
    expect(anothers.statusCode, anothers.body).toBe(404);
    expect(missing.statusCode, missing.body).toBe(404);
    const { requestId: _a, ...anothersBody } = anothers.json();
    const { requestId: _m, ...missingBody } = missing.json();
    expect(anothersBody).toEqual(missingBody);
  });
});

describe("a member's request that is not theirs", () => {
  it("says the spec's 'You do not have permission to view this request', as a missing one does; staff read 'Request not found'", async () => {
    const url = await onOwnersRequest()(ctx, shared);
    const another = await ctx.app.inject({ method: "GET", url, headers: as(shared.get("another client") ?? null) });
    expect(another.statusCode).toBe(404);
    expect(another.json()).toMatchObject({ error: ERRORS.noPermission, key: "error.no_permission" });
    const missing = `/api/requests/${randomUUID()}`;
    const none = await ctx.app.inject({
      method: "GET",
      url: missing,
      headers: as(shared.get("another client") ?? null),
    });
    expect(none.json()).toMatchObject({ error: ERRORS.noPermission, code: another.json().code });
    const staff = await ctx.app.inject({ method: "GET", url: missing, headers: as(shared.get("staff") ?? null) });
    expect(staff.statusCode).toBe(404);
    expect(staff.json().error).toBe(ERRORS.requestNotFound);
  });
});
