/**
 * The admin's QA tools (issue 13): seed demo data, create a fake request for a client, send a test
 * notification, and remove everything seeded. Refused entirely on a public deployment (config.qaToolsEnabled).
 * Seeded users are listed in demo_users and seeded requests marked `seeded`, so one button removes them all.
 * Demo clients have no password: they exist to be looked at, not signed in as.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { and, count, desc, eq, inArray, notExists, sql } from "drizzle-orm";
import type { Served } from "@/shared/contracts/common";
import { QA_NO_CLIENT, QA_NO_REQUEST, type qaSeedResultSchema } from "@/shared/contracts/qa";
import { monthlyRequestLimit, PLANS, type Plan } from "@/shared/plans";
import type { RequestCategory, RequestStatus, Urgency } from "@/shared/requests";
import type { NewRequest } from "@/shared/schemas";
import { type Viewer, viewerOfUser } from "../../auth/viewer";
import type { AppContext } from "../../context";
import type { Queryable } from "../../db";
import {
  activityLogs,
  demoUsers,
  executiveConciergeMessages,
  messages,
  notificationPreferences,
  profiles,
  requests,
  requestUses,
  salesInquiries,
  subscriptions,
  userRoles,
  users,
} from "../../db/schema";
import { conflict } from "../../http/errors";
import { notify } from "../../notifications/notify";
import { publish } from "../../realtime/events";

type QaContext = Pick<AppContext, "db" | "config" | "mailEnabled">;

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

const PATH: Record<RequestStatus, RequestStatus[]> = {
  New: [],
  Sourcing: ["Sourcing"],
  Quoted: ["Sourcing", "Quoted"],
  Found: ["Sourcing", "Quoted", "Found"],
  Delivered: ["Sourcing", "Quoted", "Found", "Delivered"],
  Failed: ["Sourcing", "Failed"],
};

const HOUR = 3_600_000;
/** The plans whose members may create requests. */
const REQUEST_PLANS = PLANS.filter((plan) => monthlyRequestLimit({ plan, status: "active" }) !== 0);

/** How much seeded data exists now. */
export async function qaStatus(ctx: QaContext) {
  const [[clients], [seededRequests]] = await Promise.all([
    ctx.db.select({ n: count() }).from(demoUsers),
    ctx.db.select({ n: count() }).from(requests).where(eq(requests.seeded, true)),
  ]);
  return { seeded: { clients: Number(clients.n), requests: Number(seededRequests.n) } };
}

async function insertClient(tx: Queryable, client: (typeof CLIENTS)[number], suffix: string, since: Date) {
  const id = randomUUID();
  const email = `${client.name.split(" ")[0].normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()}.${suffix}@demo.maison.example`;
  await tx.insert(users).values({ id, name: client.name, email, emailVerified: true, createdAt: since });
  await tx.insert(profiles).values({ id, email, name: client.name, phone: client.phone, createdAt: since });
  await tx.insert(userRoles).values({ userId: id, role: "client" });
  await tx.insert(notificationPreferences).values({ userId: id });
  await tx.insert(subscriptions).values({ userId: id, plan: client.plan, status: "active" });
  await tx.insert(demoUsers).values({ userId: id });
  return { id, ...client };
}

/**
 * Seeds clients with each plan, requests across categories and statuses (with their activity and threads,
 * replied by the staff member seeding), a sales inquiry and a concierge conversation. No email is sent.
 */
export async function seedDemoData(
  ctx: QaContext,
  staff: Viewer,
  now = new Date(),
): Promise<Served<typeof qaSeedResultSchema>> {
  return ctx.db.transaction(async (tx) => {
    const suffix = randomBytes(3).toString("hex");
    const clients = [];
    for (const client of CLIENTS) {
      clients.push(await insertClient(tx, client, suffix, new Date(now.getTime() - 120 * 24 * HOUR)));
    }
    const members = clients.filter((c) => c.plan !== "free");
    let messageCount = 0;
    for (const [i, [title, category, budget, urgency, status, daysAgo, replyHours]] of REQUESTS.entries()) {
      const owner = members[i % members.length];
      const createdAt = new Date(now.getTime() - daysAgo * 24 * HOUR - (i + 1) * 37 * 60_000);
      const [row] = await tx
        .insert(requests)
        .values({
          userId: owner.id,
          title,
          category,
          budgetEur: budget,
          urgency,
          notes: `Demo request. ${owner.name} would like this sourced discreetly.`,
          phoneNumber: owner.phone,
          status,
          seeded: true,
          createdAt,
        })
        .returning({ id: requests.id });
      await tx.insert(requestUses).values({ userId: owner.id, requestId: row.id, createdAt });
      const at = (hours: number) => new Date(Math.min(now.getTime(), createdAt.getTime() + hours * HOUR));
      await tx.insert(activityLogs).values({ requestId: row.id, actorUserId: owner.id, action: "created", createdAt });
      let from: RequestStatus = "New";
      for (const [step, to] of PATH[status].entries()) {
        await tx.insert(activityLogs).values({
          requestId: row.id,
          actorUserId: staff.userId,
          action: "status_changed",
          details: { from, to },
          createdAt: at((replyHours ?? 1) + step + 0.25),
        });
        from = to;
      }
      const thread = [
        { senderUserId: owner.id, body: `Hello, any news on the ${title}?`, createdAt: at(0.1) },
        ...(replyHours === null
          ? []
          : [
              {
                senderUserId: staff.userId,
                body: "Good afternoon. We are on it and will come back to you shortly with options.",
                createdAt: at(replyHours),
              },
            ]),
      ];
      await tx.insert(messages).values(thread.map((m) => ({ requestId: row.id, ...m })));
      messageCount += thread.length;
    }
    const gold = clients.find((c) => c.plan === "gold") ?? members[0];
    await tx.insert(salesInquiries).values({
      userId: gold.id,
      subject: "Corporate membership for our partners",
      message: "We would like to offer Gold memberships to six partners. Could we discuss terms?",
    });
    const black = clients.find((c) => c.plan === "black") ?? members[0];
    const concierge = [
      {
        senderRole: "user" as const,
        senderUserId: black.id,
        message: "Could you arrange a table at Belcanto on Friday?",
      },
      { senderRole: "admin" as const, senderUserId: staff.userId, message: "Of course. For how many guests?" },
      { senderRole: "user" as const, senderUserId: black.id, message: "Four, at 20:30 if possible." },
    ];
    await tx.insert(executiveConciergeMessages).values(
      concierge.map((m, i) => ({
        userId: black.id,
        ...m,
        read: m.senderRole === "admin",
        createdAt: new Date(now.getTime() - (concierge.length - i) * 20 * 60_000),
      })),
    );
    for (const topic of ["requests", "messages", "concierge", "sales"] as const) {
      await publish(tx, { topic, audience: "staff" });
    }
    return {
      clients: clients.length,
      requests: REQUESTS.length,
      messages: messageCount,
      inquiries: 1,
      conciergeMessages: concierge.length,
    };
  });
}

/** Removes every seeded client (and all that is theirs) and every seeded request. */
export async function removeDemoData(ctx: QaContext) {
  return ctx.db.transaction(async (tx) => {
    // Seeded requests were never real: they stop counting towards their member's month.
    await tx
      .delete(requestUses)
      .where(
        inArray(requestUses.requestId, tx.select({ id: requests.id }).from(requests).where(eq(requests.seeded, true))),
      );
    const seededRequests = await tx.delete(requests).where(eq(requests.seeded, true)).returning({ id: requests.id });
    const seededUsers = await tx
      .delete(users)
      .where(inArray(users.id, tx.select({ id: demoUsers.userId }).from(demoUsers)))
      .returning({ id: users.id });
    for (const topic of ["requests", "messages", "concierge", "sales"] as const) {
      await publish(tx, { topic, audience: "staff" });
    }
    return { clients: seededUsers.length, requests: seededRequests.length };
  });
}

const FAKE_TITLES: Array<[string, RequestCategory, number]> = [
  ["Rolex Daytona 116500LN, white dial", "Fashion", 32_000],
  ["Aston Martin DB5, Silver Birch", "Autos", 950_000],
  ["Townhouse in Chiado", "Real Estate", 2_100_000],
  ["Private viewing at the Gulbenkian", "Experiences", 12_000],
];

/** Creates a request in a member's name under the member's own rules (the requests feature's, composed in app.ts). */
export type CreateRequestAs = (
  member: Viewer,
  input: NewRequest,
  options: { seeded: boolean },
) => Promise<{ id: string; remainingThisMonth: number | null }>;

export const qaLimitReached = (name: string) =>
  `${name} has reached their monthly request limit. Please choose another client or wait until next month.`;

/**
 * A fake request for the newest client whose membership lets them create requests, made through the same path
 * as a real one: the plan, the monthly limit (it counts towards it), activity, notifications and events.
 */
export async function createFakeRequest(ctx: QaContext, createRequestAs: CreateRequestAs) {
  const [client] = await ctx.db
    .select({ id: users.id, name: sql<string>`coalesce(${profiles.name}, ${users.name})`, phone: profiles.phone })
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
  if (!member) throw conflict(QA_NO_CLIENT, "no_client");
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
    const { id } = await createRequestAs(member, input, { seeded: true });
    return { id, title: input.title, client: client.name };
  } catch (error) {
    if ((error as { code?: string }).code === "monthly_limit")
      throw conflict(qaLimitReached(client.name), "monthly_limit");
    throw error;
  }
}

/** A test notification about the newest request, to the staff member asking, by their channels. */
export async function sendTestNotification(ctx: QaContext, staff: Viewer) {
  return ctx.db.transaction(async (tx) => {
    const [request] = await tx
      .select({ id: requests.id, title: requests.title })
      .from(requests)
      .orderBy(desc(requests.createdAt))
      .limit(1);
    if (!request) throw conflict(QA_NO_REQUEST, "no_request");
    const { ids } = await notify(tx, ctx, {
      type: "test",
      to: staff.userId,
      title: "Test notification",
      body: `About: ${request.title}`,
      requestId: request.id,
      link: `/admin/requests/${request.id}`,
      email: {
        reason: "test",
        subject: "Test notification",
        heading: "Test notification",
        paragraphs: [`This is a test notification from the QA tools, about the request "${request.title}".`],
        actionLabel: "Open the request",
      },
    });
    return { id: ids[0], requestId: request.id };
  });
}
