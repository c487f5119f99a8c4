/**
 * The business loop's steps shared by the journeys (quotes.spec.ts, money.spec.ts): a member with a request,
 * a staff quote, accepting an option, the test card page, a captured hold.
 */
import type { Page } from "@playwright/test";
import { api } from "./api";
import { expect } from "./test";
import { newEmail, newMember } from "./users";

export const REQUEST = {
  category: "Fashion",
  budget_eur: 45000,
  urgency: "High",
  notes: "Gold hardware preferred.",
  phone_number: "+351912345678",
} as const;

/** A new Silver member with one request, on its page. */
export async function memberWithRequest(page: Page, title: string) {
  await newMember(page, "silver", { email: newEmail("quote") });
  const created = await api(page.request, "POST /requests", { body: { ...REQUEST, title } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/requests/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  return id;
}

/** A card of a page, by its heading. */
export const card = (page: Page, title: string) =>
  page.locator('[data-slot="card"]').filter({ has: page.getByRole("heading", { name: title, exact: true }) });

/** Fills the test card page (or the hosted invoice page) and presses its button, `button` ("Authorise €450"). */
export async function payWithCard(page: Page, cardNumber: string, button: string) {
  await page.getByLabel("Card number").fill(cardNumber);
  await page.getByLabel("Expiry").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on card").fill("Ana Sousa");
  await page.getByRole("button", { name: button }).click();
}

export async function authoriseWith(page: Page, cardNumber: string, amount: string) {
  await payWithCard(page, cardNumber, `Authorise ${amount}`);
}

export async function acceptOption(page: Page, title: string) {
  await page
    .getByRole("article", { name: title })
    .getByRole("button", { name: `Accept ${title}` })
    .click();
  const dialog = page.getByRole("alertdialog", { name: `Accept ${title}?` });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The team quotes one option and sends it, through the staff's API (the quote editor is quotes.spec.ts's). */
export async function quoteViaApi(staff: Page, requestId: string, option: { title: string; priceCents: number }) {
  const moved = await api(staff.request, "POST /admin/requests/:id/status", {
    params: { id: requestId },
    body: { status: "Sourcing" },
  });
  expect(moved.ok(), await moved.text()).toBe(true);
  const saved = await api(staff.request, "POST /admin/requests/:id/quotes", {
    params: { id: requestId },
    body: { options: [option], validUntil: "2099-12-31" },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const { id: quoteId } = (await saved.json()) as { id: string };
  const sent = await api(staff.request, "POST /admin/requests/:id/quotes/:quoteId/send", {
    params: { id: requestId, quoteId },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  return quoteId;
}

type RequestQuotesAnswer = {
  quotes: Array<{ id: string; options: Array<{ id: string }> }>;
  hold: { status: string } | null;
};

/**
 * The member accepts the quote's first option and authorises its hold with 4242 through the test card page's
 * own calls, then staff capture all of it: a captured payment, as the refund and dispute journeys start from.
 */
export async function capturedViaApi(member: Page, staff: Page, requestId: string) {
  const requestQuotes = (await (
    await api(member.request, "GET /requests/:id/quotes", { params: { id: requestId } })
  ).json()) as RequestQuotesAnswer;
  const quote = requestQuotes.quotes[0];
  const accepted = await api(member.request, "POST /requests/:id/quotes/:quoteId/accept", {
    params: { id: requestId, quoteId: quote.id },
    body: { optionId: quote.options[0].id },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  const { url } = (await accepted.json()) as { url: string };
  const session = /\/checkout\/test\/holds\/([^/?#]+)/.exec(url)?.[1];
  expect(session, url).toBeTruthy();
  const authorised = await api(member.request, "POST /billing/test/holds/:id/authorize", {
    params: { id: session! },
    body: { cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", name: "Ana Sousa" },
  });
  expect(authorised.ok(), await authorised.text()).toBe(true);
  const holdStatus = async () =>
    (
      (await (
        await api(staff.request, "GET /admin/requests/:id/quotes", { params: { id: requestId } })
      ).json()) as RequestQuotesAnswer
    ).hold?.status;
  await expect.poll(holdStatus).toBe("held");
  const captured = await api(staff.request, "POST /admin/requests/:id/hold/capture", {
    params: { id: requestId },
    body: {},
  });
  expect(captured.ok(), await captured.text()).toBe(true);
  await expect.poll(holdStatus).toBe("captured");
}
