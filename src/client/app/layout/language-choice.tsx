/**
 * The header's, footer's and admin sidebar's language switch with what choosing does (decision 028): the
 * interface changes at once and the cookie keeps the choice; a signed-in member's profile keeps it too (their
 * emails and notifications follow it). Loaded on its own, after the first render.
 */
import { useQueryClient } from "@tanstack/react-query";
import { CompactLanguageSwitch, LanguageSwitch } from "@/client/components/language-switch";
import { setActiveLocale, useLocale } from "@/client/lib/i18n";
import { rememberLocale } from "@/client/lib/i18n-cookie";
import { sessionQueryKey, useSession } from "@/client/lib/session";
import type { Locale } from "@/shared/locales";
import type { SessionInfo } from "@/shared/session";

export function LanguageChoice({
  compact = false,
  ...props
}: Omit<Parameters<typeof LanguageSwitch>[0], "value" | "onChange"> & { compact?: boolean }) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  const { isSignedIn } = useSession();
  const choose = (next: Locale) => {
    setActiveLocale(next);
    rememberLocale(next);
    if (!isSignedIn) return;
    // The session shows the new language at once (so adopting the profile's does not switch back), and the
    // profile keeps it.
    queryClient.setQueryData<SessionInfo>(sessionQueryKey, (info) =>
      info?.profile ? { ...info, profile: { ...info.profile, language: next } } : info,
    );
    void import("@/client/features/account/api")
      .then((account) => account.saveLanguage(next))
      .catch(() => {
        // The interface has changed already; the profile catches up at the next change.
      });
  };
  if (compact) return <CompactLanguageSwitch value={locale} onChange={choose} className={props.className} />;
  return <LanguageSwitch value={locale} onChange={choose} {...props} />;
}
