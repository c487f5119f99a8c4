/**
 * Route guards. They mirror the server's rules for a smooth experience; the server enforces them regardless.
 */
import { useLingui } from "@lingui/react/macro";
import { useEffect } from "react";
import { Navigate, Outlet, useLocation, useNavigate } from "react-router";
import { Button } from "@/client/components/ui/button";
import { PageSpinner } from "@/client/components/ui/spinner";
import { useSession } from "@/client/lib/session";

/** Where to come back to after signing in. */
export function authRedirect(location: { pathname: string; search: string }) {
  return `/auth?next=${encodeURIComponent(location.pathname + location.search)}`;
}

export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (session.isLoading) return <PageSpinner />;
  if (!session.isSignedIn) return <Navigate to={authRedirect(location)} replace />;
  return <Outlet />;
}

/**
 * Signed-in pages that need an active membership; staff and admin bypass plan checks. `clientsOnly` pages
 * (/new-request) send staff and admin to /admin instead, which says 'Access Restricted'.
 */
export function RequireMembership({ clientsOnly = false }: { clientsOnly?: boolean }) {
  const { t } = useLingui();
  const session = useSession();
  if (clientsOnly && session.isStaff) {
    const state: RestrictedState = { restricted: t`Staff and admin accounts cannot create requests.` };
    return <Navigate to="/admin" replace state={state} />;
  }
  if (session.isStaff || session.hasActiveMembership) return <Outlet />;
  return <MembershipGate />;
}

/** What the admin area says to staff sent there from a member-only page (see AdminLayout). */
export interface RestrictedState {
  restricted: string;
}

export const GATE_REDIRECT_MS = 1500;

export function MembershipGate() {
  const { t } = useLingui();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate("/pricing"), GATE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-6 px-6 py-24 text-center">
      <span className="size-8 animate-spin rounded-full border-2 border-stone border-t-gold" aria-hidden />
      <p className="eyebrow text-gold-deep">{t`Members only`}</p>
      <h1 className="text-4xl sm:text-5xl">{t`Membership Required`}</h1>
      <p className="text-ink-muted">
        {t`To access the product, you need an active membership. Choose a plan to get started.`}
      </p>
      <Button onClick={() => navigate("/pricing")}>{t`View Membership Plans`}</Button>
    </section>
  );
}

export function RequireStaff() {
  const session = useSession();
  const location = useLocation();
  if (session.isLoading) return <PageSpinner />;
  if (!session.isSignedIn) return <Navigate to={authRedirect(location)} replace />;
  if (!session.isStaff) return <Navigate to="/" replace />;
  return <Outlet />;
}
