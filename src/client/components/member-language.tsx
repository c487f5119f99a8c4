import { useLingui } from "@lingui/react/macro";
import { LOCALE_NAMES } from "@/shared/locale-names";
import type { Locale } from "@/shared/locales";

/**
 * A member's interface language, for the staff's client panels (decision 028): the language their emails and
 * notifications are written in, named in itself ("Português").
 */
export function MemberLanguage({ locale }: { locale: Locale }) {
  return <span lang={locale}>{LOCALE_NAMES[locale]}</span>;
}

/** The language as a term of a description list (the request's client card). */
export function MemberLanguageTerm({ locale, className }: { locale: Locale; className?: string }) {
  const { t } = useLingui();
  return (
    <div className={className}>
      <dt className="eyebrow text-ink-muted">{t`Language`}</dt>
      <dd className="mt-1.5">
        <MemberLanguage locale={locale} />
      </dd>
    </div>
  );
}

/** The language inline, after a member's address (the concierge conversation's header). */
export function MemberLanguageNote({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  return (
    <>
      <span aria-hidden> · </span>
      <span className="sr-only">{t`Language:`} </span>
      <MemberLanguage locale={locale} />
    </>
  );
}
