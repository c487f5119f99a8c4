import type { Locale } from "./locales";

/** Each language named in itself, as the switch and the staff's client panels show it (decision 028). */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", "pt-PT": "Português" };
