/**
 * The installable app in both languages (issue 24 item 4, decisions 028 and 029): the offline page made in
 * Portuguese from public/offline.html keeps its design and says none of the English, and the two languages'
 * texts are all there. The built manifests and the worker's choice are walked through in
 * tests/e2e/installable.spec.ts.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { APP_TEXTS, translateOfflinePage } from "../../src/client/service-worker/vite-plugin";

const root = path.resolve(import.meta.dirname, "../..");
const english = readFileSync(path.join(root, "public/offline.html"), "utf8");
const words = (html: string) => html.replace(/\s+/g, " ");

describe("the offline page in Portuguese", () => {
  const portuguese = translateOfflinePage(english, "pt-PT");

  it("is the English page in Portuguese: its language and every text, nothing else changed", () => {
    const texts = APP_TEXTS["pt-PT"].offline;
    expect(portuguese).toContain('<html lang="pt-PT">');
    for (const text of Object.values(texts)) expect(words(portuguese)).toContain(text);
    for (const text of Object.values(APP_TEXTS.en.offline)) expect(words(portuguese)).not.toContain(text);
    // The same page otherwise: its styles and wordmark are untouched.
    const outside = (html: string) =>
      html.replace(/<(title|h1|p|a)\b[^>]*>[^<]*<\/\1>/g, "").replace(/lang="[^"]*"/, "");
    expect(outside(portuguese)).toBe(outside(english));
  });

  it("has the English texts the table says (the table is the page's)", () => {
    for (const text of Object.values(APP_TEXTS.en.offline)) expect(words(english)).toContain(text);
  });

  it("fails loudly when the page no longer has a part to translate", () => {
    expect(() => translateOfflinePage(english.replace(/<h1>[^<]*<\/h1>/, ""), "pt-PT")).toThrow(/not found/);
  });
});
