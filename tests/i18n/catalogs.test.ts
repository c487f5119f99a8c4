/**
 * Nothing untranslated, part 1 (issue 24, decision 028): every catalog holds exactly the messages its code says
 * (none missing, none left over) and every one of them in both languages. One test per catalog, so one feature's
 * can be run alone: `npx vitest run --project unit tests/i18n/catalogs.test.ts -t features/requests`.
 * On a failure: `npm run i18n:extract`, then translate what is empty in the feature's locales/pt-PT.po.
 */
import path from "node:path";
import { getCatalogs } from "@lingui/cli/api";
import { getConfig } from "@lingui/conf";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const config = getConfig({ cwd: root });
const catalogs = await getCatalogs(config);

describe("message catalogs", () => {
  for (const catalog of catalogs) {
    const name = path.relative(root, catalog.path).replace(/\/locales\/\{locale\}$/, "");
    it(`${name}: the code's messages, each in English and Portuguese`, { timeout: 120_000 }, async () => {
      const [extracted, en, pt] = await Promise.all([catalog.collect(), catalog.read("en"), catalog.read("pt-PT")]);
      const inCode = Object.keys(extracted ?? {}).sort();
      const live = (messages: Awaited<ReturnType<typeof catalog.read>>) =>
        Object.entries(messages ?? {})
          .filter(([, entry]) => !entry.obsolete)
          .map(([id]) => id)
          .sort();
      // The catalogs follow the code (`npm run i18n:extract`).
      expect(live(en), `${name}/locales/en.po is out of date: run npm run i18n:extract`).toEqual(inCode);
      expect(live(pt), `${name}/locales/pt-PT.po is out of date: run npm run i18n:extract`).toEqual(inCode);
      // Every message has its Portuguese.
      const untranslated = inCode.filter((id) => !pt?.[id]?.translation).map((id) => extracted?.[id]?.message ?? id);
      expect(untranslated, `untranslated in ${name}/locales/pt-PT.po`).toEqual([]);
    });
  }

  // Lingui's id is the English (with its context): the same English in two catalogs is one message at run time,
  // and the catalog loaded last would win. Where the meaning differs (a quote 'Sent', a message 'Sent'), the code
  // gives the message a context; where it is the same, the translation is the same.
  it("the same message has the same Portuguese in every catalog", async () => {
    const seen = new Map<string, { name: string; translation: string }>();
    const conflicts: string[] = [];
    for (const catalog of catalogs) {
      const name = path.relative(root, catalog.path).replace(/\/locales\/\{locale\}$/, "");
      for (const [id, entry] of Object.entries((await catalog.read("pt-PT")) ?? {})) {
        if (entry.obsolete || !entry.translation) continue;
        const first = seen.get(id);
        if (!first) seen.set(id, { name, translation: entry.translation });
        else if (first.translation !== entry.translation)
          conflicts.push(
            `${entry.message ?? id}: ${first.name} "${first.translation}", ${name} "${entry.translation}"`,
          );
      }
    }
    expect(conflicts).toEqual([]);
  });
});
