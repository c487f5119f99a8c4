/**
 * Notifications kept as keys with their values (issue 34 item 4, decision 045): written once, read in the
 * language of whoever reads them, when they read them, with that language's dates and amounts. Rows from before
 * (no keys) read as they were written.
 */
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call } from "#tests/helpers/call";
import { inDays, option } from "#tests/helpers/quote-steps";
import { createRequest } from "#tests/helpers/requests";
import { staffTestApp } from "#tests/helpers/staff-app";
import { as, createUser, type TestUser } from "#tests/helpers/users";
import { formatLongDate } from "@/shared/format";
import { notifications } from "../../db/schema";
import { recordTexts, sayStored } from "./stored-texts";

const app = staffTestApp();

/** A gold member's request in Sourcing, and a quote sent on it (valid for 10 days). */
async function quoted(name: string) {
  const member = await createUser(app.ctx, { plan: "gold", name });
  const id = await createRequest(app.ctx, member, { title: "Hermès Kelly 28" });
  const staff = as(app.staff);
  await call(app.ctx, "POST /admin/requests/:id/status", { params: { id }, body: { status: "Sourcing" } }, staff);
  const drafted = await call(
    app.ctx,
    "POST /admin/requests/:id/quotes",
    { params: { id }, body: { options: [option("Kelly 28, Gold", 2_500_000)], validUntil: inDays(10), message: "" } },
    staff,
  );
  const quoteId = drafted.json().id as string;
  const sent = await call(app.ctx, "POST /admin/requests/:id/quotes/:quoteId/send", { params: { id, quoteId } }, staff);
  expect(sent.statusCode, sent.body).toBe(200);
  return { member, id, quoteId };
}

/** The reader's notifications of a type about a request, as GET /notifications answers them. */
async function read(user: TestUser, type: string, requestId: string, headers: Record<string, string> = {}) {
  const res = await app.ctx.app.inject({
    method: "GET",
    url: `/api/notifications?type=${type}`,
    headers: { ...headers, cookie: [user.cookie, headers.cookie].filter(Boolean).join("; ") },
  });
  expect(res.statusCode, res.body).toBe(200);
  const links = (res.json().items as Array<{ title: string; body: string; link: string | null }>).filter((item) =>
    item.link?.includes(requestId),
  );
  expect(links.length).toBeGreaterThan(0);
  return links[0];
}

const setLanguage = (user: TestUser, language: "en" | "pt-PT") =>
  call(app.ctx, "PUT /profile/language", { body: { language } }, as(user));

describe("notifications kept as keys with their values", () => {
  it("a notice written for staff in English reads in Portuguese for a Portuguese staff member", async () => {
    await setLanguage(app.staff, "en");
    const { member, id, quoteId } = await quoted("Beatriz Lobo");
    const declined = await call(
      app.ctx,
      "POST /requests/:id/quotes/:quoteId/decline",
      { params: { id, quoteId }, body: {} },
      as(member),
    );
    expect(declined.statusCode, declined.body).toBe(200);

    // Written while the staff member read English: its text as written, and its keys.
    const [row] = await app.ctx.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, app.staff.id),
          eq(notifications.type, "quote_declined"),
          eq(notifications.requestId, id),
        ),
      );
    expect(row.body).toBe("Beatriz Lobo declined the quote.");
    expect(row.message).toMatchObject({
      title: { k: "notice.quote_declined.title", v: { title: "Hermès Kelly 28" } },
      body: { k: "notice.quote_declined.body", v: { name: "Beatriz Lobo" } },
    });

    // Now in Portuguese: the same notification, in Portuguese.
    await setLanguage(app.staff, "pt-PT");
    try {
      expect(await read(app.staff, "quote_declined", id)).toMatchObject({
        title: "Orçamento recusado: Hermès Kelly 28",
        body: "Beatriz Lobo recusou o orçamento.",
      });
      // The interface's language (the cookie the switch sets at once) decides before the profile catches up.
      expect(await read(app.staff, "quote_declined", id, { cookie: "lang=en" })).toMatchObject({
        title: "Quote declined: Hermès Kelly 28",
        body: "Beatriz Lobo declined the quote.",
      });
    } finally {
      await setLanguage(app.staff, "en");
    }
  });

  it("says a member's dates and amounts as the reader's language writes them", async () => {
    const { member, id } = await quoted("Ana Sousa");
    const until = inDays(10);
    const english = await read(member, "quote_sent", id);
    expect(english.body).toBe(`One option, valid until ${formatLongDate(until, "en")}`);
    expect(english.body).toMatch(/until \d{1,2} [A-Z][a-z]{2} \d{4}$/);
    const portuguese = await read(member, "quote_sent", id, { cookie: "lang=pt-PT" });
    expect(portuguese.body).toBe(`Uma opção, válido até ${formatLongDate(until, "pt-PT")}`);
    expect(portuguese.body).toMatch(/até \d{1,2} [a-z]{3}\. \d{4}$/);
  });

  it("a burst of messages says how many in the reader's language; a row from before reads as written", async () => {
    const member = await createUser(app.ctx, { plan: "gold", name: "Rui Matos" });
    const id = await createRequest(app.ctx, member, { title: "Porsche 911 S/T" });
    for (const body of ["First", "Second", "Third"]) {
      const sent = await call(app.ctx, "POST /requests/:id/messages", { params: { id }, body: { body } }, as(member));
      expect(sent.statusCode, sent.body).toBe(201);
    }
    const burst = await read(app.staff, "message_received", id, { cookie: "lang=pt-PT" });
    expect(burst.title).toBe("3 novas mensagens de Rui Matos sobre: Porsche 911 S/T");
    expect(burst.body).toBe("Rui Matos: Third");

    // A row written before keys were kept (no `message`) reads as it was written.
    const [latest] = await app.ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, app.staff.id), eq(notifications.requestId, id)))
      .orderBy(desc(notifications.createdAt))
      .limit(1);
    await app.ctx.database.db.update(notifications).set({ message: null }).where(eq(notifications.id, latest.id));
    const old = await read(app.staff, "message_received", id, { cookie: "lang=pt-PT" });
    expect(old.title).toBe(latest.title);
  });
});

describe("recording a notice's texts", () => {
  it("keeps literal words (a member's message) apart from keys, amounts and dates", () => {
    const stored = recordTexts({
      texts: ({ t, euro, date }) => ({
        title: t(
          { id: "test.stored_texts.title", message: "{amount} by {date}" },
          { amount: euro(1250), date: date("2026-11-27", "long") },
        ),
        body: `Ana: {status} ${t({ id: "test.stored_texts.status", message: "Sourcing" })}`,
        email: { reason: "test", subject: "", heading: "", paragraphs: [], actionLabel: "" },
      }),
    });
    expect(stored).not.toBeNull();
    expect(sayStored(stored!.title, "en")).toBe("€1,250 by 27 Nov 2026");
    expect(sayStored(stored!.title, "pt-PT")).toBe("1250\u00a0€ by 27 nov. 2026");
    expect(sayStored(stored!.body, "en")).toBe("Ana: {status} Sourcing");
  });

  it("keeps no keys when a translated text was cut after translating, or a person's words hold the marks' characters", () => {
    const email = { reason: "test", subject: "", heading: "", paragraphs: [], actionLabel: "" };
    const status = { id: "test.stored_texts.status", message: "Sourcing" };
    expect(recordTexts({ texts: ({ t }) => ({ title: t(status).slice(0, 5), body: "", email }) })).toBeNull();
    expect(recordTexts({ texts: ({ t }) => ({ title: t(status), body: "Ana: \uE000x:0\uE001", email }) })).toBeNull();
  });
});
