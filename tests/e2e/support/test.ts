/**
 * Playwright's test with two changes: page.goto() also waits until the page is live (see page-ready.tsx), so a
 * journey never presses a key on prerendered HTML that React has not taken over yet; and a `staff` page.
 *
 * Signing in: only the journeys about signing up and signing in (auth.spec.ts, account.spec.ts, i18n.spec.ts,
 * payments.spec.ts's checkout) walk through those forms. Every other journey starts from the API: a member is
 * made with newMember() (the sign-up route and the test card's calls, in the page's own browser context), and
 * `staff` is the admin in a browser context of its own, with the session global-setup.ts signed in once.
 */
import { test as base, type Page } from "@playwright/test";
import { adminPage, waitingForReady } from "./users";

export { expect } from "@playwright/test";

export const test = base.extend<{ staff: Page }>({
  page: async ({ page }, use) => {
    await use(waitingForReady(page));
  },
  /** The admin (made with the CLI by server.ts), signed in (global-setup.ts) in a browser context of its own. */
  staff: async ({ browser }, use) => {
    const staff = await adminPage(browser);
    await use(staff);
    await staff.context().close();
  },
});
