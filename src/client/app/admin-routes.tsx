/**
 * The admin area's routes (under /admin/*), in a module of their own that only staff ever load: none of the
 * admin pages is named in the JavaScript of a first visit.
 */
import { type ComponentType, lazy } from "react";
import { Navigate, Route, Routes } from "react-router";
import { RequireStaff } from "./guards";
import { AdminLayout } from "./layout/admin-layout";

const page = (load: () => Promise<{ default: ComponentType }>) => {
  const Page = lazy(load);
  return <Page />;
};

const dashboard = page(() => import("./pages/admin-dashboard-route"));

export default function AdminRoutes() {
  return (
    <Routes>
      <Route element={<RequireStaff />}>
        <Route element={<AdminLayout />}>
          <Route index element={dashboard} />
          <Route path="dashboard" element={dashboard} />
          <Route path="concierge" element={<Navigate to="/admin/inbox?tab=concierge" replace />} />
          {ADMIN_PAGES.map(([path, element]) => (
            <Route key={path} path={path} element={element} />
          ))}
        </Route>
      </Route>
    </Routes>
  );
}

/** Built once: each page's lazy component is created a single time. */
const ADMIN_PAGES: Array<[string, React.ReactNode]> = [
  ["inbox", page(() => import("./pages/admin-inbox-route"))],
  ["requests", page(() => import("@/client/features/requests/pages/admin-requests-page"))],
  ["requests/:id", page(() => import("./pages/admin-request-detail-route"))],
  ["search", page(() => import("@/client/features/search/pages/admin-search-page"))],
  ["replies", page(() => import("@/client/features/replies/pages/admin-replies-page"))],
  ["settings", page(() => import("./pages/admin-settings-route"))],
  ["debug", page(() => import("@/client/features/billing/pages/admin-debug-page"))],
  ["qa", page(() => import("@/client/features/qa/pages/admin-qa-page"))],
  ["notifications", page(() => import("@/client/features/notifications/pages/admin-notifications-page"))],
  ["outbox", page(() => import("@/client/features/notifications/pages/admin-outbox-page"))],
  ["audit", page(() => import("@/client/features/audit/pages/admin-audit-page"))],
  ["security", page(() => import("@/client/features/account/pages/admin-security-page"))],
];
