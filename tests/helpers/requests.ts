/** A member's new request, as the form sends it, for the test files that need one. */
import { expect } from "vitest";
import { requests } from "../../src/server/db/schema";
import type { NewRequestInput } from "../../src/shared/schemas";
import type { TestContext } from "./app";
import { call } from "./call";
import { as, type TestUser } from "./users";

/** The new-request form filled in (a Hermès Kelly 28, €25,000, high urgency), with `overrides`. */
export const newRequestBody = (overrides: Partial<NewRequestInput> = {}): NewRequestInput => ({
  title: "Hermès Kelly 28",
  category: "Fashion",
  budget_eur: 25000,
  urgency: "High",
  notes: "",
  phone_number: "+351912345678",
  ...overrides,
});

/** `member` sends a new request (`overrides` on `newRequestBody()`); its id. */
export async function createRequest(ctx: TestContext, member: TestUser, overrides: Partial<NewRequestInput> = {}) {
  const created = await call(ctx, "POST /requests", { body: newRequestBody(overrides) }, as(member));
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id as string;
}

/** A request of `userId`'s made directly in the database (no notice, no event): `fields` on a Kelly 28; its id. */
export async function insertRequest(
  ctx: TestContext,
  userId: string,
  fields: Partial<typeof requests.$inferInsert> = {},
) {
  const [row] = await ctx.database.db
    .insert(requests)
    .values({
      userId,
      title: "A Kelly 28",
      category: "Fashion",
      budgetEur: 9000,
      phoneNumber: "+351912345678",
      ...fields,
    })
    .returning({ id: requests.id });
  return row.id;
}
