/**
 * Card disputes (issue 30): the test provider's bank opens one on a captured payment, the request is marked and
 * its owner and the admins are told; staff see the deadline and an evidence pack from what the app holds, submit
 * it once (20 at once: one goes to the provider); the bank's decision is final; replayed, older and foreign
 * dispute events change nothing.
 */
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import { call } from "#tests/helpers/call";
import { quoteSteps } from "#tests/helpers/quote-steps";
import { as, createUser, type TestUser } from "#tests/helpers/users";
import { endpointUrl } from "@/shared/contracts/endpoint";
import { QUOTE_MESSAGES } from "@/shared/quotes";
import { resolveAuthSecret } from "../../auth/auth";
import { activityLogs, notifications, requests, testPaymentObjects } from "../../db/schema";
import { testWebhookSecret } from "../../payments";

let ctx: TestContext;
let staff: TestUser;
let owner: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({ deps: { startWorkers: false } });
  staff = await createUser(ctx, { role: "staff" });
  owner = await createUser(ctx, { role: "staff", name: "Rita Owner" });
  admin = await createUser(ctx, { role: "admin" });
});
afterAll(() => ctx.close());

const steps = quoteSteps(
  () => ctx,
  () => staff,
);

/** A captured quote whose request is owned by `owner`, with a message each way. */
async function capturedQuote() {
  const { member, id } = await steps.heldRequest();
  await ctx.database.db.update(requests).set({ assigneeUserId: owner.id }).where(eq(requests.id, id));
  expect(
    (
      await call(
        ctx,
        "POST /requests/:id/messages",
        { params: { id }, body: { body: "Is it the 2019 one?" } },
        as(member),
      )
    ).statusCode,
  ).toBe(201);
  expect(
    (await call(ctx, "POST /requests/:id/messages", { params: { id }, body: { body: "Yes, full set." } }, as(staff)))
      .statusCode,
  ).toBe(201);
  const captured = await call(ctx, "POST /admin/requests/:id/hold/capture", { params: { id }, body: {} }, as(staff));
  expect(captured.statusCode, captured.body).toBe(200);
  return { member, id };
}

const noticesOf = (userId: string, type: string) =>
  ctx.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));

async function openDispute(id: string) {
  const opened = await call(
    ctx,
    "POST /admin/requests/:id/dispute/test-open",
    {
      params: { id },
      body: {
        reason: "product_not_received",
      },
    },
    as(staff),
  );
  expect(opened.statusCode, opened.body).toBe(200);
  return opened.json().dispute!;
}

describe("a dispute on a captured payment", () => {
  it("marks the request, tells its owner and the admins once, and shows the deadline and the evidence pack", async () => {
    const { member, id } = await capturedQuote();
    expect((await call(ctx, "GET /admin/requests/:id/dispute", { params: { id } }, as(staff))).json()).toEqual({
      testBank: true,
      dispute: null,
    });
    const dispute = await openDispute(id);
    expect(dispute).toMatchObject({
      status: "needs_response",
      amountCents: 250_000,
      reason: "product_not_received",
      answerable: true,
      evidenceSubmittedAt: null,
    });
    const days = (Date.parse(dispute.evidenceDueBy as string) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
    expect(dispute.evidence.customer_email_address).toBe(member.email);
    expect(dispute.evidence.product_description).toContain("Kelly 28, Gold");
    expect(dispute.evidence.customer_communication).toContain("Is it the 2019 one?");
    expect(dispute.evidence.customer_communication).toContain("Maison: Yes, full set.");
    expect(dispute.evidence.uncategorized_text).toContain("Card authorised for €2,500");
    expect(dispute.evidence.uncategorized_text).toContain("€2,500 captured");

    expect((await call(ctx, "GET /admin/quotes/overview", {}, as(staff))).json().ledger).toMatchObject({
      openDisputes: 1,
      disputedCents: 250_000,
    });
    expect(await noticesOf(owner.id, "dispute_opened")).toHaveLength(1);
    expect(await noticesOf(admin.id, "dispute_opened")).toHaveLength(1);
    expect(await noticesOf(staff.id, "dispute_opened")).toHaveLength(0);
    expect(await noticesOf(member.id, "dispute_opened")).toHaveLength(0);
    const logged = await ctx.database.db.select().from(activityLogs).where(eq(activityLogs.requestId, id));
    expect(logged.map((a) => a.action)).toContain("dispute_opened");
    // The member does not see it.
    expect((await call(ctx, "GET /admin/requests/:id/dispute", { params: { id } }, as(member))).statusCode).toBe(403);
  });

  it("takes the reviewed evidence once: 20 submissions at once send one to the provider", async () => {
    const { id } = await capturedQuote();
    const dispute = await openDispute(id);
    const evidence = { ...dispute.evidence, uncategorized_text: "Reviewed by the team." };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(ctx, "POST /admin/requests/:id/dispute/evidence", { params: { id }, body: evidence }, as(staff)),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe(QUOTE_MESSAGES.disputeNotAnswerable);
    }
    const [atProvider] = await ctx.database.db
      .select({ data: testPaymentObjects.data })
      .from(testPaymentObjects)
      .where(eq(testPaymentObjects.id, dispute.providerDisputeId));
    expect(atProvider.data).toMatchObject({
      status: "under_review",
      evidence: { uncategorized_text: "Reviewed by the team." },
      evidence_details: { submission_count: 1 },
    });
    const after = (await call(ctx, "GET /admin/requests/:id/dispute", { params: { id } }, as(staff))).json().dispute!;
    expect(after).toMatchObject({ status: "under_review", answerable: false });
    expect(after.evidenceSubmittedAt).not.toBeNull();
  });

  it("is decided once: the bank's decision is final; older, replayed and foreign events change nothing", async () => {
    const { id } = await capturedQuote();
    const dispute = await openDispute(id);
    const closed = await call(
      ctx,
      "POST /admin/requests/:id/dispute/test-close",
      { params: { id }, body: { outcome: "won" } },
      as(staff),
    );
    expect(closed.json().dispute!.status).toBe("won");
    expect(await noticesOf(owner.id, "dispute_closed")).not.toHaveLength(0);

    const secret = testWebhookSecret(resolveAuthSecret(ctx.config));
    const deliver = (event: object) => {
      const payload = JSON.stringify(event);
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
      return ctx.app.inject({
        method: "POST",
        url: endpointUrl("POST /billing/webhook"),
        payload,
        headers: { "content-type": "application/json", "stripe-signature": signature },
      });
    };
    const [atProvider] = await ctx.database.db
      .select({ data: testPaymentObjects.data })
      .from(testPaymentObjects)
      .where(eq(testPaymentObjects.id, dispute.providerDisputeId));
    const late = {
      id: `evt_late_${dispute.id}`,
      object: "event",
      type: "charge.dispute.updated",
      created: Math.floor(Date.now() / 1000) - 3600,
      data: { object: { ...(atProvider.data as object), status: "needs_response" } },
    };
    expect((await deliver(late)).json()).toMatchObject({ outcome: "ignored" });
    expect((await deliver(late)).json()).toMatchObject({ outcome: "duplicate" });
    const foreign = {
      ...late,
      id: "evt_foreign_dispute",
      created: Math.floor(Date.now() / 1000),
      data: { object: { ...(atProvider.data as object), id: "dp_other", payment_intent: "pi_not_ours" } },
    };
    expect((await deliver(foreign)).json()).toMatchObject({ outcome: "ignored" });
    expect(
      (await call(ctx, "GET /admin/requests/:id/dispute", { params: { id } }, as(staff))).json().dispute!.status,
    ).toBe("won");
    // Decided: nothing left to submit.
    const submit = await call(
      ctx,
      "POST /admin/requests/:id/dispute/evidence",
      { params: { id }, body: closed.json().dispute!.evidence },
      as(staff),
    );
    expect(submit.statusCode).toBe(409);
  });

  it("cannot be opened on a hold that was not captured", async () => {
    const { id } = await steps.heldRequest();
    const opened = await call(
      ctx,
      "POST /admin/requests/:id/dispute/test-open",
      { params: { id }, body: {} },
      as(staff),
    );
    expect(opened.statusCode).toBe(409);
  });
});
