/**
 * The full route table of spec section 2, in React Router's declarative mode: the data-router machinery
 * (loaders, actions, fetchers) is not used here and would cost a fifth of the first-load JavaScript. Every page
 * is loaded on demand, and so are the guards and the admin layout, so the marketing pages never pull in the
 * member or admin code. Every guard is here: pages never guard themselves.
 */
import { type ComponentType, lazy } from "react";
import { Route, Routes } from "react-router";
import { RootLayout } from "./layout/root-layout";

type PageModule = () => Promise<{ default: ComponentType }>;

const page = (load: PageModule) => {
  const Page = lazy(load);
  return <Page />;
};
/**
 * Who may open a page: anyone, a signed-in visitor, a member (an active membership, or staff), or a member who is
 * a client (staff and admin are sent to /admin: they cannot create requests).
 */
type Access = "public" | "signed-in" | "member" | "client";

/** Every page of the site's layout, by path; the admin area's are in ./admin-routes.tsx. */
const PAGES: Array<[string, Access, PageModule]> = [
  ["/", "public", () => import("@/client/features/marketing/pages/landing-page")],
  ["/pricing", "public", () => import("./pages/pricing-route")],
  ["/about", "public", () => import("@/client/features/marketing/pages/about-page")],
  ["/legal", "public", () => import("@/client/features/marketing/pages/legal-page")],
  ["/privacy", "public", () => import("@/client/features/marketing/pages/privacy-page")],
  ["/auth", "public", () => import("@/client/features/account/pages/auth-page")],
  ["/reset-password", "public", () => import("@/client/features/account/pages/reset-password-page")],
  ["/verify-email", "public", () => import("@/client/features/account/pages/verify-email-page")],
  // The spec keeps /profile and /post-checkout outside the member guard; like the test-mode billing pages, they
  // send a signed-out visitor to /auth and back.
  ["/profile", "signed-in", () => import("./pages/profile-route")],
  // Where staff are sent while the team requires two-factor and they have none (decision 050).
  ["/two-factor/setup", "signed-in", () => import("@/client/features/account/pages/two-factor-setup-page")],
  ["/post-checkout", "signed-in", () => import("@/client/features/billing/pages/post-checkout-page")],
  ["/checkout/test/:sessionId", "signed-in", () => import("@/client/features/billing/pages/test-checkout-page")],
  ["/checkout/test/holds/:id", "signed-in", () => import("@/client/features/billing/pages/test-hold-page")],
  ["/checkout/test/invoices/:id", "signed-in", () => import("@/client/features/billing/pages/test-invoice-page")],
  ["/checkout/test/receipts/:id", "signed-in", () => import("@/client/features/billing/pages/test-receipt-page")],
  ["/billing/test", "signed-in", () => import("@/client/features/billing/pages/test-billing-page")],
  ["/dashboard", "member", () => import("@/client/features/requests/pages/dashboard-page")],
  ["/requests", "member", () => import("@/client/features/requests/pages/requests-page")],
  ["/requests/:id", "member", () => import("./pages/request-detail-route")],
  ["/new-request", "client", () => import("@/client/features/requests/pages/new-request-page")],
  ["/messages", "member", () => import("./pages/messages-route")],
  ["/sales-contact", "member", () => import("@/client/features/sales/pages/sales-contact-page")],
];

/** The routes of one access level: each page's lazy component is created a single time. */
const routes = (access: Access) =>
  PAGES.filter((entry) => entry[1] === access).map(([path, , load]) => (
    <Route key={path} path={path} element={page(load)} />
  ));

const guards = () => import("./guards");
const RequireAuth = lazy(() => guards().then((m) => ({ default: m.RequireAuth })));
const RequireMembership = lazy(() => guards().then((m) => ({ default: m.RequireMembership })));
const AdminRoutes = lazy(() => import("./admin-routes"));

/** Built once. */
export const appRoutes = (
  <Routes>
    <Route element={<RootLayout />}>
      {routes("public")}
      <Route element={<RequireAuth />}>
        {routes("signed-in")}
        <Route element={<RequireMembership />}>
          {routes("member")}
          <Route element={<RequireMembership clientsOnly />}>{routes("client")}</Route>
        </Route>
      </Route>
      <Route path="*" element={page(() => import("@/client/features/marketing/pages/not-found-page"))} />
    </Route>
    {/* The admin area: its guard, layout and pages load with it (./admin-routes.tsx). */}
    <Route path="/admin/*" element={<AdminRoutes />} />
  </Routes>
);
