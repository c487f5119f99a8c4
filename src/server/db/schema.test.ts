import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "#tests/helpers/database";
import type { DatabaseHandle } from ".";
import { messageReads, messages, profiles, requests, subscriptions, userRoles, users } from "./schema";

let handle: DatabaseHandle;
const userId = "user-1";

beforeAll(async () => {
  handle = await createTestDatabase();
  await handle.db.insert(users).values({ id: userId, name: "Ana", email: "ana@example.com" });
  await handle.db.insert(profiles).values({ id: userId, name: "Ana", email: "ana@example.com" });
});
afterAll(() => handle.close());

const validRequest = {
  userId,
  title: "Hermès Birkin 25",
  category: "Fashion" as const,
  budgetEur: 25000,
  phoneNumber: "+351912345678",
};

/** Runs raw SQL and returns the database's refusal, if any. */
async function refusal(query: ReturnType<typeof sql>): Promise<string | null> {
  try {
    await handle.db.execute(query);
    return null;
  } catch (error) {
    const e = error as { message: string; cause?: { message: string } };
    return e.cause?.message ?? e.message;
  }
}

describe("the schema refuses bad rows by itself", () => {
  it("refuses an unknown status, category, plan or role", async () => {
    expect(
      await refusal(sql`insert into requests (user_id, title, category, budget_eur, phone_number, status)
        values (${userId}, 'Valid title', 'Fashion', 10, '+35191234567', 'Shipped')`),
    ).toMatch(/invalid input value for enum/);
    expect(
      await refusal(sql`insert into requests (user_id, title, category, budget_eur, phone_number)
        values (${userId}, 'Valid title', 'Yachts', 10, '+35191234567')`),
    ).toMatch(/invalid input value for enum/);
    expect(
      await refusal(sql`insert into subscriptions (user_id, plan, status) values (${userId}, 'platinum', 'active')`),
    ).toMatch(/invalid input value for enum/);
    expect(await refusal(sql`insert into user_roles (user_id, role) values (${userId}, 'owner')`)).toMatch(
      /invalid input value for enum/,
    );
  });

  it("refuses values outside the spec's limits", async () => {
    const insert = (title: string, budget: number, phone: string, notes = "") =>
      refusal(sql`insert into requests (user_id, title, category, budget_eur, phone_number, notes)
        values (${userId}, ${title}, 'Autos', ${budget}, ${phone}, ${notes})`);
    expect(await insert("ab", 10, "+35191234567")).toMatch(/requests_title_length/);
    expect(await insert("Valid", 0, "+35191234567")).toMatch(/requests_budget_positive/);
    expect(await insert("Valid", 10, "+351912")).toMatch(/requests_phone_length/);
    expect(await insert("Valid", 10, "+35191234567", "n".repeat(2001))).toMatch(/requests_notes_length/);
  });

  it("refuses a message for a missing request and a blank message", async () => {
    expect(
      await refusal(sql`insert into messages (request_id, sender_user_id, body)
        values ('00000000-0000-4000-8000-000000000000', ${userId}, 'Hello')`),
    ).toMatch(/foreign key/);
    const [request] = await handle.db.insert(requests).values(validRequest).returning();
    expect(
      await refusal(
        sql`insert into messages (request_id, sender_user_id, body) values (${request.id}, ${userId}, '   ')`,
      ),
    ).toMatch(/messages_body_not_blank/);
  });

  it("creates a request as New with Medium urgency", async () => {
    const [request] = await handle.db.insert(requests).values(validRequest).returning();
    expect(request.status).toBe("New");
    expect(request.urgency).toBe("Medium");
    expect(request.budgetEur).toBe(25000);
  });

  it("deletes a request's messages and reads with it", async () => {
    const [request] = await handle.db.insert(requests).values(validRequest).returning();
    const [message] = await handle.db
      .insert(messages)
      .values({ requestId: request.id, senderUserId: userId, body: "Hello" })
      .returning();
    await handle.db.insert(messageReads).values({ messageId: message.id, userId });
    await handle.db.delete(requests).where(eq(requests.id, request.id));
    expect(await handle.db.select().from(messages).where(eq(messages.requestId, request.id))).toEqual([]);
    expect(await handle.db.select().from(messageReads).where(eq(messageReads.messageId, message.id))).toEqual([]);
  });

  it("keeps one read per message and user, one role row per role, one subscription per user", async () => {
    const [request] = await handle.db.insert(requests).values(validRequest).returning();
    const [message] = await handle.db
      .insert(messages)
      .values({ requestId: request.id, senderUserId: userId, body: "Hi" })
      .returning();
    await handle.db.insert(messageReads).values({ messageId: message.id, userId });
    await expect(handle.db.insert(messageReads).values({ messageId: message.id, userId })).rejects.toThrow();
    await handle.db.insert(userRoles).values({ userId, role: "client" });
    await expect(handle.db.insert(userRoles).values({ userId, role: "client" })).rejects.toThrow();
    await handle.db.insert(subscriptions).values({ userId, plan: "silver", status: "active" });
    await expect(handle.db.insert(subscriptions).values({ userId, plan: "gold", status: "active" })).rejects.toThrow();
  });
});
