/**
 * The server's translations, compiled (decision 028, 041): every language's .po catalogs of src/shared/locales and
 * src/server/locales, each text compiled by Lingui's message compiler. From the sources (tests, `npm run cli`)
 * they are read here, once, from the project's folders; the built server never runs this module: its build
 * (vite.server.config.ts) puts in its place a module holding what `compiledCatalogs()` gave at build time, so
 * production reads no .po file and carries no .po parser.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import PO from "pofile";

export type CompiledMessage = ReturnType<typeof compileMessage>;
/** Language → message id → compiled translation. */
export type CompiledCatalogs = Record<string, Record<string, CompiledMessage>>;

/** The catalogs the server says, relative to the project's root. */
const SERVER_CATALOGS = ["src/shared/locales", "src/server/locales"];

function projectRoot(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, SERVER_CATALOGS[0]))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

/** Every language's translations (a catalog's untranslated and obsolete entries left out). */
export function compiledCatalogs(root = projectRoot()): CompiledCatalogs {
  const catalogs: CompiledCatalogs = {};
  for (const dir of SERVER_CATALOGS) {
    const folder = path.join(root, dir);
    for (const file of existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith(".po")) : []) {
      const locale = file.slice(0, -".po".length);
      catalogs[locale] ??= {};
      const messages = catalogs[locale];
      for (const item of PO.parse(readFileSync(path.join(folder, file), "utf8")).items) {
        const translation = item.msgstr[0];
        if (!item.obsolete && translation) messages[item.msgid] = compileMessage(translation);
      }
    }
  }
  return catalogs;
}
