/**
 * scripts/check-references.mjs (part of `npm run lint`): a path named in a comment or a document must exist. Runs
 * the script on a small tree of its own.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const script = path.resolve(import.meta.dirname, "../../scripts/check-references.mjs");
const tree = mkdtempSync(path.join(tmpdir(), "maison-references-"));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
  writeFileSync(path.join(tree, file), text);
}

function check() {
  const run = spawnSync(process.execPath, [script, tree], { encoding: "utf8" });
  const named = run.stderr
    .split("\n")
    .filter((line) => line.startsWith("  "))
    .map((line) => line.trim());
  return { status: run.status, named };
}

describe("check-references", () => {
  it("names each path that does not exist, and only those", () => {
    execFileSync("git", ["init", "-q"], { cwd: tree });
    write("src/server/features/quotes/holds.ts", "export const holds = 1;\n");
    write(
      "src/server/features/billing/routes.ts",
      [
        "/**",
        " * The holds are in src/server/features/quotes/holds.ts and quotes/holds.ts; the admin's side in",
        " * ../admin-billing, the texts in ./texts, the library in server/auth/routes.ts.",
        " */",
        'const url = "see src/not-a-comment.ts"; // https://example.com/src/a-url.ts is a URL',
        "const pattern = /\\/\\/ src\\/in-a-regex.ts/; // ../quotes/holds exists",
        "",
      ].join("\n"),
    );
    write(
      "docs/decisions/001-x.md",
      [
        "Figures in [the README](../../bench/README.md), code in `src/server/features/quotes/`.",
        "Notices were written by `notifications/notify.ts`; `holds.ts` alone names no folder.",
        "Examples: `features/<domain>/port.ts`, `DATA_DIR/auth-secret`, `/checkout/test/:id`.",
        "",
      ].join("\n"),
    );
    write("bench/README.md", "# Benches\n");
    write(
      "src/client/page.tsx",
      "export const Page = () => <p>Don't wait</p>; // the rest in src/client/missing.tsx\n/* src/client/page.tsx */\n",
    );

    const { status, named } = check();
    expect(status).toBe(1);
    expect(named).toEqual([
      "docs/decisions/001-x.md:2: notifications/notify.ts",
      "src/client/page.tsx:1: src/client/missing.tsx",
      "src/server/features/billing/routes.ts:3: ../admin-billing",
      "src/server/features/billing/routes.ts:3: ./texts",
      "src/server/features/billing/routes.ts:3: server/auth/routes.ts",
    ]);
  });

  it("passes once every named path exists", () => {
    write("src/server/features/billing/texts.ts", "export const texts = 1;\n");
    write("src/server/features/admin-billing.ts", "export const adminBilling = 1;\n");
    write("src/server/auth/routes.ts", "export const routes = 1;\n");
    write("src/client/missing.tsx", "export {};\n");
    write("src/server/features/notifications/notify.ts", "export const notify = 1;\n");
    expect(check()).toEqual({ status: 0, named: [] });
  });
});
