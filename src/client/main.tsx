import "./styles/index.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { appRoutes } from "./app/router";
import { DeferredToaster } from "./components/ui/deferred-toaster";
import { queryClient } from "./lib/query-client";

createRoot(document.getElementById("root") as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        {/* The admin area's lazy guard and layout sit outside the site layout's own Suspense. */}
        <Suspense fallback={<div aria-hidden className="min-h-dvh" />}>{appRoutes}</Suspense>
      </BrowserRouter>
      <DeferredToaster />
    </QueryClientProvider>
  </StrictMode>,
);
