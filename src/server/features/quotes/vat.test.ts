/**
 * The VAT a quote option's price includes (issue 30, decision 034): 23 % unless staff choose 13 %, 6 % or the
 * margin scheme; stored with the option, served with its amount (none under the margin scheme) to the member and
 * staff, said in the quote's email, and refused when it is not one of the four.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import { call } from "#tests/helpers/call";
import { inDays, option, quoteSteps } from "#tests/helpers/quote-steps";
import { as, createUser, type TestUser } from "#tests/helpers/users";
import { outbox, quoteOptions } from "../../db/schema";

let ctx: TestContext;
let staff: TestUser;
beforeAll(async () => {
  ctx = await createTestApp({ deps: { startWorkers: false } });
  staff = await createUser(ctx, { role: "staff" });
});
afterAll(() => ctx.close());

const { sourcingRequest, sent, requestQuotes } = quoteSteps(
  () => ctx,
  () => staff,
);

type ServedOption = { title: string; vatRate: string; vatCents: number | null };
const optionsOf = async (user: TestUser, requestId: string): Promise<ServedOption[]> =>
  (await requestQuotes(user, requestId)).quotes[0].options;

async function quoteMail(email: string) {
  const [mail] = await ctx.database.db
    .select()
    .from(outbox)
    .where(sql`${outbox.payload}->>'reason' = 'quote_sent' and ${outbox.payload}->>'to' = ${email}`);
  return String(mail.payload.text);
}

describe("VAT per quote option", () => {
  it("is 23 % when staff choose none, with the VAT the price includes", async () => {
    const { member, id } = await sourcingRequest();
    await sent(id, [option("Kelly 28, Gold", 2_500_000)]);
    const [served] = await optionsOf(member, id);
    // €25,000 incl. 23 %: 2 500 000 × 23 / 123 = 467 479.67… → €4,674.80
    expect(served).toMatchObject({ vatRate: "23", vatCents: 467_480 });
    expect(await quoteMail(member.email)).toContain("Option 1: Kelly 28, Gold · €25,000 · incl. VAT 23 % (€4,674.80)");
  });

  it("stores and serves the rate staff chose for each option, to the member and to staff", async () => {
    const { member, id } = await sourcingRequest();
    await sent(id, [
      option("Book, first edition", 10_600, { vatRate: "6" }),
      option("Restaurant voucher", 11_300, { vatRate: "13" }),
      option("Vintage Rolex Daytona", 9_500_000, { vatRate: "margin" }),
    ]);
    const expected = [
      { vatRate: "6", vatCents: 600 },
      { vatRate: "13", vatCents: 1_300 },
      { vatRate: "margin", vatCents: null },
    ];
    expect(await optionsOf(member, id)).toMatchObject(expected);
    expect(await optionsOf(staff, id)).toMatchObject(expected);
    const rows = await ctx.database.db
      .select({ vatRate: quoteOptions.vatRate })
      .from(quoteOptions)
      .where(sql`${quoteOptions.quoteId} = ${(await requestQuotes(member, id)).quotes[0].id}`)
      .orderBy(quoteOptions.position);
    expect(rows.map((r) => r.vatRate)).toEqual(["6", "13", "margin"]);
    const mail = await quoteMail(member.email);
    expect(mail).toContain("Option 1: Book, first edition · €106 · incl. VAT 6 % (€6)");
    expect(mail).toContain("Option 2: Restaurant voucher · €113 · incl. VAT 13 % (€13)");
    expect(mail).toContain("Option 3: Vintage Rolex Daytona · €95,000 · Margin scheme — VAT not shown separately");
    // The member's data export says which VAT each price included.
    const exported = (await call(ctx, "GET /account/export", {}, as(member))).json();
    expect(exported.quotes[0].options.map((o: { vatRate: string }) => o.vatRate)).toEqual(["6", "13", "margin"]);
  });

  it("changes with the draft it belongs to", async () => {
    const { id } = await sourcingRequest();
    const drafted = await call(
      ctx,
      "POST /admin/requests/:id/quotes",
      {
        params: { id },
        body: {
          options: [option("Kelly 28", 100_000, { vatRate: "margin" })],
          validUntil: inDays(10),
        },
      },
      as(staff),
    );
    expect(drafted.statusCode, drafted.body).toBe(201);
    const quoteId = drafted.json().id;
    expect((await optionsOf(staff, id))[0]).toMatchObject({ vatRate: "margin", vatCents: null });
    const updated = await call(
      ctx,
      "PUT /admin/requests/:id/quotes/:quoteId",
      {
        params: { id, quoteId },
        body: {
          options: [option("Kelly 28", 100_000, { vatRate: "13" })],
          validUntil: inDays(10),
        },
      },
      as(staff),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await optionsOf(staff, id))[0]).toMatchObject({ vatRate: "13", vatCents: 11_504 });
  });

  it("refuses a rate that is not one of the four, with its key", async () => {
    const { id } = await sourcingRequest();
    for (const vatRate of ["21", 23, "", "MARGIN", null]) {
      const res = await call(
        ctx,
        "POST /admin/requests/:id/quotes",
        {
          params: { id },
          body: {
            options: [option("Kelly 28", 100_000, { vatRate })],
            validUntil: inDays(10),
          },
        },
        as(staff),
      );
      expect(res.statusCode, String(vatRate)).toBe(400);
      expect(res.json()).toMatchObject({
        key: "quotes.vat_rate_invalid",
        error: "Choose the VAT the price includes: 23 %, 13 %, 6 % or the margin scheme",
      });
    }
    expect((await requestQuotes(staff, id)).quotes).toEqual([]);
  });

  it("is said in the member's language in the quote's email", async () => {
    const { member, id } = await sourcingRequest("Rolex Daytona");
    await call(ctx, "PUT /profile/language", { body: { language: "pt-PT" } }, as(member));
    await sent(id, [option("Daytona", 2_500_000), option("Daytona, vintage", 9_500_000, { vatRate: "margin" })]);
    const mail = await quoteMail(member.email);
    expect(mail).toContain("IVA incluído à taxa de 23 %");
    expect(mail).toContain("Regime da margem — IVA não discriminado");
  });
});
