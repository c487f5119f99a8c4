/**
 * The whole client tree around a router. The browser (main.tsx) and the build-time prerender
 * (entry-prerender.tsx) render the same tree, so the prerendered pages hydrate without a mismatch.
 */
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, StrictMode, Suspense } from "react";
import { DeferredToaster } from "@/client/components/ui/deferred-toaster";
import { useSession } from "@/client/lib/session";
import { appRoutes } from "./router";
import { ServiceWorkerForMembers } from "./service-worker-for-members";

/** What only a signed-in visitor loads unasked: the toast viewport at idle, and the service worker. */
function MemberExtras() {
  const { isSignedIn } = useSession();
  return (
    <>
      <DeferredToaster atIdle={isSignedIn} />
      <ServiceWorkerForMembers signedIn={isSignedIn} />
    </>
  );
}

export function App({ queryClient, router }: { queryClient: QueryClient; router: (routes: ReactNode) => ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        {router(
          // The admin area's lazy guard and layout sit outside the site layout's own Suspense.
          <Suspense fallback={<div aria-hidden className="min-h-dvh" />}>{appRoutes}</Suspense>,
        )}
        <MemberExtras />
      </QueryClientProvider>
    </StrictMode>
  );
}
