/**
 * Nothing untranslated, part 2 (issue 24, decision 028): no visible string in the client's code outside Lingui
 * (scripts/i18n/scan.ts says what counts). Files not converted yet are listed in their feature's
 * `i18n-todo.txt`: they may still hold untranslated strings (printed below, per file), a listed file with none
 * left must leave its list, and an empty list must be deleted. The lists end empty.
 * One feature: `I18N_SCAN=requests npx vitest run --project unit tests/i18n/untranslated.test.ts` prints each
 * remaining string of that feature's files.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { clientFiles, type Finding, scanFile, todoLists } from "../../scripts/i18n/scan";

const root = path.resolve(import.meta.dirname, "../..");
const files = clientFiles(root);
const lists = todoLists(root);
const pending = new Map<string, string>();
for (const [list, entries] of lists) for (const file of entries) pending.set(file, list);
const findings = new Map<string, Finding[]>();
for (const file of files) {
  const found = scanFile(root, file);
  if (found.length) findings.set(file, found);
}
const show = (file: string, found: Finding[]) =>
  `${file}\n${found.map((f) => `  ${f.line}: ${f.kind} "${f.text.slice(0, 80)}"`).join("\n")}`;

describe("untranslated strings in the client", () => {
  it("none outside the files still listed in an i18n-todo.txt", () => {
    const offenders = [...findings].filter(([file]) => !pending.has(file));
    expect(offenders.map(([file, found]) => show(file, found)).join("\n")).toBe("");
  });

  it("lists only files that still hold some, and no empty list", () => {
    const missing = [...pending.keys()].filter((file) => !files.includes(file));
    expect(missing, "listed files that do not exist").toEqual([]);
    const done = [...pending.keys()].filter((file) => files.includes(file) && !findings.has(file));
    expect(done, "converted: remove these from their i18n-todo.txt").toEqual([]);
    const empty = [...lists].filter(([, entries]) => entries.length === 0).map(([list]) => list);
    expect(empty, "empty: delete these lists").toEqual([]);
  });

  it("reports what is left to convert, per file", () => {
    const only = process.env.I18N_SCAN;
    const left = [...pending.keys()]
      .filter((file) => findings.has(file))
      .filter((file) => !only || file.startsWith(`src/client/features/${only}/`));
    const total = left.reduce((sum, file) => sum + (findings.get(file)?.length ?? 0), 0);
    const lines = left.map((file) =>
      only ? show(file, findings.get(file) ?? []) : `  ${String(findings.get(file)?.length).padStart(4)}  ${file}`,
    );
    console.info(`Untranslated strings left: ${total} in ${left.length} listed files\n${lines.join("\n")}`);
    expect(total).toBeGreaterThanOrEqual(0);
  });
});
