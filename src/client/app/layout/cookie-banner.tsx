import { Trans, useLingui } from "@lingui/react/macro";
import { useSyncExternalStore } from "react";
import { Link } from "react-router";
import { buttonVariants } from "@/client/components/ui/button-variants";

/** The browser flag of spec section 3: set to "true" on Accept. */
export const PRIVACY_ACCEPTED_KEY = "privacyAccepted";

function hasAccepted(): boolean {
  try {
    return window.localStorage.getItem(PRIVACY_ACCEPTED_KEY) === "true";
  } catch {
    return false;
  }
}

let acceptedThisVisit = false;
const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The cookie and privacy notice: shown until accepted, remembered in localStorage. Prerendered pages carry it
 * (the server cannot read localStorage), so a first visit sees it with the first paint; a returning visitor's
 * copy goes away as soon as the page comes alive.
 */
export function CookieBanner() {
  const { t } = useLingui();
  const accepted = useSyncExternalStore(
    subscribe,
    () => acceptedThisVisit || hasAccepted(),
    () => false,
  );
  if (accepted) return null;

  function accept() {
    try {
      window.localStorage.setItem(PRIVACY_ACCEPTED_KEY, "true");
    } catch {
      // Storage may be disabled (private mode); the notice still closes for this visit.
    }
    acceptedThisVisit = true;
    for (const listener of listeners) listener();
  }

  return (
    <section
      aria-label={t`Privacy notice`}
      className="surface-noir fixed inset-x-3 bottom-3 z-50 rounded-lg border border-noir-line shadow-[0_18px_50px_-24px_rgba(11,11,12,0.7)] motion-safe:animate-rise md:inset-x-0 md:bottom-0 md:rounded-none md:border-x-0 md:border-b-0 md:shadow-none"
    >
      <div className="flex flex-col gap-3.5 px-5 py-4 md:mx-auto md:max-w-[80rem] md:flex-row md:items-center md:justify-between md:gap-10 md:px-8 md:py-4 lg:px-12">
        <p className="text-[0.84rem] leading-relaxed text-ivory/80 md:text-[0.88rem]">
          <span className="eyebrow mr-3 text-gold">{t`Your privacy`}</span>
          <Trans>
            We use only essential cookies and local storage to keep you signed in and remember your choices. No
            advertising trackers, ever.
          </Trans>
        </p>
        <div className="flex shrink-0 items-center gap-3">
          <button type="button" onClick={accept} className={buttonVariants({ variant: "light", size: "sm" })}>
            {t`Accept`}
          </button>
          <Link to="/privacy" className={buttonVariants({ variant: "outline-light", size: "sm" })}>
            {t`Read Policy`}
          </Link>
        </div>
      </div>
    </section>
  );
}
