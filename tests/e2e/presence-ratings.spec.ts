/**
 * Presence, collision and satisfaction (issue 31 items 4 and 5, decision 051), with two staff browsers and a
 * member: Ada (admin) opens a request's thread and Rita (staff, its owner) sees her viewing and typing; Rita
 * replies meanwhile and Ada is warned before sending; the member sees "Concierge team online"; the member
 * confirms the delivery, rates it 2, and Rita (the owner) is alerted.
 */
import { api } from "./support/api";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { capturedViaApi, quoteViaApi, REQUEST } from "./support/quote-steps";
import { screenshots } from "./support/screenshots";
import { expect, test } from "./support/test";
import { E2E_STAFF, newMember, signInViaApi, waitingForReady } from "./support/users";

test("two staff see each other in a thread, a reply meanwhile is flagged, and a low rating alerts the owner", async ({
  page: member,
  staff: ada,
  browser,
}) => {
  test.setTimeout(120_000);
  const title = `Cartier Tank ${Date.now().toString(36)}`;
  await newMember(member, "gold", { name: "Inês Prata" });
  const created = await api(member.request, "POST /requests", { body: { ...REQUEST, title } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  // Rita, a staff member, in a browser of her own; she owns the request.
  const ritaContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const rita = waitingForReady(await ritaContext.newPage());
  await signInViaApi(rita, E2E_STAFF);
  const me = (await (await api(rita.request, "GET /me")).json()) as { user: { id: string } };
  const assigned = await api(ada.request, "POST /admin/requests/:id/assignee", {
    params: { id },
    body: { userId: me.user.id },
  });
  expect(assigned.ok(), await assigned.text()).toBe(true);

  // Both open the thread; each sees the other viewing.
  await rita.goto(`/admin/requests/${id}`);
  await ada.goto(`/admin/requests/${id}`);
  await expect(rita.getByText("Also viewing: Ada Admin")).toBeVisible({ timeout: 15_000 });
  await expect(ada.getByText(`Also viewing: ${E2E_STAFF.name}`)).toBeVisible({ timeout: 15_000 });

  // Ada types: Rita sees her replying.
  const adaReply = ada.getByRole("textbox", { name: "Reply" });
  await adaReply.fill("We are speaking to two dealers in Paris");
  await adaReply.press("End");
  await adaReply.pressSequentially(".");
  await expect(rita.getByText("Ada is replying…")).toBeVisible({ timeout: 15_000 });
  await screenshots(rita, "presence/admin-request-presence");

  // Rita replies first; Ada is asked before her reply goes, and reviews.
  await rita.getByRole("textbox", { name: "Reply" }).fill("I have the boutique's answer: it is available.");
  await rita.getByRole("button", { name: /^Send/ }).click();
  await expect(rita.getByText("Message sent")).toBeVisible();
  await ada.getByRole("button", { name: /^Send/ }).click();
  const warning = ada.getByRole("alertdialog", { name: "Rita replied while you were writing. Send anyway?" });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText("Review keeps your draft");
  await screenshots(ada, "presence/admin-collision-warning");
  await expectNoSeriousA11yViolations(ada);
  await warning.getByRole("button", { name: "Review" }).click();
  await expect(adaReply).toHaveValue("We are speaking to two dealers in Paris.");
  await expect(ada.getByText("I have the boutique's answer: it is available.")).toBeVisible();
  // Reviewed: the next Send goes without asking.
  await ada.getByRole("button", { name: /^Send/ }).click();
  await expect(ada.getByText("Message sent")).toBeVisible();
  await expect(warning).toBeHidden();

  // The member: the team is online.
  await member.goto("/messages?view=concierge");
  await expect(member.getByText("Concierge team online")).toBeVisible();
  await screenshots(member, "presence/member-team-online");
  await expectNoSeriousA11yViolations(member);

  // The delivery: quoted, held, captured and delivered through the API; the member confirms and rates it 2.
  await quoteViaApi(ada, id, { title: "Tank Louis Cartier, 2021", priceCents: 1_200_000 });
  await capturedViaApi(member, ada, id);
  const delivered = await api(ada.request, "POST /admin/requests/:id/delivery", { params: { id }, body: {} });
  expect(delivered.ok(), await delivered.text()).toBe(true);
  await member.goto(`/requests/${id}`);
  await member.getByRole("button", { name: "Confirm receipt" }).click();
  const rating = member.locator('[data-slot="card"]').filter({ hasText: "How was your experience?" });
  await expect(rating).toBeVisible({ timeout: 15_000 });
  await screenshots(member, "presence/member-rating");
  await expectNoSeriousA11yViolations(member);
  // Later folds it; it can be given from the same page.
  await rating.getByRole("button", { name: "Later" }).click();
  await member.getByRole("button", { name: "Rate this delivery" }).click();
  await member.getByRole("radio", { name: "2 out of 5" }).check();
  await member.getByLabel("Anything you would like to tell us? (optional)").fill("The strap arrived scratched.");
  await member.getByRole("button", { name: "Send rating" }).click();
  await expect(member.getByText("Thank you for rating this delivery.")).toBeVisible();

  // Rita, the owner, is alerted; the dashboard counts it.
  await rita.goto("/admin/notifications");
  await expect(rita.getByText(`Rated 2/5: ${title}`).first()).toBeVisible({ timeout: 15_000 });
  await ada.goto("/admin");
  const byStaff = ada.getByRole("table", { name: "By staff member", exact: true });
  await expect(byStaff.getByRole("rowheader", { name: E2E_STAFF.name })).toBeVisible();
  await byStaff.scrollIntoViewIfNeeded();
  await screenshots(ada, "presence/admin-satisfaction");
  await expectNoSeriousA11yViolations(ada);
  await ritaContext.close();
});

/**
 * The same screens in European Portuguese, for the screenshots (SCREENSHOTS=1 only): Rita and the member read
 * Portuguese; Ada (the shared admin) keeps her language.
 */
test("in Portuguese: presence, the warning, the team online and the rating (screenshots)", async ({
  page: member,
  staff: ada,
  browser,
}) => {
  test.skip(!process.env.SCREENSHOTS, "screenshots only with SCREENSHOTS=1");
  test.setTimeout(120_000);
  const title = `Relógio Tank ${Date.now().toString(36)}`;
  await newMember(member, "gold", { name: "Inês Prata", locale: "pt-PT" });
  const created = await api(member.request, "POST /requests", { body: { ...REQUEST, title } });
  const { id } = (await created.json()) as { id: string };
  const ritaContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: "pt-PT" });
  const rita = waitingForReady(await ritaContext.newPage());
  await signInViaApi(rita, E2E_STAFF);
  await api(rita.request, "PUT /profile/language", { body: { language: "pt-PT" } });
  try {
    await rita.goto(`/admin/requests/${id}`);
    await ada.goto(`/admin/requests/${id}`);
    await expect(rita.getByText("Também a ver: Ada Admin")).toBeVisible({ timeout: 15_000 });
    const adaReply = ada.getByRole("textbox", { name: "Reply" });
    await adaReply.pressSequentially("Temos duas opções");
    await expect(rita.getByText("Ada está a responder…")).toBeVisible({ timeout: 15_000 });
    await screenshots(rita, "presence/admin-request-presence-pt");

    await rita.getByRole("textbox", { name: "Resposta" }).fill("Falei com a boutique.");
    await ada.getByRole("button", { name: /^Send/ }).click();
    await expect(ada.getByText("Message sent")).toBeVisible();
    await rita.getByRole("button", { name: /^Enviar/ }).click();
    const warning = rita.getByRole("alertdialog", { name: "Ada respondeu enquanto escrevia. Enviar mesmo assim?" });
    await expect(warning).toBeVisible();
    await screenshots(rita, "presence/admin-collision-warning-pt");
    await warning.getByRole("button", { name: "Rever" }).click();

    await member.goto("/messages?view=concierge");
    await expect(member.getByText("Equipa de concierge online")).toBeVisible();
    await screenshots(member, "presence/member-team-online-pt");

    await quoteViaApi(ada, id, { title: "Tank Louis Cartier, 2021", priceCents: 1_200_000 });
    await capturedViaApi(member, ada, id);
    await api(ada.request, "POST /admin/requests/:id/delivery", { params: { id }, body: {} });
    await api(member.request, "POST /requests/:id/delivery/confirm", { params: { id } });
    await member.goto(`/requests/${id}`);
    await expect(member.getByText("Como foi a sua experiência?")).toBeVisible({ timeout: 15_000 });
    await member.getByRole("radio", { name: "4 em 5" }).check();
    await screenshots(member, "presence/member-rating-pt");
    await member.getByRole("button", { name: "Enviar avaliação" }).click();
    await expect(member.getByText("Obrigado por avaliar esta entrega.")).toBeVisible();

    await rita.goto("/admin");
    const byStaff = rita.getByRole("table", { name: "Por membro da equipa", exact: true });
    await expect(byStaff).toBeVisible();
    await byStaff.scrollIntoViewIfNeeded();
    await screenshots(rita, "presence/admin-satisfaction-pt");
  } finally {
    await api(rita.request, "PUT /profile/language", { body: { language: "en" } });
    await ritaContext.close();
  }
});
