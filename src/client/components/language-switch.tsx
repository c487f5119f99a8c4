import { useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { LOCALE_NAMES } from "@/shared/locale-names";
import { LOCALES, type Locale } from "@/shared/locales";

/** Each language's two letters, for the header's compact switch (its buttons are named in full). */
const SHORT: Record<Locale, string> = { en: "EN", "pt-PT": "PT" };

/**
 * The header's switch, where room is short: a labelled group of two buttons, "EN" and "PT", each named in its
 * own language ("English, EN", "Português, PT") and pressed when it is the one in use.
 */
export function CompactLanguageSwitch({
  value,
  onChange,
  className,
}: {
  value: Locale;
  onChange: (locale: Locale) => void;
  /** Its display ("flex" unless given: "hidden xl:flex", say) and more. */
  className?: string;
}) {
  const { t } = useLingui();
  return (
    <fieldset
      aria-label={t`Language`}
      className={`m-0 min-w-0 items-center gap-0.5 border-0 p-0 ${className ?? "flex"}`}
    >
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          // The visible letters are part of the name (WCAG 2.5.3): "English, EN", "Português, PT".
          aria-label={`${LOCALE_NAMES[locale]}, ${SHORT[locale]}`}
          aria-pressed={value === locale}
          onClick={() => onChange(locale)}
          className={`h-8 min-w-8 cursor-pointer rounded-md px-1.5 text-[0.72rem] font-medium tracking-[0.08em] transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold ${
            value === locale
              ? "text-noir underline decoration-gold underline-offset-4"
              : "text-ink-muted hover:text-noir"
          }`}
        >
          {SHORT[locale]}
        </button>
      ))}
    </fieldset>
  );
}

/**
 * The language switch of the footer, the phone menu, the admin sidebar and the profile (decision 028): a native
 * select, so it works with every keyboard and screen reader and opens the phone's own picker. Each language is
 * named in itself.
 */
export function LanguageSwitch({
  value,
  onChange,
  tone = "light",
  showLabel = false,
  className,
}: {
  value: Locale;
  onChange: (locale: Locale) => void;
  /** "dark" on the noir surfaces (footer, phone menu). */
  tone?: "light" | "dark";
  /** The label shown beside it (else read by screen readers only). */
  showLabel?: boolean;
  className?: string;
}) {
  const { t } = useLingui();
  const id = useId();
  const dark = tone === "dark";
  return (
    <div className={`flex items-center gap-3 ${className ?? ""}`}>
      <label htmlFor={id} className={showLabel ? `eyebrow ${dark ? "text-gold" : "text-ink-muted"}` : "sr-only"}>
        {t`Language`}
      </label>
      <span className="relative inline-flex items-center">
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value as Locale)}
          className={`h-9 cursor-pointer appearance-none rounded-md border bg-transparent py-1 pr-7 pl-2.5 text-[0.8rem] font-medium tracking-[0.02em] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold ${
            dark ? "border-noir-line text-ivory [&>option]:text-noir" : "border-stone text-noir"
          }`}
        >
          {LOCALES.map((locale) => (
            <option key={locale} value={locale} lang={locale}>
              {LOCALE_NAMES[locale]}
            </option>
          ))}
        </select>
        {/* A thin chevron, drawn inline: the icon library stays out of the first load. */}
        <svg
          aria-hidden="true"
          viewBox="0 0 12 12"
          className={`pointer-events-none absolute right-2.5 size-2.5 ${dark ? "text-ivory/70" : "text-ink-muted"}`}
          fill="none"
          stroke="currentColor"
          strokeWidth={1.4}
        >
          <path d="M2 4.5 6 8.5 10 4.5" />
        </svg>
      </span>
    </div>
  );
}
