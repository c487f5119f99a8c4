/**
 * A European Portuguese walk through every screen (issue 24), by hand, never in CI: a member signs up in
 * Portuguese, subscribes, makes a request, writes; the admin seeds the QA data, replies and quotes; then every
 * member and admin screen is opened at 390 and 1440 px in a pt-PT browser, screenshotted, and each visible line
 * (and text attribute) with a common English word is listed, with where it was seen. A heuristic: read the list.
 *
 *   npm run build, then start the server as tests/e2e/support/server.ts does (it creates the e2e admin), then
 *   WALK_BASE=http://127.0.0.1:4400 node scripts/i18n/walk-pt.mjs
 *
 * Env: WALK_BASE, WALK_OUT (screenshots and texts; default test-results/walk-pt), CHROMIUM (an executable),
 * ONLY (a regular expression on the screens' names), WIDTHS ("390,1440").
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { chromium } from "playwright";

const BASE = process.env.WALK_BASE ?? "http://127.0.0.1:3100";
const OUT = process.env.WALK_OUT ?? "test-results/walk-pt";
mkdirSync(OUT, { recursive: true });
const ONLY = process.env.ONLY ? new RegExp(process.env.ONLY) : null;
const WIDTHS = (process.env.WIDTHS ?? "390,1440").split(",").map(Number);

const EN =
  /(?<![\p{L}-])(the|your|you|and|with|of|to|for|is|are|this|that|request|requests|view|all|sign|send|message|messages|settings|loading|failed|open|save|cancel|back|search|member|members|amount|more|show|new|none|yet|here|from|by|at|an|it|be|will|has|have|was|what|when|which|who|how|not|or|add|edit|delete|remove|close|reply|replies|team|inbox|outbox|notifications|notification|dashboard|profile|account|email|password|phone|name|title|category|budget|urgency|notes|quote|quotes|pending|active|paid|sent|received|today|yesterday|ago|minutes|hours|days|week|month|year|please|unread|read|mark|latest|recent|status|subject|test|sync|only|per|any|mode|card|submit|create|update|updated|created|assigned|assign|unassigned|filter|clear|next|previous|page|of|results|no\s+\w+\s+yet|empty|nothing|found|members?|client|clients|user|users|staff|admin|owner|total|average|time|response|first|last|overview|pipeline|sourcing|quoted|delivered|withdrawn|new|high|medium|low)(?![\p{L}-])/iu;
// Words the same in both, brand, plans.
const ALLOW =
  /^(Maison|Basic|Silver|Gold|Black|Executive Concierge|EN|PT|English|Português|Stripe|TEST|LIVE|PGlite|Node\.js|\+351.*|[\d\s€.,:%/-]+)$/;

const findings = {};
function flag(where, text) {
  const lines = text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  for (const line of lines) {
    if (ALLOW.test(line)) continue;
    if (/@|https?:|^[\w.-]+\.(pt|com|test)$/.test(line) && !/\s\w+\s\w+\s/.test(line)) continue;
    if (EN.test(line)) {
      findings[line] ??= new Set();
      findings[line].add(where);
    }
  }
}

async function ready(page) {
  await page
    .locator("html[data-page-ready]")
    .waitFor({ state: "attached", timeout: 15000 })
    .catch(() => {});
  await page.waitForTimeout(900);
}

async function visit(page, path, name, width, extra) {
  if (ONLY && !ONLY.test(name)) return;
  await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
  await page.goto(BASE + path);
  await ready(page);
  if (extra) await extra(page);
  const text = await page.evaluate(() => {
    const attrs = [...document.querySelectorAll("[aria-label],[placeholder],[title],img[alt]")]
      .map((el) =>
        ["aria-label", "placeholder", "title", "alt"]
          .map((a) => el.getAttribute(a))
          .filter(Boolean)
          .join("\n"),
      )
      .join("\n");
    // biome-ignore lint/performance/useDomNodeTextContent: what is shown is what is checked
    return `${document.body.innerText}\n${attrs}\n${document.title}`;
  });
  flag(`${name}@${width}`, text);
  writeFileSync(`${OUT}/${name}-${width}.txt`, text);
  await page.screenshot({ path: `${OUT}/${name}-${width}.png`, fullPage: true });
}

const browser = await chromium.launch({
  ...(process.env.CHROMIUM ? { executablePath: process.env.CHROMIUM } : {}),
  args: ["--no-sandbox", "--disable-gpu"],
});
const ctxOpts = { locale: "pt-PT", baseURL: BASE };

// Public, signed out.
const anon = await browser.newContext(ctxOpts);
const ap = await anon.newPage();
for (const w of WIDTHS) {
  for (const [p, n] of [
    ["/", "landing"],
    ["/pricing", "pricing"],
    ["/about", "about"],
    ["/legal", "legal"],
    ["/privacy", "privacy"],
    ["/auth", "auth-signin"],
    ["/auth?mode=sign-up", "auth-signup"],
    ["/reset-password", "reset-password"],
    ["/verify-email", "verify-email"],
    ["/nope-404", "not-found"],
  ])
    await visit(ap, p, n, w);
}
// Validation messages on the sign-up form.
if (!ONLY || ONLY.test("auth-signup-errors")) {
  await ap.goto(`${BASE}/auth?mode=sign-up`);
  await ready(ap);
  await ap.getByRole("button", { name: "Criar conta" }).click();
  await ap.waitForTimeout(500);
  // biome-ignore lint/performance/useDomNodeTextContent: what is shown is what is checked
  flag("auth-signup-errors", await ap.evaluate(() => document.body.innerText));
}

// Admin.
const admin = await browser.newContext(ctxOpts);
const sign = await admin.request.post("/api/auth/sign-in", {
  data: { email: "admin@maison.test", password: "admin-secret-1" },
});
if (!sign.ok()) throw new Error(`admin sign-in ${sign.status()} ${await sign.text()}`);
await admin.request.put("/api/profile/language", { data: { language: "pt-PT" } });
const seeded = await admin.request.post("/api/admin/qa/seed");
console.log("seed", seeded.status());

// Member: sign up through the form in Portuguese, subscribe, one request, one message, one concierge message.
const member = await browser.newContext(ctxOpts);
const mp = await member.newPage();
const email = `walk-${Date.now()}@example.com`;
await mp.goto(`${BASE}/auth?mode=sign-up`);
await ready(mp);
await mp.getByLabel("Nome completo").fill("Inês Duarte");
await mp.getByLabel("Telemóvel", { exact: true }).fill("912345678");
await mp.getByLabel("E-mail").fill(email);
await mp.getByLabel("Palavra-passe").fill("segredo-seguro");
await mp.getByRole("button", { name: "Criar conta" }).click();
await mp.waitForURL(/\/pricing$/);
// biome-ignore lint/performance/useDomNodeTextContent: what is shown is what is checked
flag("after-signup-toast", await mp.evaluate(() => document.body.innerText));
const started = await member.request.post("/api/billing/checkout", { data: { plan: "gold" } });
const { sessionId } = await started.json();
await member.request.post(`/api/billing/test/checkout/${sessionId}/pay`, {
  data: { cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", name: "Ines Duarte" },
});
for (let i = 0; i < 20; i++) {
  const check = await member.request.post("/api/billing/check-subscription", { data: {} });
  if ((await check.json()).subscribed) break;
  await mp.waitForTimeout(300);
}
const created = await member.request.post("/api/requests", {
  data: {
    title: "Birkin 25 Togo",
    category: "Fashion",
    budget_eur: 25000,
    urgency: "High",
    notes: "Gold hardware",
    phone_number: "+351912345678",
  },
});
const { id: requestId } = await created.json();
console.log("request", created.status(), requestId);
await member.request.post(`/api/requests/${requestId}/messages`, {
  data: { body: "Olá, alguma novidade?", fileIds: [] },
});
await member.request.post("/api/concierge/messages", {
  data: { message: "Preciso de uma mesa para sábado.", fileIds: [] },
});
await member.request.post("/api/sales/inquiries", {
  data: { subject: "Parceria", message: "Gostaria de saber mais." },
});
// Staff: status, a reply, a quote.
await admin.request.post(`/api/admin/requests/${requestId}/status`, { data: { status: "Sourcing" } });
await admin.request.post(`/api/requests/${requestId}/messages`, { data: { body: "Estamos a tratar.", fileIds: [] } });
const inFuture = new Date(Date.now() + 7 * 864e5).toISOString().slice(0, 10);
const quote = await admin.request.post(`/api/admin/requests/${requestId}/quotes`, {
  data: {
    validUntil: inFuture,
    message: "",
    options: [{ title: "Birkin 25 Togo Noir", priceCents: 2400000, description: "", photoIds: [] }],
  },
});
const quoteId = (await quote.json()).id;
const sent = await admin.request.post(`/api/admin/requests/${requestId}/quotes/${quoteId}/send`);
console.log("quote", quote.status(), sent.status(), (await sent.text()).slice(0, 200));

for (const w of WIDTHS) {
  for (const [p, n] of [
    ["/pricing", "m-pricing"],
    ["/dashboard", "m-dashboard"],
    ["/new-request", "m-new-request"],
    ["/requests", "m-requests"],
    [`/requests/${requestId}`, "m-request-detail"],
    ["/messages", "m-messages"],
    ["/messages?tab=concierge", "m-concierge"],
    ["/profile", "m-profile"],
    ["/sales-contact", "m-sales-contact"],
    ["/billing/test", "m-billing-test"],
  ])
    await visit(mp, p, n, w);
  await visit(mp, "/dashboard", "m-notifications-menu", w, async (page) => {
    const bell = page.getByRole("button", { name: /notifica/i }).first();
    if (await bell.count()) await bell.click().catch(() => {});
    else {
      const menu = page.getByRole("button", { name: /menu/i }).first();
      if (await menu.count()) await menu.click().catch(() => {});
    }
    await page.waitForTimeout(600);
  });
  await visit(mp, "/new-request", "m-new-request-errors", w, async (page) => {
    await page
      .getByRole("button", { name: /enviar|submeter|criar/i })
      .last()
      .click()
      .catch(() => {});
    await page.waitForTimeout(500);
  });
}

const adminPage = await admin.newPage();
for (const w of WIDTHS) {
  for (const [p, n] of [
    ["/admin/dashboard", "a-dashboard"],
    ["/admin/requests", "a-requests"],
    [`/admin/requests/${requestId}`, "a-request-detail"],
    ["/admin/inbox?tab=concierge", "a-inbox-concierge"],
    ["/admin/inbox?tab=sales", "a-inbox-sales"],
    ["/admin/inbox", "a-inbox"],
    ["/admin/qa", "a-qa"],
    ["/admin/replies", "a-replies"],
    ["/admin/search?q=birkin", "a-search"],
    ["/admin/notifications", "a-notifications"],
    ["/admin/outbox", "a-outbox"],
    ["/admin/settings", "a-settings"],
    ["/admin/debug", "a-debug"],
  ])
    await visit(adminPage, p, n, w);
  await visit(adminPage, "/admin/settings", "a-settings-sync", w, async (page) => {
    await page
      .getByLabel(/e-mail do utilizador/i)
      .fill(email)
      .catch(() => {});
    await page
      .getByRole("button", { name: /sincronizar utilizador/i })
      .click()
      .catch(() => {});
    await page.waitForTimeout(800);
  });
  await visit(adminPage, "/admin/debug", "a-debug-simulate", w, async (page) => {
    await page
      .getByLabel(/e-mail do utilizador/i)
      .fill("nobody@example.com")
      .catch(() => {});
    await page
      .getByRole("button", { name: /simular/i })
      .click()
      .catch(() => {});
    await page.waitForTimeout(800);
  });
}

const out = Object.entries(findings)
  .map(([line, where]) => `${line}\n    ← ${[...where].join(", ")}`)
  .join("\n");
writeFileSync(`${OUT}/findings.txt`, `${out}\n`);
console.log(`${Object.keys(findings).length} flagged lines: ${OUT}/findings.txt`);
await browser.close();
