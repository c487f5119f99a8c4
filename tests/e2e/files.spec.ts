/**
 * Issue 22, item 6: a member attaches a photo (and a PDF) to a message in a request's thread, watching the
 * upload's progress; staff, with the request open in another browser, see the thumbnail arrive live and open it.
 */
import type { Page } from "@playwright/test";
import { api, endpointUrl } from "./support/api";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { screenshots } from "./support/screenshots";
import { expect, test } from "./support/test";
import { adminPage, newEmail, newMember, signUpViaApi } from "./support/users";

/** A real PNG "photo", drawn by the browser: a warm gradient with a gold square. */
async function photo(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 480;
    canvas.height = 360;
    const g = canvas.getContext("2d") as CanvasRenderingContext2D;
    const gradient = g.createLinearGradient(0, 0, 480, 360);
    gradient.addColorStop(0, "#1c1917");
    gradient.addColorStop(1, "#a16207");
    g.fillStyle = gradient;
    g.fillRect(0, 0, 480, 360);
    g.fillStyle = "#eab308";
    g.fillRect(170, 110, 140, 140);
    return canvas.toDataURL("image/png");
  });
  return Buffer.from(dataUrl.split(",")[1], "base64");
}
const PDF = Buffer.from("%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n", "latin1");

test("a member attaches a photo and a PDF in a request thread; staff see the thumbnail live and open it", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const title = `Cartier Tank ${Date.now().toString(36)}`;
  await newMember(page, "silver", { name: "Marta Lopes" });
  const created = await api(page.request, "POST /requests", {
    body: {
      title,
      category: "Fashion",
      budget_eur: 9000,
      urgency: "Medium",
      notes: "",
      phone_number: "+351912345678",
    },
  });
  const { id } = (await created.json()) as { id: string };

  const admin = await adminPage(browser);
  try {
    await admin.goto(`/admin/requests/${id}`);
    await expect(admin.getByText("No messages yet.")).toBeVisible();

    await page.goto(`/requests/${id}`);
    const composer = page.getByRole("textbox", { name: "Your message" });
    await expect(composer).toBeVisible();
    // The chooser (behind "Attach"): a photo and a PDF; each shows its upload, then is ready.
    await page.locator('input[type="file"]').setInputFiles([
      { name: "tank-dial.png", mimeType: "image/png", buffer: await photo(page) },
      { name: "certificate.pdf", mimeType: "application/pdf", buffer: PDF },
    ]);
    const toSend = page.getByRole("list", { name: "Files to send" });
    await expect(toSend.getByRole("listitem")).toHaveCount(2);
    await expect(toSend.getByText("Ready")).toHaveCount(2);
    await expectNoSeriousA11yViolations(page);
    await screenshots(page, "request-thread-files-composer");
    await composer.fill("The dial I mean, and its certificate.");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByText("Message sent")).toBeVisible();
    await expect(toSend).toHaveCount(0);
    const thread = page.getByRole("list", { name: "Messages" });
    await expect(thread.getByRole("img", { name: "tank-dial.png" })).toBeVisible();
    await expect(thread.getByRole("link", { name: /certificate\.pdf/ })).toBeVisible();

    // Staff: live, without a reload; the thumbnail opens the photo in a new tab.
    const staffThread = admin.getByRole("list", { name: "Messages" });
    const thumbnail = staffThread.getByRole("img", { name: "tank-dial.png" });
    await expect(thumbnail).toBeVisible();
    await expect(staffThread).toContainText("The dial I mean, and its certificate.");
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(480);
    await expectNoSeriousA11yViolations(admin);
    await screenshots(admin, "admin-request-thread-files");
    const [opened] = await Promise.all([
      admin.context().waitForEvent("page"),
      staffThread.getByRole("link", { name: "tank-dial.png" }).click(),
    ]);
    await opened.waitForLoadState();
    expect(opened.url()).toContain(`${endpointUrl("GET /requests/:id/messages", { params: { id } })}/files/`);
    const fileUrl = opened.url();
    const response = await admin.request.get(fileUrl);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
    await opened.close();

    // Another member never gets it.
    const stranger = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      const other = await stranger.newPage();
      await signUpViaApi(other, { email: newEmail("stranger"), password: "secret-pass", name: "Other Member" });
      expect((await other.request.get(fileUrl)).status()).toBe(404);
    } finally {
      await stranger.close();
    }
  } finally {
    await admin.context().close();
  }

  await screenshots(page, "request-thread-files");
});

test("a Gold member sends a photo alone in the concierge chat; staff see it live in the inbox and open it", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const name = `Clara Dourado ${Date.now().toString(36)}`;
  await newMember(page, "gold", { name });

  const admin = await adminPage(browser);
  try {
    await admin.goto("/admin/inbox?tab=concierge");
    await page.goto("/messages?view=concierge");
    await expect(page.getByRole("heading", { name: "Executive Concierge", level: 1 })).toBeVisible();
    await page.locator('input[type="file"]').setInputFiles({
      name: "table-setting.png",
      mimeType: "image/png",
      buffer: await photo(page),
    });
    await expect(page.getByRole("list", { name: "Files to send" }).getByText("Ready")).toBeVisible();
    // A photo alone is a message.
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByText("Message sent to your concierge team").first()).toBeVisible();
    const thread = page.getByRole("list", { name: "Concierge messages" });
    await expect(thread.getByRole("img", { name: "table-setting.png" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshots(page, "concierge-files");

    await admin.getByRole("button", { name: new RegExp(name) }).click();
    const staffThread = admin.getByRole("list", { name: "Concierge messages" });
    const thumbnail = staffThread.getByRole("img", { name: "table-setting.png" });
    await expect(thumbnail).toBeVisible();
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(480);
    await expectNoSeriousA11yViolations(admin);
    await screenshots(admin, "admin-inbox-concierge-files");
    const [opened] = await Promise.all([
      admin.context().waitForEvent("page"),
      staffThread.getByRole("link", { name: "table-setting.png" }).click(),
    ]);
    await opened.waitForLoadState();
    expect(opened.url()).toMatch(/\/api\/admin\/concierge\/[^/]+\/files\//);
    await opened.close();
  } finally {
    await admin.context().close();
  }
});
