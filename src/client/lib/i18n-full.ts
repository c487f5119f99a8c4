/**
 * Lingui's runtime (values, plurals, markup), plugged into ./i18n.tsx by the modules whose messages need it: the
 * build adds `import "@/client/lib/i18n-full"` to each of them (decision 028), so the first load, whose texts are
 * plain, carries none of it.
 */
import { setupI18n } from "@lingui/core";
import { plugFullRuntime } from "./i18n";

plugFullRuntime(setupI18n());
