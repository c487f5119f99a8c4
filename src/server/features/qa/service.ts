/**
 * The admin's QA tools (issue 13): seed demo data, create a fake request for a client, send a test
 * notification, and remove everything seeded. Refused entirely on a public deployment (config.qaToolsEnabled).
 * Seeded users are listed in demo_users and seeded requests marked `seeded`, so one button removes them all.
 * Demo clients have no password: they exist to be looked at, not signed in as.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { and, count, desc, eq, inArray, notExists, sql } from "drizzle-orm";
import type { Served } from "@/shared/contracts/common";
import type { qaSeedResultSchema } from "@/shared/contracts/qa";
import { QA_ERROR_TEXTS, QA_ERRORS } from "@/shared/contracts/qa-texts";
import { monthlyRequestLimit, PLANS, type Plan } from "@/shared/plans";
import type { RequestCategory, RequestStatus, Urgency } from "@/shared/requests";
import type { NewRequest } from "@/shared/schemas";
import { fill, withValues } from "@/shared/texts";
import { type Viewer, viewerOfUser } from "../../auth/viewer";
import type { AppContext } from "../../context";
import { displayName } from "../../db/people";
import { demoUsers, profiles, subscriptions, userRoles, users } from "../../db/schema";
import { conflict } from "../../http/errors";
import { MAIL_TEXTS } from "../../mail/texts";
import type { TestProvider } from "../../payments/test-provider";
import type { AccountQaPort } from "../account/port";
import type { ConciergeQaPort } from "../concierge/port";
import type { QuotesQaPort } from "../quotes/port";
import type { RequestsQaPort } from "../requests/port";
import type { SalesQaPort } from "../sales/port";

import { QA_TEXTS } from "./texts";

/**
 * What the QA tools alone may ask of the domains (each owner's `…QaPort`, given by app.ts to this feature only):
 * production ports carry no QA methods.
 */
export interface QaPorts {
  account: AccountQaPort;
  concierge: ConciergeQaPort;
  quotes: QuotesQaPort;
  requests: RequestsQaPort;
  sales: SalesQaPort;
}

/**
 * The QA tools write only their own table (demo_users): everything else goes through its domain's port, the
 * production ones (`domains`) or the QA ones (`qa`).
 */
export type QaContext = Pick<AppContext, "db" | "config" | "mailEnabled" | "write" | "domains"> & { qa: QaPorts };

const CLIENTS: Array<{ name: string; plan: Plan; phone: string }> = [
  { name: "Inês Carvalho", plan: "black", phone: "+351912000101" },
  { name: "Tomás Ribeiro", plan: "gold", phone: "+351912000102" },
  { name: "Beatriz Almeida", plan: "silver", phone: "+351912000103" },
  { name: "Duarte Mendes", plan: "silver", phone: "+351912000104" },
  { name: "Leonor Sousa", plan: "free", phone: "+351912000105" },
];

/** [title, category, budget, urgency, status, days ago, hours to the first reply (null: none yet)] */
const REQUESTS: Array<[string, RequestCategory, number, Urgency, RequestStatus, number, number | null]> = [
  ["Hermès Birkin 30 in Gold Togo", "Fashion", 28_000, "High", "New", 0, null],
  ["Patek Philippe Nautilus 5811/1G", "Fashion", 145_000, "High", "Sourcing", 2, 1.5],
  ["Vintage Chanel 2.55, 1990s", "Fashion", 9_500, "Medium", "Quoted", 9, 4],
  ["Ferrari 250 GT Lusso restoration partner", "Autos", 1_800_000, "Low", "Sourcing", 16, 20],
  ["Porsche 911 S/T in Shade Green", "Autos", 420_000, "Medium", "New", 1, null],
  ["Mercedes-Benz 300 SL Roadster", "Autos", 1_250_000, "Medium", "Found", 40, 6],
  ["Sea-view villa in Comporta", "Real Estate", 4_500_000, "Medium", "Sourcing", 5, 2],
  ["Lisbon penthouse, Príncipe Real", "Real Estate", 3_200_000, "Low", "Quoted", 24, 9],
  ["Quinta in the Douro with vineyard", "Real Estate", 6_000_000, "Low", "Failed", 60, 30],
  ["Private dinner at the Palácio da Pena", "Experiences", 35_000, "High", "New", 0, null],
  ["Monaco Grand Prix paddock passes", "Experiences", 48_000, "High", "Delivered", 70, 0.5],
  ["Antarctic expedition for four", "Experiences", 160_000, "Medium", "Sourcing", 12, 3],
  ["Cartier Panthère tiara, archive piece", "Fashion", 380_000, "Low", "New", 3, null],
  ["Riva Aquarama, restored", "Other", 900_000, "Medium", "Quoted", 33, 12],
  ["First edition of Os Lusíadas", "Other", 250_000, "Low", "Sourcing", 50, 48],
  ["Azulejo panel from a Lisbon palace", "Other", 75_000, "Medium", "New", 6, null],
];

const HOUR = 3_600_000;
/** The plans whose members may create requests. */
const REQUEST_PLANS = PLANS.filter((plan) => monthlyRequestLimit({ plan, status: "active" }) !== 0);

/** How much seeded data exists now. */
export async function qaStatus(ctx: QaContext) {
  const [[clients], seededRequests] = await Promise.all([
    ctx.db.select({ n: count() }).from(demoUsers),
    ctx.qa.requests.countSeeded(ctx.db),
  ]);
  return { seeded: { clients: Number(clients.n), requests: seededRequests } };
}

/**
 * Seeds clients with each plan, requests across categories and statuses (with their activity and threads,
 * replied by the staff member seeding), a sales inquiry and a concierge conversation, each through its domain.
 * No email is sent.
 */
export async function seedDemoData(
  ctx: QaContext,
  staff: Viewer,
  now = new Date(),
): Promise<Served<typeof qaSeedResultSchema>> {
  const { billing, notifications } = ctx.domains;
  const { account, concierge, requests, sales } = ctx.qa;
  return ctx.write(async (tx, out) => {
    const suffix = randomBytes(3).toString("hex");
    const since = new Date(now.getTime() - 120 * 24 * HOUR);
    const clients = [];
    for (const client of CLIENTS) {
      const id = randomUUID();
      const first = client.name.split(" ")[0].normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
      await account.createClient(tx, {
        id,
        ...client,
        email: `${first}.${suffix}@demo.maison.example`,
        createdAt: since,
      });
      await notifications.createPreferences(tx, id);
      await billing.grant(tx, id, client.plan);
      await tx.insert(demoUsers).values({ userId: id });
      clients.push({ id, ...client });
    }
    const members = clients.filter((c) => c.plan !== "free");
    let messageCount = 0;
    for (const [i, [title, category, budget, urgency, status, daysAgo, replyHours]] of REQUESTS.entries()) {
      const owner = members[i % members.length];
      messageCount += await requests.seed(tx, {
        owner,
        staffId: staff.userId,
        title,
        category,
        budgetEur: budget,
        urgency,
        status,
        createdAt: new Date(now.getTime() - daysAgo * 24 * HOUR - (i + 1) * 37 * 60_000),
        replyHours,
        now,
      });
    }
    const gold = clients.find((c) => c.plan === "gold") ?? members[0];
    await sales.seed(tx, {
      userId: gold.id,
      subject: "Corporate membership for our partners",
      message: "We would like to offer Gold memberships to six partners. Could we discuss terms?",
    });
    const black = clients.find((c) => c.plan === "black") ?? members[0];
    const conversation = [
      {
        senderRole: "user" as const,
        senderUserId: black.id,
        message: "Could you arrange a table at Belcanto on Friday?",
      },
      { senderRole: "admin" as const, senderUserId: staff.userId, message: "Of course. For how many guests?" },
      { senderRole: "user" as const, senderUserId: black.id, message: "Four, at 20:30 if possible." },
    ];
    await concierge.seed(
      tx,
      black.id,
      conversation.map((m, i) => ({
        ...m,
        read: m.senderRole === "admin",
        createdAt: new Date(now.getTime() - (conversation.length - i) * 20 * 60_000),
      })),
    );
    for (const topic of ["requests", "messages", "concierge", "sales"] as const)
      out.publish({ topic, audience: "staff" });
    return {
      clients: clients.length,
      requests: REQUESTS.length,
      messages: messageCount,
      inquiries: 1,
      conciergeMessages: conversation.length,
    };
  });
}

/** Removes every seeded client (and all that is theirs) and every seeded request. */
export async function removeDemoData(ctx: QaContext) {
  return ctx.write(async (tx, out) => {
    const seededRequests = await ctx.qa.requests.removeSeeded(tx);
    const ids = (await tx.select({ id: demoUsers.userId }).from(demoUsers)).map((d) => d.id);
    const seededUsers = await ctx.qa.account.deleteUsers(tx, ids);
    for (const topic of ["requests", "messages", "concierge", "sales"] as const)
      out.publish({ topic, audience: "staff" });
    return { clients: seededUsers, requests: seededRequests };
  });
}

const FAKE_TITLES: Array<[string, RequestCategory, number]> = [
  ["Rolex Daytona 116500LN, white dial", "Fashion", 32_000],
  ["Aston Martin DB5, Silver Birch", "Autos", 950_000],
  ["Townhouse in Chiado", "Real Estate", 2_100_000],
  ["Private viewing at the Gulbenkian", "Experiences", 12_000],
];

/** A client's monthly limit is reached: the keyed text, and its English. */
export const qaLimitReachedText = (name: string) => withValues(QA_ERROR_TEXTS.qaLimitReached, { name });
export const qaLimitReached = (name: string) => fill(QA_ERROR_TEXTS.qaLimitReached.message, { name });

/**
 * A fake request for the newest client whose membership lets them create requests, made through the same path
 * as a real one: the plan, the monthly limit (it counts towards it), activity, notifications and events.
 */
export async function createFakeRequest(ctx: QaContext) {
  const [client] = await ctx.db
    .select({ id: users.id, name: displayName(), phone: profiles.phone })
    .from(users)
    .innerJoin(subscriptions, eq(subscriptions.userId, users.id))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(
      and(
        eq(subscriptions.status, "active"),
        inArray(subscriptions.plan, REQUEST_PLANS),
        notExists(
          ctx.db
            .select({ one: sql`1` })
            .from(userRoles)
            .where(and(eq(userRoles.userId, users.id), inArray(userRoles.role, ["staff", "admin"]))),
        ),
      ),
    )
    .orderBy(desc(users.createdAt))
    .limit(1);
  const member = client && (await viewerOfUser(ctx.db, client.id));
  if (!member) throw conflict(QA_ERRORS.qaNoClient, "no_client");
  const [title, category, budget] = FAKE_TITLES[Math.floor(Math.random() * FAKE_TITLES.length)];
  const input: NewRequest = {
    title: `[QA] ${title}`,
    category,
    budget_eur: budget,
    urgency: "Medium",
    notes: "Created by the QA tools.",
    phone_number: client.phone ?? "+351900000000",
  };
  try {
    const { id } = await ctx.qa.requests.createAs(member, input, { seeded: true });
    return { id, title: input.title, client: client.name };
  } catch (error) {
    if ((error as { code?: string }).code === "monthly_limit")
      throw conflict(qaLimitReachedText(client.name), "monthly_limit");
    throw error;
  }
}

/** A test notification about the newest request, to the staff member asking, by their channels. */
/** A test notification to the staff member asking, about the newest request, through the real path. */
export async function sendTestNotification(ctx: QaContext, staff: Viewer) {
  const request = await ctx.qa.requests.latest(ctx.db);
  if (!request) throw conflict(QA_ERRORS.qaNoRequest, "no_request");
  const { ids } = await ctx.write((_tx, out) =>
    out.notify({
      type: "test",
      to: staff.userId,
      requestId: request.id,
      link: `/admin/requests/${request.id}`,
      texts: ({ t }) => ({
        title: t(QA_TEXTS.title),
        body: t(QA_TEXTS.body, { title: request.title }),
        email: {
          reason: "test",
          subject: t(QA_TEXTS.title),
          heading: t(QA_TEXTS.title),
          paragraphs: [t(QA_TEXTS.text, { title: request.title })],
          actionLabel: t(MAIL_TEXTS.openRequest),
        },
      }),
    }),
  );
  return { id: ids[0], requestId: request.id };
}

/**
 * Test mode: a bank transfer reached the request's open balance invoice: `amountCents` of it, or what remains.
 * The test provider delivers it as Stripe would (invoice.updated for a part, invoice.paid when it is all paid).
 */
export async function receiveBankTransfer(
  ctx: QaContext,
  test: TestProvider,
  requestId: string,
  amountCents: number | undefined,
) {
  const invoiceId = await ctx.qa.quotes.openBalanceInvoiceOf(ctx.db, requestId);
  if (!invoiceId) throw conflict(QA_ERRORS.noOpenInvoice, "no_open_invoice");
  const invoice = (await test.receiveBankTransfer(invoiceId, amountCents)) as {
    status: string;
    amount_paid: number;
    amount_remaining: number;
  };
  return {
    status: invoice.status,
    amountPaidCents: invoice.amount_paid,
    amountRemainingCents: invoice.amount_remaining,
  };
}
