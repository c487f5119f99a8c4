/**
 * Lingui's `<Trans>` for the macro (lingui.config.ts), apart from ./i18n.tsx so the first load, whose texts are
 * plain `t`, carries none of its rich-text formatting.
 */
import type { TransProps } from "@lingui/react";
import { TransNoContext } from "@lingui/react/server";
import { useLingui } from "./i18n";
import "./i18n-full";

/** Lingui's `<Trans>` (what the macro compiles to), in the active language. */
export function Trans(props: TransProps) {
  const lingui = useLingui();
  return <TransNoContext {...props} lingui={lingui as unknown as Parameters<typeof TransNoContext>[0]["lingui"]} />;
}
