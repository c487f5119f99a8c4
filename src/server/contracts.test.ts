/**
 * Answers are shaped by their contract: whatever a service returns beyond the route's response schema (a column
 * added to a query, an internal field) never reaches the client.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import { call } from "#tests/helpers/call";
import { as, createUser } from "#tests/helpers/users";
import { requests } from "./db/schema";

vi.mock("./features/requests/service", async (importOriginal) => {
  const original = await importOriginal<typeof import("./features/requests/service")>();
  return {
    ...original,
    // As if someone selected whole rows: the owner's id and internal fields come along.
    async dashboardOf(...args: Parameters<typeof original.dashboardOf>) {
      const result = await original.dashboardOf(...args);
      return {
        ...result,
        internalNote: "not for members",
        recent: result.recent.map((r) => ({ ...r, userId: "someone", fileUrl: "uploads/secret.pdf" })),
      };
    },
  };
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ deps: { startWorkers: false } });
});
afterAll(() => ctx.close());

describe("response contracts", () => {
  it("strips fields a service returns beyond the route's contract", async () => {
    const member = await createUser(ctx, { plan: "silver" });
    await ctx.database.db.insert(requests).values({
      userId: member.id,
      title: "A watch",
      category: "Fashion",
      budgetEur: 1000,
      phoneNumber: "+351912345678",
    });
    const res = await call(ctx, "GET /dashboard", {}, as(member));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).not.toHaveProperty("internalNote");
    expect(body.recent).toHaveLength(1);
    expect(Object.keys(body.recent[0]).sort()).toEqual(
      ["budgetEur", "category", "createdAt", "id", "status", "title", "urgency"].sort(),
    );
    expect(res.body).not.toContain("uploads/secret.pdf");
  });
});
