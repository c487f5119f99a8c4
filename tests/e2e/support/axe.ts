import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * Runs axe-core in the page and fails on serious or critical violations. It is evaluated through the
 * devtools protocol, so the app's strict Content-Security-Policy stays on during the check.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  // The page at rest: the pointer left where the last click was can rest on a chart, whose tooltip then covers
  // the text around it (axe measured the chart's "Show as table" against the dark tooltip).
  await page.mouse.move(0, 0);
  // Nothing still loading (a chart's disabled "Show as table" turns enabled, and fades to full colour, when its
  // data arrives)…
  await page
    .waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: 5_000 })
    .catch(() => {});
  // Two frames, so that a transition the last change starts (the button turning enabled) is running, and seen.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  // …and no transition under way (a card fading in measures as a paler colour; a spinner, which never ends,
  // is left turning): up to 2 s.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) => a.playState !== "running" || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
          ),
      null,
      { timeout: 2_000 },
    )
    .catch(() => {});
  // Once per document: a page that moved on within the app still has it.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected into the page at run time
    const axe = (window as any).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations
      .filter((v: { impact: string }) => v.impact === "serious" || v.impact === "critical")
      .map((v: { id: string; help: string; nodes: { target: string[] }[] }) => ({
        id: v.id,
        help: v.help,
        targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
      }));
  });
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
}
