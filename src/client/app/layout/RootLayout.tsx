import { Suspense } from "react";
import { Outlet, ScrollRestoration } from "react-router";
import { PageSpinner } from "@/client/components/ui/spinner";
import { useRealtime } from "@/client/lib/realtime";
import { CookieBanner } from "./CookieBanner";
import { FloatingChatButton } from "./FloatingChatButton";
import { SiteFooter } from "./SiteFooter";
import { SiteHeader } from "./SiteHeader";

export function RootLayout() {
  useRealtime();
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
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <FloatingChatButton />
      <CookieBanner />
      <ScrollRestoration />
    </div>
  );
}
