import { useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useRef } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { OnDemand, useOnDemand } from "@/client/components/on-demand";
import { Wordmark } from "@/client/components/ui/wordmark";
import { useSession } from "@/client/lib/session";
import { PLAN_BADGE_CLASS, SIGN_IN_BUTTON_CLASS } from "./header-classes";
import { isAdminPath, type NavItem, navItems } from "./nav-items";

/** The Sheet (Radix dialog) only loads when a phone visitor reaches for the menu. */
const loadMobileMenu = () => import("./mobile-menu");
const MobileMenu = lazy(loadMobileMenu);
/** The notifications bell (the notifications feature's), for signed-in visitors only: never in a first visit's load. */
/** The language switch: prerendered with the header, hydrated once its own small chunk arrives. */
const LanguageChoice = lazy(() => import("./language-choice").then((m) => ({ default: m.LanguageChoice })));
const NotificationMenu = lazy(() =>
  import("@/client/features/notifications/components/notification-menu").then((m) => ({ default: m.NotificationMenu })),
);

function navLinkClass({ isActive }: { isActive: boolean }) {
  return [
    "relative whitespace-nowrap py-2 text-[0.78rem] font-medium tracking-[0.02em] transition-colors duration-200 lg:text-[0.8rem] lg:tracking-[0.08em]",
    "after:absolute after:inset-x-0 after:-bottom-0.5 after:h-px after:origin-left after:bg-gold after:transition-transform after:duration-200",
    isActive ? "text-noir after:scale-x-100" : "text-ink-muted hover:text-noir after:scale-x-0 hover:after:scale-x-100",
  ].join(" ");
}

export function SiteHeader() {
  const { t, i18n } = useLingui();
  const session = useSession();
  const { pathname } = useLocation();
  const menu = useOnDemand();
  const menuButton = useRef<HTMLButtonElement>(null);
  if (isAdminPath(pathname)) return null;

  const items = navItems(session);
  const links = items.filter((item) => !item.emphasis);
  const signIn = items.find((item) => item.emphasis);
  // A plan badge names a membership the person holds: 'Basic' is a paid plan, so someone signed up without one
  // (or on the team, who need none) is not labelled with it.
  const planLabel = !session.isSignedIn
    ? null
    : session.hasActiveMembership
      ? session.planLabel
      : session.isStaff
        ? t`Team`
        : t`No membership`;

  return (
    <header className="sticky top-0 z-40 border-b border-stone bg-ivory">
      <div className="page-container flex h-16 items-center justify-between gap-6 md:h-[4.75rem]">
        <Link to="/" className="-my-2 inline-flex items-center py-2 text-noir">
          <Wordmark className="h-4 w-auto md:h-[0.95rem] lg:h-[1.15rem]" />
          <span className="sr-only">Maison</span>
        </Link>

        {/* Desktop and tablet: the full bar. The links appear once we know who is visiting, so a member never sees
            the signed-out links flash by. */}
        <nav aria-label={t`Main`} className="hidden items-center gap-3.5 md:ml-auto md:flex lg:gap-8">
          {!session.isLoading && (
            <>
              <ul className="flex items-center gap-3.5 motion-safe:animate-fade lg:gap-7">
                {links.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} end={item.end} className={navLinkClass}>
                      {i18n._(item.label)}
                    </NavLink>
                  </li>
                ))}
              </ul>
              {planLabel && (
                <span className={PLAN_BADGE_CLASS}>
                  <span className="sr-only">{t`Plan:`} </span>
                  {planLabel}
                </span>
              )}
              {signIn && (
                <Link to={signIn.to} className={`${SIGN_IN_BUTTON_CLASS} ml-2 motion-safe:animate-fade`}>
                  {i18n._(signIn.label)}
                </Link>
              )}
            </>
          )}
          {/* Where the staff's longer bar leaves no room, their switch is in the footer and the admin sidebar. */}
          <Suspense fallback={<span aria-hidden className="h-8 w-[4.25rem]" />}>
            <LanguageChoice compact className={session.isStaff ? "hidden xl:flex" : undefined} />
          </Suspense>
        </nav>

        {/* The bell: beside the bar, and beside the phone menu's button. */}
        {session.isSignedIn && (
          <div className="-mr-3 ml-auto flex md:-ml-2 md:mr-0">
            <Suspense fallback={<span aria-hidden className="size-10" />}>
              <NotificationMenu />
            </Suspense>
          </div>
        )}

        {/* Phones: one button that opens the mirrored menu in a sheet. */}
        <button
          ref={menuButton}
          type="button"
          className="-mr-2 inline-flex h-11 items-center gap-3 rounded-md px-2 text-[0.72rem] font-medium tracking-[0.22em] uppercase text-noir cursor-pointer md:hidden"
          aria-haspopup="dialog"
          aria-expanded={menu.open}
          onClick={menu.show}
          onPointerEnter={() => void loadMobileMenu()}
          onFocus={() => void loadMobileMenu()}
          onTouchStart={() => void loadMobileMenu()}
        >
          {t`Menu`}
          <span aria-hidden className="flex w-5 flex-col gap-[5px]">
            <span className="h-px w-full bg-noir" />
            <span className="h-px w-3/4 self-end bg-noir" />
          </span>
        </button>
      </div>
      <OnDemand when={menu.mounted}>
        <MobileMenu
          open={menu.open}
          onOpenChange={menu.setOpen}
          items={items satisfies NavItem[]}
          planLabel={planLabel}
          returnFocusTo={menuButton}
        />
      </OnDemand>
    </header>
  );
}
