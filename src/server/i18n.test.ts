/**
 * Languages on the server (issue 24, decision 028): a member's language comes from how they signed up and what
 * they chose, and their emails and notifications are written in it; every error answer carries the spec's
 * English and a key the client translates.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import { call, unchecked } from "#tests/helpers/call";
import { newRequestBody } from "#tests/helpers/requests";
import { as, cookieFrom, createUser, type TestUser, uniqueEmail } from "#tests/helpers/users";
import { BILLING_ERROR_TEXTS } from "@/shared/contracts/billing-texts";
import { ERROR_TEXTS, ERRORS, MESSAGES } from "@/shared/contracts/common-texts";
import { REQUEST_ERROR_TEXTS } from "@/shared/contracts/requests-texts";
import { notifications, outbox } from "./db/schema";
import { translate } from "./i18n";

let ctx: TestContext;
let staff: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  staff = await createUser(ctx, { role: "staff" });
});
afterAll(() => ctx.close());

/** The emails the outbox holds for an address (no SMTP in tests: held). */
async function emailsTo(address: string) {
  const rows = await ctx.database.db.select().from(outbox).where(eq(outbox.kind, "email"));
  return rows
    .map((row) => row.payload as { to: string; subject: string; text: string; html: string })
    .filter((email) => email.to === address);
}

async function signUpWith(headers: Record<string, string>) {
  const email = uniqueEmail();
  const res = await call(
    ctx,
    "POST /auth/sign-up",
    { body: { name: "Inês Duarte", email, phone: "+351912345678", password: "correct-horse" } },
    headers,
  );
  expect(res.statusCode).toBe(201);
  const cookie = cookieFrom(res);
  const me = await call(ctx, "GET /me", {}, { cookie });
  return { id: me.json().user!.id as string, email, cookie, password: "correct-horse", me: me.json() };
}

describe("a member's language", () => {
  it("is the browser's at sign-up (Portuguese for pt), or the chosen one (the cookie), else English", async () => {
    const pt = await signUpWith({ "accept-language": "pt-BR,pt;q=0.9,en;q=0.5" });
    expect(pt.me.profile!.language).toBe("pt-PT");
    const chosen = await signUpWith({ "accept-language": "pt-PT", cookie: "lang=en" });
    expect(chosen.me.profile!.language).toBe("en");
    const plain = await signUpWith({});
    expect(plain.me.profile!.language).toBe("en");

    // The verification email is in the language the account was made in.
    const [ptMail] = await emailsTo(pt.email);
    expect(ptMail.subject).toBe("Confirme o seu e-mail para Maison");
    expect(ptMail.text).toContain("Estimado(a) Inês Duarte,");
    expect(ptMail.html).toContain('<html lang="pt-PT">');
    expect(ptMail.text).toContain("Concebido em Portugal");
    const [enMail] = await emailsTo(plain.email);
    expect(enMail.subject).toBe("Confirm your email for Maison");
    expect(enMail.text).toContain("Dear Inês Duarte,");
  });

  it("is changed by the member alone, and refused when not a language", async () => {
    const member = await createUser(ctx);
    expect((await call(ctx, "PUT /profile/language", { body: { language: "pt-PT" } }, as(member))).statusCode).toBe(
      200,
    );
    expect((await call(ctx, "GET /me", {}, as(member))).json().profile!.language).toBe("pt-PT");
    const bad = await call(ctx, "PUT /profile/language", unchecked({ body: { language: "pt-BR" } }), as(member));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().key).toBe("validation.invalid_input");
    expect((await call(ctx, "PUT /profile/language", { body: { language: "en" } })).statusCode).toBe(401);
  });

  it("writes each member's notification and email in their own language", async () => {
    const ana = await createUser(ctx, { plan: "gold", name: "Ana Sousa" });
    const john = await createUser(ctx, { plan: "gold", name: "John Smith" });
    await call(ctx, "PUT /profile/language", { body: { language: "pt-PT" } }, as(ana));
    for (const member of [ana, john]) {
      const created = await call(ctx, "POST /requests", { body: newRequestBody() }, as(member));
      expect(created.statusCode).toBe(201);
      const moved = await call(
        ctx,
        "POST /admin/requests/:id/status",
        {
          params: { id: created.json().id },
          body: {
            status: "Sourcing",
          },
        },
        as(staff),
      );
      expect(moved.statusCode).toBe(200);
    }
    const noteOf = async (user: TestUser) =>
      (
        await ctx.database.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, user.id), eq(notifications.type, "status_changed")))
      )[0];
    expect((await noteOf(ana)).title).toBe("Estado do seu pedido: Em pesquisa");
    expect((await noteOf(john)).title).toBe("Your request is now Sourcing");

    const [anaMail] = (await emailsTo(ana.email)).filter((m) => m.subject.startsWith("Estado"));
    expect(anaMail.subject).toBe("Estado do seu pedido: Em pesquisa · Hermès Kelly 28");
    expect(anaMail.text).toContain("Estimado(a) Ana Sousa,");
    expect(anaMail.text).toContain('O estado do seu pedido "Hermès Kelly 28" passou de Novo para Em pesquisa.');
    expect(anaMail.text).toContain("Abrir o seu pedido");
    const [johnMail] = (await emailsTo(john.email)).filter((m) => m.subject.startsWith("Your request is now"));
    expect(johnMail.subject).toBe("Your request is now Sourcing: Hermès Kelly 28");
    expect(johnMail.text).toContain('The status of your request "Hermès Kelly 28" changed from New to Sourcing.');

    // The team hears of the new requests in its own language: the staff member chose nothing, so English.
    const staffNotes = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, staff.id), eq(notifications.type, "request_created")));
    expect(staffNotes.map((n) => n.body)).toContain("Ana Sousa · Fashion · €25,000 · High");
  });

  it("formats amounts for a Portuguese reader as Portuguese does", async () => {
    await call(ctx, "PUT /profile/language", { body: { language: "pt-PT" } }, as(staff));
    const member = await createUser(ctx, { plan: "gold", name: "Rui Matos" });
    await call(
      ctx,
      "POST /requests",
      {
        body: newRequestBody({ title: "Porsche 911 S/T", category: "Autos", budget_eur: 325000, urgency: "Medium" }),
      },
      as(member),
    );
    const [note] = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, staff.id), eq(notifications.title, "Novo pedido: Porsche 911 S/T")));
    expect(note.body).toBe("Rui Matos · Automóveis · 325\u00a0000\u00a0€ · Média");
    await call(ctx, "PUT /profile/language", { body: { language: "en" } }, as(staff));
  });
});

describe("error answers", () => {
  it("keep the spec's English and add the key (and its values) the client translates", async () => {
    const anonymous = await call(ctx, "GET /requests");
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: ERRORS.signInRequired, key: ERROR_TEXTS.signInRequired.id });

    const member = await createUser(ctx);
    const gated = await call(ctx, "POST /requests", { body: newRequestBody() }, as(member));
    expect(gated.statusCode).toBe(403);
    const text = Object.values(REQUEST_ERROR_TEXTS).find((t) => t.id === gated.json().key);
    expect(text?.message).toBe(gated.json().error);

    const invalid = await call(ctx, "PUT /profile", { body: { name: "", phone: "" } }, as(member));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ error: MESSAGES.nameRequired, key: "validation.name_required" });

    const gold = await createUser(ctx, { plan: "gold" });
    const same = await call(ctx, "POST /billing/checkout", { body: { plan: "gold" } }, as(gold));
    expect(same.statusCode).toBe(409);
    expect(same.json()).toMatchObject({
      error: "You already have the Gold membership.",
      key: "error.plan_same",
      params: { plan: "Gold" },
    });
    // What the client shows a Portuguese member for it.
    expect(translate("pt-PT", BILLING_ERROR_TEXTS.planSame, same.json().params)).toBe("Já tem a adesão Gold.");
  });
});
