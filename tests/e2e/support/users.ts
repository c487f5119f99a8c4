import { readFileSync } from "node:fs";
import path from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { E2E_DATA_DIR } from "../../../playwright.config";
import { api } from "./api";

export const E2E_ADMIN = { email: "admin@maison.test", password: "admin-secret-1", name: "Ada Admin" };
/** A staff member who is not an admin (server.ts makes them with the CLI too): the second staff browser. */
export const E2E_STAFF = { email: "rita@maison.test", password: "staff-secret-1", name: "Rita Reis" };
/** The admin's signed-in session (its cookies), made once before the journeys by global-setup.ts. */
export const ADMIN_STATE = path.join(E2E_DATA_DIR, "admin-state.json");

/** Signs `page`'s browser context in as the admin, with the session global-setup.ts made. */
export async function signInAsAdmin(page: Page) {
  const { cookies } = JSON.parse(readFileSync(ADMIN_STATE, "utf8")) as {
    cookies: Parameters<ReturnType<Page["context"]>["addCookies"]>[0];
  };
  await page.context().addCookies(cookies);
}

export function newEmail(prefix = "member") {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** Signs up through the real form; lands on /pricing. */
export async function signUpViaForm(
  page: Page,
  user: { name?: string; email: string; password: string; phone?: string },
) {
  await page.goto("/auth?mode=sign-up");
  await page.getByLabel("Full name").fill(user.name ?? "Ana Sousa");
  await page.getByLabel("Phone", { exact: true }).fill(user.phone ?? "912345678");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
}

/** Who signs up: `locale` is the language the visitor browses in (the account keeps it), English by default. */
export type NewUser = { name?: string; email: string; password: string; phone?: string; locale?: string };

/**
 * Signs up through the app's sign-up route (what the form sends; the form itself is auth.spec.ts's), with the
 * cookies of `page`'s browser context: the browser is signed in as the new member, still where it was.
 */
export async function signUpViaApi(page: Page, user: NewUser) {
  const response = await api(
    page.request,
    "POST /auth/sign-up",
    {
      body: {
        name: user.name ?? "Ana Sousa",
        email: user.email,
        phone: user.phone ?? "+351912345678",
        password: user.password,
      },
    },
    { "accept-language": user.locale ?? "en-US" },
  );
  expect(response.status(), await response.text()).toBe(201);
}

/** Signs in through the app's sign-in route (the form is auth.spec.ts's), with the cookies of `page`'s context. */
export async function signInViaApi(page: Page, user: { email: string; password: string }) {
  const response = await api(page.request, "POST /auth/sign-in", {
    body: { email: user.email, password: user.password },
  });
  expect(response.ok(), await response.text()).toBe(true);
  expect(((await response.json()) as { twoFactorRequired: boolean }).twoFactorRequired).toBe(false);
}

export type MemberPlan = "free" | "silver" | "gold";

/**
 * A new member of `plan` in `page`'s browser context, made through the API: signed up, then the membership
 * bought with the test card (see subscribeViaTestCheckout). The page is left where it was.
 */
export async function newMember(page: Page, plan: MemberPlan, user: Partial<NewUser> = {}) {
  const member = {
    ...user,
    name: user.name ?? "Ana Sousa",
    email: user.email ?? newEmail(plan),
    password: user.password ?? "secret-pass",
  };
  await signUpViaApi(page, member);
  await subscribeViaTestCheckout(page, plan);
  return member;
}

export async function signInViaForm(page: Page, user: { email: string; password: string }) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/**
 * Gives the signed-in user of `page` a membership the way the test-mode checkout page does, through the same
 * calls with the page's cookies (card 4242 4242 4242 4242), then reloads the page's view of the session.
 * The checkout pages themselves are walked through in payments.spec.ts.
 */
export async function subscribeViaTestCheckout(page: Page, plan: "free" | "silver" | "gold") {
  const started = await api(page.request, "POST /billing/checkout", { body: { plan } });
  expect(started.ok(), await started.text()).toBe(true);
  const { sessionId } = (await started.json()) as { sessionId: string };
  const paid = await api(page.request, "POST /billing/test/checkout/:id/pay", {
    params: { id: sessionId },
    body: { cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", name: "Ana Sousa" },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  await expect
    .poll(async () => {
      const check = await api(page.request, "POST /billing/check-subscription");
      return ((await check.json()) as { subscribed?: boolean }).subscribed;
    })
    .toBe(true);
}

/** A page whose goto() also waits until the page is live, as the test fixture's does (see test.ts). */
export function waitingForReady(page: Page) {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await page.locator("html[data-page-ready]").waitFor({ state: "attached" });
    return response;
  };
  return page;
}

/**
 * The admin, signed in (the session global-setup.ts made) in a browser context of their own (at `viewport`, if
 * given); its page's `goto` waits for the page to be ready. The test's `staff` fixture (test.ts) closes its
 * context afterwards.
 */
export async function adminPage(browser: Browser, viewport?: { width: number; height: number }) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: test.info().project.use.locale,
    serviceWorkers: test.info().project.use.serviceWorkers,
    storageState: ADMIN_STATE,
    ...(viewport ? { viewport } : {}),
  });
  return waitingForReady(await context.newPage());
}

/**
 * The admin in a Portuguese browser of their own (Lisbon time). The one admin account is shared by every journey
 * (they may run in parallel), so its saved language is left as it is: GET /api/me answers with Portuguese as the
 * profile's language, as it does for a staff member who chose it.
 */
export async function portugueseAdmin(browser: Browser) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: "pt-PT",
    timezoneId: "Europe/Lisbon",
  });
  await context.route("**/api/me", async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    if (body?.profile) body.profile.language = "pt-PT";
    await route.fulfill({ response, json: body });
  });
  const page = waitingForReady(await context.newPage());
  await signInAsAdmin(page);
  return { context, page };
}
