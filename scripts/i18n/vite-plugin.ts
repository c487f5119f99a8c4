/**
 * Lingui in the web app's builds (client, prerender, Vitest's components, `npm run dev`); decision 028.
 *
 * For each module that uses a Lingui macro, or declares messages with explicit ids (`/*i18n*\/ { id, message }`,
 * as src/shared does for texts the server also says):
 *  1. Babel runs Lingui's macro plugin (only on those modules: the rest never meet Babel);
 *  2. the messages the module then holds are collected: its English from the code itself, its Portuguese from
 *     the .po catalogs (lingui.config.ts), both compiled here so no message parser ships;
 *  3. the module gets one call registering them (src/client/lib/i18n.tsx), and loses its English source texts
 *     in production (the registered English replaces them); a module with a message that has values, plurals
 *     or markup also imports Lingui's runtime (src/client/lib/i18n-full.ts), which the first load does without.
 * So every chunk carries the texts of its own code in both languages: nothing to load before a page renders or
 * when the language changes, and the first load carries only the texts of what it shows.
 */
import path from "node:path";
import { type PluginItem, type PluginObj, types as t, template, transformAsync } from "@babel/core";
import linguiMacro from "@lingui/babel-plugin-lingui-macro";
import { getCatalogs } from "@lingui/cli/api";
import { getConfig } from "@lingui/conf";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { Plugin, ViteDevServer } from "vite";

const RUNTIME = "@/client/lib/i18n";
const TARGET_LOCALE = "pt-PT";
const USES_MESSAGES = /@lingui\/(core|react)\/macro|\/\*\s*i18n\s*\*\//;

type Compiled = ReturnType<typeof compileMessage>;

/** Every translation in the catalogs, by message id: the Portuguese texts (raw ICU). */
async function readTranslations(root: string): Promise<Map<string, string>> {
  const config = getConfig({ cwd: root });
  const translations = new Map<string, string>();
  for (const catalog of await getCatalogs(config)) {
    const messages = await catalog.read(TARGET_LOCALE);
    for (const [id, entry] of Object.entries(messages ?? {})) {
      if (entry.translation && !entry.obsolete) translations.set(id, entry.translation);
    }
  }
  return translations;
}

/**
 * After the macro: collects every message descriptor of the module, removes its source text in production
 * (macro-made ids only: explicit ids, in src/shared, keep theirs for the server), and puts first in the module
 * the registration of its messages in both languages.
 */
function registerModuleMessages(file: string, pt: Map<string, string>, untranslated: Set<string>, strip: boolean) {
  const isI18nObject = (node: t.ObjectExpression) =>
    node.leadingComments?.some((comment) => comment.value.trim() === "i18n") ?? false;
  const keyIs = (property: t.ObjectProperty, name: string) =>
    (t.isIdentifier(property.key) && property.key.name === name) ||
    (t.isStringLiteral(property.key) && property.key.value === name);
  return (): PluginObj => ({
    name: "maison-register-messages",
    visitor: {
      Program: {
        exit(program) {
          const en: Record<string, Compiled> = {};
          const ptOnly: Record<string, Compiled> = {};
          program.traverse({
            ObjectExpression(objectPath) {
              if (!isI18nObject(objectPath.node)) return;
              const properties = objectPath.node.properties.filter((p): p is t.ObjectProperty => t.isObjectProperty(p));
              const id = properties.find((p) => keyIs(p, "id"));
              const message = properties.find((p) => keyIs(p, "message"));
              if (!id || !t.isStringLiteral(id.value) || !message || !t.isStringLiteral(message.value)) return;
              const messageId = id.value.value;
              const source = message.value.value;
              en[messageId] = compile(source, messageId, file);
              const translation = pt.get(messageId);
              if (translation === undefined) untranslated.add(messageId);
              else if (translation !== source) ptOnly[messageId] = compile(translation, messageId, file);
              if (strip && !messageId.includes(".")) {
                objectPath.node.properties = objectPath.node.properties.filter((p) => p !== message);
              }
            },
          });
          if (!Object.keys(en).length) return;
          const args = [JSON.stringify(en), ...(Object.keys(ptOnly).length ? [JSON.stringify(ptOnly)] : [])];
          // A message with values, plurals or markup needs Lingui's runtime; plain ones the light one says.
          const plain = (compiled: Compiled) =>
            typeof compiled === "string" || (Array.isArray(compiled) && compiled.every((p) => typeof p === "string"));
          const needsRuntime = ![...Object.values(en), ...Object.values(ptOnly)].every(plain);
          program.unshiftContainer(
            "body",
            template.statements(
              `${needsRuntime ? `import "${RUNTIME}-full";\n` : ""}import { registerMessages as __registerMessages } from "${RUNTIME}";\n__registerMessages(${args.join(", ")});`,
              { placeholderPattern: false },
            )(),
          );
        },
      },
    },
  });
}

function compile(message: string, id: string, file: string): Compiled {
  try {
    return compileMessage(message);
  } catch (error) {
    throw new Error(`${file}: message ${id} is not valid ICU: ${(error as Error).message}`);
  }
}

export function linguiMessages(): Plugin {
  let root = process.cwd();
  let production = false;
  let translations: Promise<Map<string, string>> | null = null;
  const untranslated = new Set<string>();
  const load = () => {
    translations ??= readTranslations(root);
    return translations;
  };

  return {
    name: "maison:lingui-messages",
    enforce: "pre",
    config() {
      // The macros vanish at build time: there is nothing to pre-bundle.
      return { optimizeDeps: { exclude: ["@lingui/core/macro", "@lingui/react/macro"] } };
    },
    configResolved(config) {
      root = config.root;
      production = config.isProduction;
    },
    configureServer(server: ViteDevServer) {
      // A translation edited during `npm run dev`: read the catalogs again and reload the page.
      const isCatalog = (file: string) => file.endsWith(".po") && file.includes(`${path.sep}locales${path.sep}`);
      server.watcher.on("change", (file) => {
        if (!isCatalog(file)) return;
        translations = null;
        server.moduleGraph.invalidateAll();
        server.ws.send({ type: "full-reload" });
      });
    },
    transform: {
      filter: { id: { include: /\/src\/.*\.[jt]sx?$/, exclude: /node_modules/ }, code: USES_MESSAGES },
      async handler(code, id) {
        const file = id.split("?")[0];
        const plugins: PluginItem[] = [
          [linguiMacro, { stripMessageField: false }],
          registerModuleMessages(file, await load(), untranslated, production),
        ];
        const result = await transformAsync(code, {
          filename: file,
          babelrc: false,
          configFile: false,
          sourceMaps: true,
          parserOpts: { plugins: file.endsWith("x") ? ["typescript", "jsx"] : ["typescript"] },
          plugins,
        });
        if (!result?.code) return null;
        return { code: result.code, map: result.map };
      },
    },
    buildEnd() {
      if (production && untranslated.size) {
        this.warn(
          `${untranslated.size} message(s) have no Portuguese translation yet and show in English: run \`npm run i18n:extract\` and translate them (decision 028).`,
        );
      }
    },
  };
}
