import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useLocation } from "react-router";
import { Wordmark } from "@/client/components/ui/wordmark";
import { usePublicConfig } from "@/client/lib/public-config";
import { useSession } from "@/client/lib/session";
import { LanguageChoice } from "./language-choice";
import { isAdminPath } from "./nav-items";

const linkClass =
  "text-sm text-ivory/75 underline-offset-4 decoration-gold transition-colors duration-200 hover:text-ivory hover:underline";

export function SiteFooter() {
  const { t } = useLingui();
  const { pathname } = useLocation();
  const config = usePublicConfig();
  // Signed in, the floating chat button sits bottom right: the page ends below it, not under it.
  const { isSignedIn } = useSession();
  if (isAdminPath(pathname)) return null;
  const appName = config.data?.appName ?? "Maison";
  const contactEmail = config.data?.contactEmail;
  const year = new Date().getFullYear();

  return (
    <footer className="render-lazy surface-noir">
      <div className={`page-container pt-20 md:pt-24 ${isSignedIn ? "pb-28" : "pb-10"}`}>
        <div className="grid gap-14 md:grid-cols-12 md:gap-8">
          <div className="md:col-span-5">
            <p>
              <Wordmark className="h-[1.15rem] w-auto text-ivory" />
              <span className="sr-only">{appName}</span>
            </p>
            <p className="mt-6 max-w-xs text-sm leading-relaxed text-ivory/70">
              <Trans>
                A private sourcing and concierge house. By membership, with a single point of contact for everything you
                ask of us.
              </Trans>
            </p>
          </div>

          <nav aria-label={t`Footer`} className="grid grid-cols-2 gap-10 md:col-span-4 md:grid-cols-2">
            <div>
              <p className="eyebrow text-gold">{t`Explore`}</p>
              <ul className="mt-5 space-y-3">
                <li>
                  <Link to="/pricing" className={linkClass}>
                    {t`Membership Plans`}
                  </Link>
                </li>
                <li>
                  <Link to="/about" className={linkClass}>
                    {t`Our Story`}
                  </Link>
                </li>
              </ul>
            </div>
            <div>
              <p className="eyebrow text-gold">{t`Policies`}</p>
              <ul className="mt-5 space-y-3">
                <li>
                  <Link to="/legal" className={linkClass}>
                    {t`Terms & Policies`}
                  </Link>
                </li>
                <li>
                  <Link to="/privacy" className={linkClass}>
                    {t`Privacy Notice`}
                  </Link>
                </li>
              </ul>
            </div>
          </nav>

          <div className="md:col-span-3">
            <p className="eyebrow text-gold">{t`Contact`}</p>
            <p className="mt-5 text-sm text-ivory/70">{t`Write to our team`}</p>
            <p className="mt-2 min-h-6">
              {contactEmail && (
                <a
                  href={`mailto:${contactEmail}`}
                  className="font-serif text-xl text-ivory underline decoration-gold/60 underline-offset-4 transition-colors hover:decoration-gold"
                >
                  {contactEmail}
                </a>
              )}
            </p>
            <LanguageChoice tone="dark" showLabel className="mt-8" />
          </div>
        </div>

        <div className="mt-20 flex flex-col gap-3 border-t border-noir-line pt-8 text-xs tracking-[0.08em] text-ivory/60 sm:flex-row sm:items-center sm:justify-between">
          <p>{t`© ${year} ${appName}. All rights reserved.`}</p>
          <p className="eyebrow text-ivory/70">{t`Designed in Portugal`}</p>
        </div>
      </div>
    </footer>
  );
}
