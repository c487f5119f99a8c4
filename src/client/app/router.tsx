/**
 * The full route table of spec section 2, in React Router's declarative mode: the data-router machinery
 * (loaders, actions, fetchers) is not used here and would cost a fifth of the first-load JavaScript. Every page
 * is loaded on demand, and so are the guards and the admin layout, so the marketing pages never pull in the
 * member or admin code.
 */
import { type ComponentType, lazy } from "react";
import { Navigate, Route, Routes } from "react-router";
import { RootLayout } from "./layout/RootLayout";

const page = (load: () => Promise<{ default: ComponentType }>) => {
  const Page = lazy(load);
  return <Page />;
};
const guards = () => import("./guards");
const RequireAuth = lazy(() => guards().then((m) => ({ default: m.RequireAuth })));
const RequireMembership = lazy(() => guards().then((m) => ({ default: m.RequireMembership })));
const RequireStaff = lazy(() => guards().then((m) => ({ default: m.RequireStaff })));
const AdminLayout = lazy(() => import("./layout/AdminLayout").then((m) => ({ default: m.AdminLayout })));

const adminDashboard = page(() => import("@/client/features/admin/pages/AdminDashboardPage"));

/** Built once: each page's lazy component is created a single time. */
export const appRoutes = (
  <Routes>
    <Route element={<RootLayout />}>
      {/* Public */}
      <Route path="/" element={page(() => import("@/client/features/marketing/pages/LandingPage"))} />
      <Route path="/pricing" element={page(() => import("@/client/features/marketing/pages/PricingPage"))} />
      <Route path="/about" element={page(() => import("@/client/features/marketing/pages/AboutPage"))} />
      <Route path="/legal" element={page(() => import("@/client/features/marketing/pages/LegalPage"))} />
      <Route path="/privacy" element={page(() => import("@/client/features/marketing/pages/PrivacyPage"))} />
      <Route path="/auth" element={page(() => import("@/client/features/auth/pages/AuthPage"))} />
      <Route path="/reset-password" element={page(() => import("@/client/features/auth/pages/ResetPasswordPage"))} />
      <Route path="/verify-email" element={page(() => import("@/client/features/auth/pages/VerifyEmailPage"))} />
      {/* These two redirect themselves to /auth when signed out. */}
      <Route path="/profile" element={page(() => import("@/client/features/profile/pages/ProfilePage"))} />
      <Route path="/post-checkout" element={page(() => import("@/client/features/billing/pages/PostCheckoutPage"))} />
      <Route
        path="/checkout/test/:sessionId"
        element={page(() => import("@/client/features/billing/pages/TestCheckoutPage"))}
      />
      <Route path="/billing/test" element={page(() => import("@/client/features/billing/pages/TestBillingPage"))} />
      {/* Guarded member pages */}
      <Route element={<RequireAuth />}>
        <Route element={<RequireMembership />}>
          <Route path="/dashboard" element={page(() => import("@/client/features/dashboard/pages/DashboardPage"))} />
          <Route path="/requests" element={page(() => import("@/client/features/requests/pages/RequestsPage"))} />
          <Route
            path="/requests/:id"
            element={page(() => import("@/client/features/requests/pages/RequestDetailPage"))}
          />
          <Route path="/new-request" element={page(() => import("@/client/features/requests/pages/NewRequestPage"))} />
          <Route path="/messages" element={page(() => import("@/client/features/messages/pages/MessagesPage"))} />
          <Route path="/sales-contact" element={page(() => import("@/client/features/sales/pages/SalesContactPage"))} />
        </Route>
      </Route>
      <Route path="*" element={page(() => import("@/client/features/marketing/pages/NotFoundPage"))} />
    </Route>
    <Route path="/admin" element={<RequireStaff />}>
      <Route element={<AdminLayout />}>
        <Route index element={adminDashboard} />
        <Route path="dashboard" element={adminDashboard} />
        <Route path="inbox" element={page(() => import("@/client/features/admin/pages/AdminInboxPage"))} />
        <Route path="concierge" element={<Navigate to="/admin/inbox" replace />} />
        <Route path="requests" element={page(() => import("@/client/features/admin/pages/AdminRequestsPage"))} />
        <Route
          path="requests/:id"
          element={page(() => import("@/client/features/admin/pages/AdminRequestDetailPage"))}
        />
        <Route path="settings" element={page(() => import("@/client/features/admin/pages/AdminSettingsPage"))} />
        <Route path="debug" element={page(() => import("@/client/features/admin/pages/AdminDebugPage"))} />
        <Route path="qa" element={page(() => import("@/client/features/admin/pages/AdminQaPage"))} />
        <Route
          path="notifications"
          element={page(() => import("@/client/features/admin/pages/AdminNotificationsPage"))}
        />
      </Route>
    </Route>
  </Routes>
);
