/**
 * The full route table of spec section 2. Every page is loaded on demand, and so are the guards and the admin
 * layout: the marketing pages never pull in the member or admin code (nor the UI kit those bring along).
 */
import type { ComponentType } from "react";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { RootLayout } from "./layout/RootLayout";
import { RouteError } from "./layout/RouteError";

type PageModule = { default: ComponentType };
/**
 * While a page's code arrives on the first visit the header is already painted; the page area holds a screen's
 * height so the footer waits below the fold instead of jumping down when the page appears.
 */
const PageLoading = () => <div aria-hidden className="min-h-dvh" />;
const page = (load: () => Promise<PageModule>): Pick<RouteObject, "lazy" | "HydrateFallback"> => ({
  lazy: async () => ({ Component: (await load()).default }),
  HydrateFallback: PageLoading,
});

type GuardName = "RequireAuth" | "RequireMembership" | "RequireStaff";
/** A guard layout route, loaded with the pages it protects. */
const guard = (name: GuardName): Pick<RouteObject, "lazy" | "HydrateFallback"> => ({
  lazy: async () => ({ Component: (await import("./guards"))[name] }),
  HydrateFallback: PageLoading,
});

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      // Public
      { path: "/", ...page(() => import("@/client/features/marketing/pages/LandingPage")) },
      { path: "/pricing", ...page(() => import("@/client/features/marketing/pages/PricingPage")) },
      { path: "/about", ...page(() => import("@/client/features/marketing/pages/AboutPage")) },
      { path: "/legal", ...page(() => import("@/client/features/marketing/pages/LegalPage")) },
      { path: "/privacy", ...page(() => import("@/client/features/marketing/pages/PrivacyPage")) },
      { path: "/auth", ...page(() => import("@/client/features/auth/pages/AuthPage")) },
      { path: "/reset-password", ...page(() => import("@/client/features/auth/pages/ResetPasswordPage")) },
      // These two redirect themselves to /auth when signed out.
      { path: "/profile", ...page(() => import("@/client/features/profile/pages/ProfilePage")) },
      { path: "/post-checkout", ...page(() => import("@/client/features/billing/pages/PostCheckoutPage")) },
      { path: "/checkout/test/:sessionId", ...page(() => import("@/client/features/billing/pages/TestCheckoutPage")) },
      { path: "/billing/test", ...page(() => import("@/client/features/billing/pages/TestBillingPage")) },
      // Guarded member pages
      {
        ...guard("RequireAuth"),
        children: [
          {
            ...guard("RequireMembership"),
            children: [
              { path: "/dashboard", ...page(() => import("@/client/features/dashboard/pages/DashboardPage")) },
              { path: "/requests", ...page(() => import("@/client/features/requests/pages/RequestsPage")) },
              { path: "/requests/:id", ...page(() => import("@/client/features/requests/pages/RequestDetailPage")) },
              { path: "/new-request", ...page(() => import("@/client/features/requests/pages/NewRequestPage")) },
              { path: "/messages", ...page(() => import("@/client/features/messages/pages/MessagesPage")) },
              { path: "/sales-contact", ...page(() => import("@/client/features/sales/pages/SalesContactPage")) },
            ],
          },
        ],
      },
      { path: "*", ...page(() => import("@/client/features/marketing/pages/NotFoundPage")) },
    ],
  },
  {
    path: "/admin",
    ...guard("RequireStaff"),
    errorElement: <RouteError />,
    children: [
      {
        lazy: async () => ({ Component: (await import("./layout/AdminLayout")).AdminLayout }),
        HydrateFallback: PageLoading,
        children: [
          { index: true, ...page(() => import("@/client/features/admin/pages/AdminDashboardPage")) },
          { path: "dashboard", ...page(() => import("@/client/features/admin/pages/AdminDashboardPage")) },
          { path: "inbox", ...page(() => import("@/client/features/admin/pages/AdminInboxPage")) },
          { path: "concierge", element: <Navigate to="/admin/inbox" replace /> },
          { path: "requests", ...page(() => import("@/client/features/admin/pages/AdminRequestsPage")) },
          { path: "requests/:id", ...page(() => import("@/client/features/admin/pages/AdminRequestDetailPage")) },
          { path: "settings", ...page(() => import("@/client/features/admin/pages/AdminSettingsPage")) },
          { path: "debug", ...page(() => import("@/client/features/admin/pages/AdminDebugPage")) },
          { path: "qa", ...page(() => import("@/client/features/admin/pages/AdminQaPage")) },
          { path: "notifications", ...page(() => import("@/client/features/admin/pages/AdminNotificationsPage")) },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
