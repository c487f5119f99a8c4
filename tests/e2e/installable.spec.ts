/**
 * The installable member app (issue 24, item 4; decision 029): the manifest, Chromium's own installability
 * check, the offline page on an offline reload, and a new version offered by a quiet toast.
 */
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { newMember } from "./support/users";

// These journeys are about the service worker, which the other journeys block (playwright.config.ts).
test.use({ serviceWorkers: "allow" });

/**
 * Stands in for GET /api/me as a signed-in member on the bare static copy (which has no API): the worker is
 * registered for signed-in visitors only (decision 042).
 */
async function signedInOnStaticCopy(page: Page) {
  await page.route("**/api/me", (route) =>
    route.fulfill({
      json: {
        user: { id: "u-1", email: "ana@example.com", name: "Ana Sousa", twoFactorEnabled: false },
        profile: { name: "Ana Sousa", email: "ana@example.com", phone: null },
        role: "client",
        subscription: null,
      },
    }),
  );
}

/** Waits until the service worker (registered after the load event) is active and controls nothing yet. */
async function workerActive(page: Page) {
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? null), {
      timeout: 20_000,
    })
    .toBe("activated");
}

test("the manifest describes the member app and Chromium finds it installable", async ({ page }) => {
  await page.goto("/");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  const response = await page.request.get(href as string);
  expect(response.headers()["content-type"]).toMatch(/application\/manifest\+json/);
  const manifest = (await response.json()) as Record<string, unknown> & {
    icons: Array<{ src: string; sizes: string; purpose: string }>;
  };
  expect(manifest).toMatchObject({
    name: "Maison",
    short_name: "Maison",
    start_url: "/dashboard",
    scope: "/",
    display: "standalone",
    background_color: "#F7F3EC",
    theme_color: "#F7F3EC",
  });
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
    "192x192 any",
    "512x512 any",
    "512x512 maskable",
  ]);
  for (const icon of manifest.icons) {
    const image = await page.request.get(icon.src);
    expect(image.headers()["content-type"]).toBe("image/png");
  }
  const touch = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
  expect((await page.request.get(touch as string)).ok()).toBe(true);

  // Chromium's own verdict, what it checks before it offers "Install". Not in an incognito profile (Playwright's
  // contexts are): a persistent profile of its own.
  const profile = mkdtempSync(path.join(tmpdir(), "maison-install-"));
  const { launchOptions, baseURL } = test.info().project.use;
  const installable = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
  try {
    const app = installable.pages()[0] ?? (await installable.newPage());
    // The worker is registered for a signed-in visitor (decision 042).
    await newMember(app, "free");
    await app.goto("/");
    await workerActive(app);
    const cdp = await installable.newCDPSession(app);
    await expect
      .poll(async () => {
        const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
        return installabilityErrors.map((e) => e.errorId);
      })
      .toEqual([]);
    const { errors } = await cdp.send("Page.getAppManifest");
    expect(errors).toEqual([]);
  } finally {
    await installable.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test("after a first visit, an offline reload of the dashboard shows the house's offline page", async ({
  page,
  context,
}) => {
  await newMember(page, "silver");
  await page.goto("/dashboard");
  await workerActive(page);

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
    await expect(page.getByRole("img", { name: "Maison" })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    // Self-contained: nothing for it to fetch (it has no connection to fetch with).
    expect(await page.content()).not.toMatch(/<(script|link|img|iframe)\b|url\(/);
  } finally {
    await context.setOffline(false);
  }
  // Back online, "Try again" brings the dashboard back.
  await page.getByRole("link", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /Welcome/ })).toBeVisible();
});

/**
 * A copy of the built web app behind a bare static server, so this test can deploy a "new version" of the worker
 * without the other journeys' pages (on the shared server) being offered it. The API is not needed here.
 */
async function staticCopy() {
  const dir = mkdtempSync(path.join(tmpdir(), "maison-deploy-"));
  cpSync("dist/client", dir, { recursive: true });
  const types: Record<string, string> = {
    ".html": "text/html",
    ".js": "text/javascript",
    ".css": "text/css",
    ".webmanifest": "application/manifest+json",
    ".png": "image/png",
    ".svg": "image/svg+xml",
    ".woff2": "font/woff2",
  };
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? "/", "http://localhost").pathname;
    let file = path.join(dir, path.normalize(pathname));
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) {
      file = path.join(dir, pathname === "/" ? "prerendered/index.html" : "index.html");
    }
    // A static stand-in for the server: every path under the API's prefix is answered 404, whatever it is.
    response.writeHead(pathname.startsWith("/api/") ? 404 : 200, {
      "content-type": types[path.extname(file)] ?? "application/octet-stream",
      "cache-control": "no-cache",
    });
    response.end(pathname.startsWith("/api/") ? "{}" : readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** The next version of the worker: the same one, changed by a byte. */
    deploy: () => appendFileSync(path.join(dir, "sw.js"), "\n// the next version\n"),
    close: () => {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

test("a new version waits for the visitor: a quiet toast offers it and its action reloads onto it", async ({
  page,
}) => {
  const site = await staticCopy();
  try {
    await signedInOnStaticCopy(page);
    await page.goto(`${site.url}/`);
    await workerActive(page);

    site.deploy();
    // The next visit finds it; it installs and waits while this page still runs the version it loaded with.
    await page.reload();
    await expect(page.getByText("New version available")).toBeVisible({ timeout: 20_000 });
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(
      true,
    );

    await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "Reload" }).click()]);
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return { waiting: Boolean(registration?.waiting), controlled: Boolean(navigator.serviceWorker.controller) };
        }),
      )
      .toEqual({ waiting: false, controlled: true });
    await expect(page.getByText("New version available")).toBeHidden();
  } finally {
    site.close();
  }
});

test.describe("in European Portuguese", () => {
  test.use({ locale: "pt-PT" });

  test("the Portuguese pages link the Portuguese manifest, and an offline reload shows the offline page in Portuguese", async ({
    page,
    context,
  }) => {
    await newMember(page, "free", { locale: "pt-PT" });
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "pt-PT");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBe("/manifest.pt-PT.webmanifest");
    const response = await page.request.get(href as string);
    expect(response.headers()["content-type"]).toMatch(/application\/manifest\+json/);
    expect(await response.json()).toMatchObject({
      name: "Maison",
      short_name: "Maison",
      lang: "pt-PT",
      description: "Pesquisa e concierge exclusivos para membros: os seus pedidos e conversas com a casa.",
      start_url: "/dashboard",
    });
    await workerActive(page);

    await context.setOffline(true);
    try {
      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: "Está offline" })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", "pt-PT");
      await expect(page).toHaveTitle("Sem ligação · Maison");
      expect(await page.content()).not.toMatch(/<(script|link|img|iframe)\b|url\(/);
    } finally {
      await context.setOffline(false);
    }
    await page.getByRole("link", { name: "Tentar novamente" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "A aquisição de luxo, reinventada" })).toBeVisible();
  });

  test("the new version's toast speaks Portuguese", async ({ page }) => {
    const site = await staticCopy();
    try {
      // The bare server sends files as they are: the app's Portuguese shell is its own file there.
      await signedInOnStaticCopy(page);
      await page.goto(`${site.url}/index.pt-PT.html`);
      await expect(page.locator("html")).toHaveAttribute("lang", "pt-PT");
      await workerActive(page);
      site.deploy();
      await page.reload();
      await expect(page.getByText("Nova versão disponível")).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole("button", { name: "Recarregar" })).toBeVisible();
    } finally {
      site.close();
    }
  });
});
