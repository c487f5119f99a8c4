import { lazy, Suspense, useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { PageSpinner } from "@/client/components/ui/spinner";
import { useSession } from "@/client/lib/session";
import { useAppRealtime } from "../use-app-realtime";
import { CookieBanner } from "./CookieBanner";
import { PageReady } from "./PageReady";
import { RouteErrorBoundary } from "./RouteError";
import { SiteHeader } from "./SiteHeader";

// Below the fold or for signed-in visitors only: kept out of the JavaScript a first visit waits for.
const SiteFooter = lazy(() => import("./SiteFooter").then((m) => ({ default: m.SiteFooter })));
const FloatingChatButton = lazy(() => import("./FloatingChatButton").then((m) => ({ default: m.FloatingChatButton })));

export function RootLayout() {
  useAppRealtime();
  const { isSignedIn } = useSession();
  const { pathname } = useLocation();
  useEffect(() => {
    // A new page starts at the top (the declarative router has no ScrollRestoration).
    if (pathname) window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60] focus:rounded-md focus:bg-noir focus:px-4 focus:py-2 focus:text-ivory"
      >
        Skip to content
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
      </Suspense>
      <CookieBanner />
    </div>
  );
}
