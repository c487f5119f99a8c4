/**
 * Invoicing details on the profile (issue 30, decision 034): a billing name, an address and a Portuguese NIF
 * checked by its check digit, saved with the profile and sent to the member's provider customer (the test
 * provider's objects, and Stripe's API through its local fake) outside the transaction, without ever failing the
 * save when the provider does.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import { call, unchecked } from "#tests/helpers/call";
import { type FakeStripe, stripeTestApp } from "#tests/helpers/fake-stripe";
import { as, createUser, type TestUser } from "#tests/helpers/users";
import { profiles, testPaymentObjects } from "../../db/schema";

const ADDRESS = "Avenida da Liberdade 110, 3.º\n1250-146 Lisboa\nPortugal";

function profileCalls(ctx: () => TestContext) {
  const save = (user: TestUser, payload: object) => call(ctx(), "PUT /profile", unchecked({ body: payload }), as(user));
  const me = async (user: TestUser) => (await call(ctx(), "GET /me", {}, as(user))).json().profile;
  const ensureCustomer = (user: TestUser) =>
    ctx().app.ctx.payments.ensureCustomer({ userId: user.id, email: user.email, name: "Ana Sousa" });
  return { save, me, ensureCustomer };
}

describe("invoicing details with the test provider", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ deps: { startWorkers: false } });
  });
  afterAll(() => ctx.close());
  const { save, me, ensureCustomer } = profileCalls(() => ctx);

  async function customer(id: string) {
    const [row] = await ctx.database.db
      .select({ data: testPaymentObjects.data })
      .from(testPaymentObjects)
      .where(and(eq(testPaymentObjects.id, id), eq(testPaymentObjects.kind, "customer")));
    return row?.data as Record<string, unknown> & {
      metadata: Record<string, string>;
      address: { line1: string; line2: string } | null;
      invoice_settings?: { custom_fields: Array<{ name: string; value: string }> | null };
    };
  }

  it("saves a billing name, a multi-line address and a NIF (as its 9 digits), and serves them", async () => {
    const user = await createUser(ctx);
    const res = await save(user, {
      name: "Ana Sousa",
      phone: "",
      billingName: "Sousa & Filhos, Lda.",
      billingAddress: `  ${ADDRESS}  `,
      taxId: "PT 501 964 843",
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = { billingName: "Sousa & Filhos, Lda.", billingAddress: ADDRESS, taxId: "501964843" };
    expect(res.json().profile).toMatchObject(expected);
    expect(await me(user)).toMatchObject(expected);
    const [row] = await ctx.database.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(row).toMatchObject(expected);
    // The member's data export carries them too.
    const exported = await call(ctx, "GET /account/export", {}, as(user));
    expect(exported.json().profile).toMatchObject(expected);
  });

  it("refuses a NIF whose check digit is wrong, with its key, and changes nothing", async () => {
    const user = await createUser(ctx);
    for (const taxId of ["123456780", "12345678", "ES12345678Z", "PT 123 456 788"]) {
      const res = await save(user, { name: "Ana Sousa", taxId });
      expect(res.statusCode, taxId).toBe(400);
      expect(res.json()).toMatchObject({
        error: "Enter a valid Portuguese NIF (9 digits)",
        key: "validation.nif_invalid",
      });
    }
    expect(await me(user)).toMatchObject({ taxId: null, billingName: null, billingAddress: null });
  });

  it("refuses a billing name or address too long, or with control characters", async () => {
    const user = await createUser(ctx);
    const cases = [
      [{ billingName: "x".repeat(121) }, "validation.billing_name_too_long"],
      [{ billingAddress: "x".repeat(501) }, "validation.billing_address_too_long"],
      [{ billingName: "Ana\u0000" }, "validation.control_characters"],
      [{ billingName: "Ana\nSousa" }, "validation.control_characters"],
    ] as const;
    for (const [fields, key] of cases) {
      const res = await save(user, { name: "Ana Sousa", ...fields });
      expect(res.statusCode, key).toBe(400);
      expect(res.json().key).toBe(key);
    }
  });

  it("keeps details left out, and clears those sent empty", async () => {
    const user = await createUser(ctx);
    await save(user, { name: "Ana Sousa", billingName: "Ana Sousa", billingAddress: ADDRESS, taxId: "123456789" });
    expect((await save(user, { name: "Ana M. Sousa", phone: "+351911111111" })).statusCode).toBe(200);
    expect(await me(user)).toMatchObject({ name: "Ana M. Sousa", billingAddress: ADDRESS, taxId: "123456789" });
    await save(user, { name: "Ana M. Sousa", billingName: "", billingAddress: "", taxId: "" });
    expect(await me(user)).toMatchObject({ billingName: null, billingAddress: null, taxId: null });
  });

  it("asks nothing of the provider when the member has no customer yet", async () => {
    const user = await createUser(ctx);
    const spy = vi.spyOn(ctx.app.ctx.payments.provider, "updateCustomer");
    try {
      expect((await save(user, { name: "Ana Sousa", taxId: "123456789" })).statusCode).toBe(200);
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it("sends them to the member's customer: name, address lines, the NIF in metadata and as an invoice field", async () => {
    const user = await createUser(ctx);
    const customerId = await ensureCustomer(user);
    const res = await save(user, {
      name: "Ana Sousa",
      billingName: "Sousa & Filhos, Lda.",
      billingAddress: ADDRESS,
      taxId: "501964843",
    });
    expect(res.statusCode).toBe(200);
    const sent = await customer(customerId);
    expect(sent.name).toBe("Sousa & Filhos, Lda.");
    expect(sent.address).toEqual({ line1: "Avenida da Liberdade 110, 3.º", line2: "1250-146 Lisboa, Portugal" });
    expect(sent.metadata).toEqual({ userId: user.id, nif: "501964843" });
    expect(sent.invoice_settings?.custom_fields).toEqual([{ name: "NIF", value: "501964843" }]);

    // Cleared: the profile's name again, no address, no NIF.
    await save(user, { name: "Ana Sousa", billingName: "", billingAddress: "", taxId: "" });
    const cleared = await customer(customerId);
    expect(cleared.name).toBe("Ana Sousa");
    expect(cleared.address).toBeNull();
    expect(cleared.metadata).toEqual({ userId: user.id });
    expect(cleared.invoice_settings?.custom_fields).toBeNull();
  });

  it("sends details given before the customer existed when it is created", async () => {
    const user = await createUser(ctx);
    await save(user, { name: "Ana Sousa", taxId: "123456789" });
    const customerId = await ensureCustomer(user);
    expect((await customer(customerId)).metadata.nif).toBe("123456789");
  });

  it("saves the profile when the provider fails, and the next save or a sync sends the details", async () => {
    const user = await createUser(ctx);
    const customerId = await ensureCustomer(user);
    const provider = ctx.app.ctx.payments.provider;
    const spy = vi.spyOn(provider, "updateCustomer").mockRejectedValueOnce(new Error("provider down"));
    try {
      const res = await save(user, { name: "Ana Sousa", taxId: "123456789" });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().profile!.taxId).toBe("123456789");
      expect(spy).toHaveBeenCalledTimes(1);
      expect((await customer(customerId)).metadata.nif).toBeUndefined();
      // A sync (the member's check, or staff's) sends them again.
      await ctx.app.ctx.payments.syncUser(user.id);
      expect((await customer(customerId)).metadata.nif).toBe("123456789");
    } finally {
      spy.mockRestore();
    }
  });
});

describe("invoicing details with Stripe (its local fake)", () => {
  let fake: FakeStripe;
  let ctx: TestContext;
  stripeTestApp((started) => {
    ({ fake, ctx } = started);
  });
  const { save, ensureCustomer } = profileCalls(() => ctx);

  it("updates the Stripe customer: name, address, metadata nif and the invoices' NIF field", async () => {
    const user = await createUser(ctx);
    const customerId = await ensureCustomer(user);
    const res = await save(user, {
      name: "Ana Sousa",
      billingName: "Ana Maria Sousa",
      billingAddress: ADDRESS,
      taxId: "PT123456789",
    });
    expect(res.statusCode, res.body).toBe(200);
    const call = fake.calls.find((c) => c.method === "POST" && c.path === `/v1/customers/${customerId}`);
    expect(call?.body).toMatchObject({
      name: "Ana Maria Sousa",
      address: { line1: "Avenida da Liberdade 110, 3.º", line2: "1250-146 Lisboa, Portugal" },
      metadata: { nif: "123456789" },
      invoice_settings: { custom_fields: [{ name: "NIF", value: "123456789" }] },
    });
    expect(fake.customers.get(customerId)).toMatchObject({
      name: "Ana Maria Sousa",
      metadata: { userId: user.id, nif: "123456789" },
      invoice_settings: { custom_fields: [{ name: "NIF", value: "123456789" }] },
    });

    await save(user, { name: "Ana Sousa", billingName: "", billingAddress: "", taxId: "" });
    expect(fake.customers.get(customerId)).toMatchObject({
      name: "Ana Sousa",
      address: null,
      metadata: { userId: user.id },
      invoice_settings: { custom_fields: null },
    });
  });

  it("saves the profile when Stripe refuses, and sends the details on the next save", async () => {
    const user = await createUser(ctx);
    const customerId = await ensureCustomer(user);
    fake.failNext("POST", `/v1/customers/${customerId}`, 400, "Something is wrong on Stripe's side.");
    const res = await save(user, { name: "Ana Sousa", taxId: "501964843" });
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.customers.get(customerId)?.metadata).toEqual({ userId: user.id });
    await save(user, { name: "Ana Sousa", taxId: "501964843" });
    expect(fake.customers.get(customerId)?.metadata).toEqual({ userId: user.id, nif: "501964843" });
  });
});
