#!/usr/bin/env node
/**
 * Comments and documents point only to files that exist (`npm run lint`; issue 32). Reads the comments of every
 * source file under src/, tests/, scripts/ and bench/, and every Markdown file under docs/ with README.md and
 * bench/README.md, finds the file paths they name, and fails naming each one that is not in the tree.
 *
 * A path is a word with a `/` ending in a known extension (`quotes/holds.ts`, `../bench/README.md`), or one that
 * starts at a top folder of the repository (`src/server/backup/`, `docs/decisions`). It is resolved, in order:
 * `@/` from src/ and `#tests/` from tests/; `./` and `../` from the file's folder; else from the root, from the
 * file's folder, or as the tail of a path in the tree (documents say `payments/stripe-sdk.ts` for
 * src/server/payments/stripe-sdk.ts). URLs, absolute paths, build output and patterns (`*`, `<name>`, `{a,b}`,
 * `:id`, `…`) are not paths to check. ALLOWED lists the few example paths that name no file on purpose.
 * Tested by tests/setup/references.test.ts.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository's root, or another tree given as the argument (the script's own test). */
const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), ".."));

/** Example paths that name no file on purpose. */
const ALLOWED = new Set([
  "../shared/spec/product-spec.md", // the product spec, beside the repository in the team's work folder
  "./data", // the default DATA_DIR, made at the first start
  "../other-checkout", // bench:start's --baseline example
  "prerendered/pricing.html", // build output, under dist/client
  "prerendered/pt-PT/pricing.html",
]);

const EXTENSIONS = "ts|tsx|mts|mjs|cjs|js|md|json|css|po|html|sql|sh|yml|yaml";
const TOP = "src|docs|tests|scripts|bench|migrations|public";
const PATH = new RegExp(
  String.raw`(?<![\w@#.\/-])` + // not the middle of a longer word
    String.raw`((?:@\/|#tests\/|\.{1,2}\/)?(?:[\w@.-]+\/)+[\w@.-]+\.(?:${EXTENSIONS})|(?:${TOP})\/[\w@.\/-]*` +
    String.raw`|(?:\.{1,2}\/)+[\w@-][\w@.-]*(?:\/[\w@.-]+)*\/?)` +
    String.raw`(?![\w\/-]|\.\w)`,
  "g",
);

const tree = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
  cwd: root,
  encoding: "utf8",
})
  .split("\n")
  .filter(Boolean);
const files = new Set(tree);
const folders = new Set();
for (const file of tree) {
  for (let i = file.indexOf("/"); i !== -1; i = file.indexOf("/", i + 1)) folders.add(file.slice(0, i));
}
/** Every tail of every path in the tree ("stripe-sdk.ts", "payments/stripe-sdk.ts", …), files and folders. */
const tails = new Set();
for (const entry of [...files, ...folders]) {
  const parts = entry.split("/");
  for (let i = 1; i < parts.length; i++) tails.add(parts.slice(i).join("/"));
}

/** A file or folder of the tree; a module specifier may leave out its extension or its index file. */
const exists = (relative) => {
  const clean = path.posix.normalize(relative).replace(/\/$/, "");
  if (clean.startsWith("..")) return false;
  const candidates = [clean, ...[".ts", ".tsx", ".mjs", ".js", "/index.ts", "/index.tsx"].map((e) => clean + e)];
  return candidates.some((c) => files.has(c)) || folders.has(clean);
};

function resolves(mention, from) {
  const target = mention.replace(/\/$/, "");
  const dir = path.posix.dirname(from);
  if (target.startsWith("@/")) return exists(`src/${target.slice(2)}`);
  if (target.startsWith("#tests/")) return exists(`tests/${target.slice(7)}`);
  if (target.startsWith("./") || target.startsWith("../")) return exists(path.posix.join(dir, target));
  return exists(target) || exists(path.posix.join(dir, target)) || tails.has(target);
}

/** Words after which an expression starts, so a quote or a slash there opens a string or a regular expression. */
const KEYWORDS = new Set(
  "return case typeof instanceof in of from import export default else yield await void delete new throw".split(" "),
);

/**
 * The comments of a JavaScript or TypeScript file, with their line numbers. Strings, templates and regular
 * expressions are skipped; in JSX, text such as `Don't` or a closing tag `</p>` is not taken for one.
 */
function commentsOf(text) {
  const found = [];
  let line = 1;
  let i = 0;
  let last = ""; // the last significant character outside comments: "a" for a word, `)` or `]`
  let word = ""; // the last word, when last is "a"
  const n = text.length;
  const expressionStarts = () => last === "" || "(,=:[!&|?{};+-*%<>~^".includes(last) || KEYWORDS.has(word);
  /** Skips a string or template; a quote or double quote ends at the line's end too. */
  const skipQuoted = (quote) => {
    i++;
    while (i < n && text[i] !== quote) {
      if (text[i] === "\n") {
        if (quote !== "`") return;
        line++;
      } else if (text[i] === "\\") i++;
      i++;
    }
    i++;
  };
  while (i < n) {
    const c = text[i];
    const next = text[i + 1];
    if (c === "\n") {
      line++;
      i++;
    } else if (c === "/" && next === "/") {
      const end = text.indexOf("\n", i);
      found.push({ line, text: text.slice(i + 2, end === -1 ? n : end) });
      i = end === -1 ? n : end;
    } else if (c === "/" && next === "*") {
      const end = text.indexOf("*/", i + 2);
      const body = text.slice(i + 2, end === -1 ? n : end);
      found.push({ line, text: body });
      line += body.split("\n").length - 1;
      i = end === -1 ? n : end + 2;
    } else if (c === "`" || ((c === '"' || c === "'") && expressionStarts())) {
      skipQuoted(c); // a template's ${…} is skipped with it: comments inside one are not read
      last = c;
    } else if (c === "/" && text[i - 1] !== "<" && expressionStarts()) {
      i++; // a regular expression literal
      let inClass = false;
      while (i < n && text[i] !== "\n" && (text[i] !== "/" || inClass)) {
        if (text[i] === "\\") i++;
        else if (text[i] === "[") inClass = true;
        else if (text[i] === "]") inClass = false;
        i++;
      }
      i++;
      last = "/";
    } else {
      if (/[\w$]/.test(c)) {
        word = last === "a" && /[\w$]/.test(text[i - 1] ?? "") ? word + c : c;
        last = "a";
      } else if (!/\s/.test(c)) {
        last = c === ")" || c === "]" ? "a" : c;
        word = "";
      }
      i++;
    }
  }
  return found;
}

/** Markdown is read whole, lines numbered; URLs are left out. */
const linesOf = (text) => text.split("\n").map((t, index) => ({ line: index + 1, text: t }));

function mentionsIn(chunk, isSource) {
  const text = chunk.replace(/\b[a-z][\w+.-]*:\/\/\S+/gi, " "); // URLs
  const out = [];
  for (const match of text.matchAll(PATH)) {
    const mention = match[1].replace(/[.,;:]+$/, "");
    const before = text.slice(Math.max(0, match.index - 1), match.index);
    if (before === "/" || before === ":") continue; // an absolute path or a URL's path
    if (/[*<>{}…]|\/:|^(?:dist|node_modules)\//.test(mention)) continue;
    if (/^(?:src|docs|tests|scripts|bench|migrations|public)\/?$/.test(mention)) continue;
    if (/^[A-Z][A-Z0-9_]*\//.test(mention)) continue; // under a configured folder: DATA_DIR/auth-secret
    // A module without its extension is named so in code comments only; in a document it is a link.
    if (!isSource && mention.startsWith(".") && !new RegExp(`\\.(?:${EXTENSIONS})$`).test(mention)) continue;
    out.push(mention);
  }
  return out;
}

const SOURCE = /^(?:src|tests|scripts|bench)\/.*\.(?:ts|tsx|mts|mjs|cjs|js)$/;
const MARKDOWN = /^(?:docs\/.*\.md|README\.md|bench\/README\.md)$/;

const broken = [];
for (const file of tree) {
  const isSource = SOURCE.test(file);
  if (!isSource && !MARKDOWN.test(file)) continue;
  let text;
  try {
    text = readFileSync(path.join(root, file), "utf8");
  } catch {
    continue; // deleted in the work tree, not yet in the index
  }
  const chunks = isSource ? commentsOf(text) : linesOf(text);
  for (const chunk of chunks) {
    for (const mention of mentionsIn(chunk.text, isSource)) {
      if (ALLOWED.has(mention) || resolves(mention, file)) continue;
      const offset = chunk.text.split("\n").findIndex((l) => l.includes(mention));
      broken.push(`${file}:${chunk.line + Math.max(0, offset)}: ${mention}`);
    }
  }
}

if (broken.length > 0) {
  console.error(`Paths named in comments or documents that do not exist (${broken.length}):`);
  for (const line of broken) console.error(`  ${line}`);
  process.exit(1);
}
