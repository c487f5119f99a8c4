import { useEffect } from "react";
import { setActiveLocale } from "@/client/lib/i18n";
import { rememberLocale } from "@/client/lib/i18n-cookie";
import { useSession } from "@/client/lib/session";

/**
 * A signed-in member sees their profile's language, chosen on any device (decision 028); the cookie follows, so
 * the server sends this browser's next pages in it too. Rendered for signed-in visitors only, from its own chunk.
 * The switch is ./language-choice.tsx.
 */
export function ProfileLanguage() {
  const language = useSession().profile?.language;
  useEffect(() => {
    if (!language) return;
    setActiveLocale(language);
    rememberLocale(language);
  }, [language]);
  return null;
}
