import { useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useEffect } from "react";
import { Outlet, useLocation, useNavigate } from "react-router";
import { PageSpinner } from "@/client/components/ui/spinner";
import { secondFactor } from "@/client/lib/http";
import { useSession } from "@/client/lib/session";
import { useAppRealtime } from "../use-app-realtime";
import { PageReady } from "./page-ready";
import { RouteErrorBoundary } from "./route-error";
import { SiteHeader } from "./site-header";

// Below the fold or for signed-in visitors only: kept out of the JavaScript a first visit waits for.
const SiteFooter = lazy(() => import("./site-footer").then((m) => ({ default: m.SiteFooter })));
const FloatingChatButton = lazy(() =>
  import("./floating-chat-button").then((m) => ({ default: m.FloatingChatButton })),
);
const ProfileLanguage = lazy(() => import("./profile-language").then((m) => ({ default: m.ProfileLanguage })));
// Prerendered with the page, and hydrated once its own small chunk arrives (its HTML stays on screen meanwhile).
const CookieBanner = lazy(() => import("./cookie-banner").then((m) => ({ default: m.CookieBanner })));

/** Room under what the browser scrolls to: the chat button's 3.5rem, its 1.25rem offset, and air. */
const CHAT_BUTTON_ROOM = "scroll-pb-24";

export function RootLayout() {
  const { t } = useLingui();
  useAppRealtime();
  const { isSignedIn } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    // A staff member the team requires two-factor of, landing outside the admin area (decision 050).
    secondFactor.onSetupRequired ??= () => navigate("/two-factor/setup");
  }, [navigate]);
  useEffect(() => {
    // A new page starts at the top (the declarative router has no ScrollRestoration).
    if (pathname) window.scrollTo(0, 0);
  }, [pathname]);
  useEffect(() => {
    // The floating chat button (signed in, bottom right) must not hide what the browser scrolls into view: a
    // focused field (the phone input above a phone's keyboard), a linked element, the newest message.
    if (!isSignedIn) return;
    const root = document.documentElement;
    root.classList.add(CHAT_BUTTON_ROOM);
    // Focus scrolls only a field out of view: one in view but under the button (a composer at the window's
    // bottom edge) is brought up above it. Fields in dialogs do not move the page behind them.
    const onFocus = (event: FocusEvent) => {
      const field = event.target;
      if (!(field instanceof HTMLElement) || !field.matches("input, textarea, select")) return;
      if (field.closest('[role="dialog"], [role="alertdialog"]')) return;
      field.scrollIntoView({ block: "nearest" });
    };
    document.addEventListener("focusin", onFocus);
    return () => {
      root.classList.remove(CHAT_BUTTON_ROOM);
      document.removeEventListener("focusin", onFocus);
    };
  }, [isSignedIn]);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60] focus:rounded-md focus:bg-noir focus:px-4 focus:py-2 focus:text-ivory"
      >
        {t`Skip to content`}
      </a>
      <SiteHeader />
      <main id="main" className="flex-1">
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
            <PageReady />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Suspense fallback={null}>
        <SiteFooter />
        {isSignedIn && <FloatingChatButton />}
        {isSignedIn && <ProfileLanguage />}
      </Suspense>
      <Suspense fallback={null}>
        <CookieBanner />
      </Suspense>
    </div>
  );
}
