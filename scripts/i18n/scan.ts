/**
 * Nothing untranslated, part 2 (issue 24, decision 028): finds the visible strings of the client's code that are
 * not going through Lingui, by reading each file's syntax tree (tests/i18n/untranslated.test.ts runs it):
 *  - JSX text with a letter outside Lingui's `<Trans>` (and its Plural, Select, SelectOrdinal);
 *  - a string or template with a letter as a text attribute: aria-label, placeholder, title, alt, label and the
 *    like (any prop named …Label, …Text, …Title, …Description, …Placeholder, …Message, …Heading, …Hint);
 *  - a string as a JSX child expression (`{"Text"}`, `{cond ? "Yes" : "No"}`);
 *  - a string argument of `toast(…)`, `toast.success(…)` and friends, and of `useDocumentTitle(…)`;
 *  - a string value of a text-like key in an object (`{ label: "Home" }`, `{ message: "…" }`) or a text-like
 *    parameter's default (`label = "Loading"`).
 * Strings with no letter (symbols, numbers) are not text; ALLOWED lists the few words that are not translated.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { type NodePath, parseSync, types as t, traverse } from "@babel/core";

/**
 * Words shown the same in every language: the brand (and its initial), the plan names (names, like the brand:
 * decision 028's glossary), each language's own name, and the phone number's shape the spec gives.
 */
export const ALLOWED = new Set([
  "Maison",
  "M",
  "Basic",
  "Silver",
  "Gold",
  "Black",
  "English",
  "Português",
  "+351 XXX XXX XXX",
]);

const TEXT_ATTRIBUTES = new Set([
  "aria-label",
  "aria-description",
  "aria-placeholder",
  "aria-roledescription",
  "aria-valuetext",
  "placeholder",
  "title",
  "alt",
  "label",
  "description",
  "heading",
  "hint",
  "message",
  "caption",
  "eyebrow",
  "subtitle",
  "tooltip",
  "legend",
  "summary",
  "empty",
]);
const TEXT_SUFFIX = /(Label|Text|Title|Description|Placeholder|Message|Heading|Hint|Caption)$/;
const TEXT_KEYS = new Set(["label", "title", "description", "heading", "message", "placeholder", "hint", "eyebrow"]);
const TRANS_ELEMENTS = new Set(["Trans", "Plural", "Select", "SelectOrdinal"]);
const TEXT_CALLS = new Set(["toast", "useDocumentTitle", "toastError"]);

export interface Finding {
  line: number;
  kind: string;
  text: string;
}

const hasLetter = (text: string) => /\p{L}/u.test(text);
const isText = (text: string) => hasLetter(text) && !ALLOWED.has(text.trim());

/** The string of a literal (a template's fixed parts), or null for anything else. */
function literalText(node: t.Node | null | undefined): string | null {
  if (!node) return null;
  if (t.isStringLiteral(node)) return node.value;
  if (t.isTemplateLiteral(node)) return node.quasis.map((q) => q.value.cooked ?? "").join("…");
  return null;
}

/** The literals a child expression shows: itself, or the branches of a conditional or logical expression. */
function shownLiterals(node: t.Node): string[] {
  const own = literalText(node);
  if (own !== null) return [own];
  if (t.isConditionalExpression(node)) return [...shownLiterals(node.consequent), ...shownLiterals(node.alternate)];
  if (t.isLogicalExpression(node)) return shownLiterals(node.right);
  return [];
}

const isTextAttribute = (name: string) => TEXT_ATTRIBUTES.has(name) || TEXT_SUFFIX.test(name);

function insideTrans(p: NodePath): boolean {
  return Boolean(
    p.findParent((parent) => {
      if (!parent.isJSXElement()) return false;
      const name = parent.node.openingElement.name;
      return t.isJSXIdentifier(name) && TRANS_ELEMENTS.has(name.name);
    }),
  );
}

/** The untranslated visible strings of one file's code. */
export function scanSource(code: string, filename: string): Finding[] {
  const ast = parseSync(code, {
    filename,
    babelrc: false,
    configFile: false,
    parserOpts: { plugins: filename.endsWith(".tsx") ? ["typescript", "jsx"] : ["typescript"] },
  });
  if (!ast) return [];
  const findings: Finding[] = [];
  const add = (node: t.Node, kind: string, text: string) =>
    findings.push({ line: node.loc?.start.line ?? 0, kind, text: text.replace(/\s+/g, " ").trim() });

  traverse(ast, {
    JSXText(p) {
      if (isText(p.node.value) && !insideTrans(p)) add(p.node, "JSX text", p.node.value);
    },
    JSXAttribute(p) {
      const name = t.isJSXIdentifier(p.node.name) ? p.node.name.name : p.node.name.name.name;
      if (!isTextAttribute(name)) return;
      const value = p.node.value;
      const text = t.isJSXExpressionContainer(value) ? literalText(value.expression) : literalText(value);
      if (text !== null && isText(text)) add(p.node, `${name}=`, text);
    },
    JSXExpressionContainer(p) {
      if (!p.parentPath.isJSXElement() && !p.parentPath.isJSXFragment()) return;
      if (insideTrans(p)) return;
      for (const text of shownLiterals(p.node.expression)) if (isText(text)) add(p.node, "JSX {…}", text);
    },
    CallExpression(p) {
      const callee = p.node.callee;
      const name = t.isIdentifier(callee)
        ? callee.name
        : t.isMemberExpression(callee) && t.isIdentifier(callee.object)
          ? callee.object.name
          : null;
      if (!name || !TEXT_CALLS.has(name)) return;
      const text = literalText(p.node.arguments[0]);
      if (text !== null && isText(text)) add(p.node, `${name}(…)`, text);
    },
    ObjectProperty(p) {
      const key = t.isIdentifier(p.node.key) ? p.node.key.name : t.isStringLiteral(p.node.key) ? p.node.key.value : "";
      if (!TEXT_KEYS.has(key)) return;
      // Class names for a component's parts (`classNames: { description: "…" }`) are not text.
      const owner = p.parentPath.parentPath;
      if (owner?.isObjectProperty() && t.isIdentifier(owner.node.key) && /^class/.test(owner.node.key.name)) return;
      // A Lingui descriptor (`{ id, message }`) is the translated form itself.
      if (key === "message" && p.parentPath.isObjectExpression()) {
        const keys = p.parentPath.node.properties.map((q) =>
          t.isObjectProperty(q) && t.isIdentifier(q.key) ? q.key.name : "",
        );
        if (keys.includes("id")) return;
        // A macro's descriptor with a context (`t({ message: "Sent", context: "quote" })`) is translated too.
        const call = p.parentPath.parentPath;
        if (
          keys.includes("context") &&
          call?.isCallExpression() &&
          t.isIdentifier(call.node.callee) &&
          ["t", "msg", "defineMessage"].includes(call.node.callee.name)
        )
          return;
      }
      const text = literalText(p.node.value);
      if (text !== null && isText(text)) add(p.node, `${key}:`, text);
    },
    AssignmentPattern(p) {
      if (!t.isIdentifier(p.node.left) || !isTextAttribute(p.node.left.name)) return;
      const text = literalText(p.node.right);
      if (text !== null && isText(text)) add(p.node, `${p.node.left.name} =`, text);
    },
  });
  return findings;
}

/** The client's component and module files, tests and their fixtures (`test-fixtures.ts`) left out. */
export function clientFiles(root: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return name === "locales" ? [] : walk(full);
      return /\.tsx?$/.test(name) && !/(\.test|^test-fixtures)\.tsx?$/.test(name) && !name.endsWith(".d.ts")
        ? [full]
        : [];
    });
  return walk(path.join(root, "src/client")).map((file) => path.relative(root, file));
}

export function scanFile(root: string, file: string): Finding[] {
  return scanSource(readFileSync(path.join(root, file), "utf8"), file);
}

/**
 * The files not converted yet (decision 028): each feature folder (and each folder of src/client) may hold an
 * `i18n-todo.txt` listing its own
 * files, one per line (paths from the repository's root; `#` starts a comment). A listed file may still show
 * untranslated strings; a listed file with none left must leave the list, and an empty list must be deleted.
 */
export function todoLists(root: string): Map<string, string[]> {
  const lists = new Map<string, string[]>();
  const client = path.join(root, "src/client");
  const features = path.join(client, "features");
  const folders = [
    ...readdirSync(features).map((name) => path.join(features, name)),
    ...readdirSync(client).map((name) => path.join(client, name)),
  ];
  for (const folder of folders) {
    const file = path.join(folder, "i18n-todo.txt");
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    const entries = text
      .split("\n")
      .map((line) => line.replace(/#.*/, "").trim())
      .filter(Boolean);
    lists.set(path.relative(root, file), entries);
  }
  return lists;
}
