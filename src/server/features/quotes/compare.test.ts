/**
 * Quotes made to be compared (issue 34 item 2), the server's part: each side reads the member's stated budget
 * beside the options, and a message may ask about one option of the request's sent quotes — never a draft's,
 * never another request's — which both sides then see named in the thread.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call } from "#tests/helpers/call";
import { inDays, option, quotesTestApp } from "#tests/helpers/quote-steps";
import { as } from "#tests/helpers/users";
import { QUOTE_MESSAGES } from "@/shared/contracts/quotes-texts";
import { messages } from "../../db/schema";

const steps = quotesTestApp();
const options = [option("Kelly 28, Gold", 2_500_000), option("Kelly 28, Etoupe", 3_250_000)];

async function threadOf(user: Parameters<typeof as>[0], id: string) {
  const res = await call(steps.ctx, "GET /requests/:id/messages", { params: { id } }, as(user));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().messages;
}

describe("quotes to compare", () => {
  it("gives both sides the member's budget in cents (€25,000 stated)", async () => {
    const { member, id } = await steps.sourcingRequest();
    await steps.sent(id, options);
    expect((await steps.requestQuotes(member, id)).budgetCents).toBe(2_500_000);
    expect((await steps.requestQuotes(steps.staff, id)).budgetCents).toBe(2_500_000);
  });

  it("names the option a message asks about, to the member and to staff", async () => {
    const { member, id } = await steps.sourcingRequest();
    const quoteId = await steps.sent(id, options);
    const [, second] = await steps.optionIds(member, id, quoteId);
    const asked = await call(
      steps.ctx,
      "POST /requests/:id/messages",
      { params: { id }, body: { body: "Is the Etoupe one new or pre-owned?", aboutOptionId: second } },
      as(member),
    );
    expect(asked.statusCode, asked.body).toBe(201);
    const about = { optionId: second, number: 2, title: "Kelly 28, Etoupe" };
    for (const reader of [member, steps.staff]) {
      const [message] = await threadOf(reader, id);
      expect(message.about).toEqual(about);
    }
    // A message without one names none.
    await call(steps.ctx, "POST /requests/:id/messages", { params: { id }, body: { body: "Thank you" } }, as(member));
    expect((await threadOf(member, id))[1].about).toBeNull();
  });

  it("refuses a draft's option, another request's, and one that is not an id, writing nothing", async () => {
    const { member, id } = await steps.sourcingRequest();
    const other = await steps.sourcingRequest("Patek Philippe 5711");
    const otherQuote = await steps.sent(other.id, options);
    const [othersOption] = await steps.optionIds(other.member, other.id, otherQuote);
    const drafted = await call(
      steps.ctx,
      "POST /admin/requests/:id/quotes",
      { params: { id }, body: { options, validUntil: inDays(10), message: "" } },
      as(steps.staff),
    );
    expect(drafted.statusCode, drafted.body).toBe(201);
    const staffView = await steps.requestQuotes(steps.staff, id);
    const draftsOption = staffView.quotes[0].options[0].id;
    for (const aboutOptionId of [draftsOption, othersOption]) {
      const res = await call(
        steps.ctx,
        "POST /requests/:id/messages",
        { params: { id }, body: { body: "About this one", aboutOptionId } },
        as(member),
      );
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error).toBe(QUOTE_MESSAGES.optionNotFound);
    }
    const malformed = await call(
      steps.ctx,
      "POST /requests/:id/messages",
      { params: { id }, body: { body: "About this one", aboutOptionId: "option-2" } },
      as(member),
    );
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe(QUOTE_MESSAGES.optionNotFound);
    const written = await steps.ctx.database.db.select().from(messages).where(eq(messages.requestId, id));
    expect(written).toEqual([]);
  });
});
