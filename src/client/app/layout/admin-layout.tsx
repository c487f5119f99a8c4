/**
 * The admin area's frame: a sidebar (Dashboard, Requests, Messages, Search, Notifications, Saved replies, QA,
 * Settings, exit), which collapses to icons with Ctrl/Cmd+B and remembers that for 7 days in a cookie; a sheet below 768 px.
 * Header and footer of the public site are hidden here.
 */

import { msg } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import {
  Bell,
  FlaskConical,
  Inbox,
  LayoutDashboard,
  ListChecks,
  LogOut,
  Mail,
  Menu,
  MessageSquareText,
  PanelLeftClose,
  PanelLeftOpen,
  ScrollText,
  Search,
  Settings,
  ShieldCheck,
  X,
} from "lucide-react";
import { Suspense, useCallback, useEffect, useState } from "react";
import { Link, NavLink, Outlet, useLocation, useNavigate } from "react-router";
import { Button } from "@/client/components/ui/button";
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from "@/client/components/ui/sheet";
import { PageSpinner } from "@/client/components/ui/spinner";
import { SecondFactorDialog } from "@/client/features/account/components/second-factor-dialog";
import { type AdminBadges, requestsAdminQueries } from "@/client/features/requests/admin-api";
import type { MessageDescriptor } from "@/client/lib/i18n";
import { useSession } from "@/client/lib/session";
import { cn } from "@/client/lib/utils";
import type { RestrictedState } from "../guards";
import { useAppRealtime } from "../use-app-realtime";
import { LanguageChoice } from "./language-choice";
import { PageReady } from "./page-ready";
import { ProfileLanguage } from "./profile-language";
import { UnreadTitle } from "./unread-title";

const COOKIE = "sidebar_state";
const COOKIE_MAX_AGE = 60 * 60 * 24 * 7;

const ITEMS: Array<{
  to: string;
  label: MessageDescriptor;
  icon: typeof Bell;
  end?: boolean;
  badge?: Exclude<keyof AdminBadges, "mail">;
  /** Shown to admins only (the server refuses staff). */
  adminOnly?: boolean;
}> = [
  { to: "/admin", label: msg`Dashboard`, icon: LayoutDashboard, end: true },
  { to: "/admin/requests", label: msg`Requests`, icon: ListChecks, badge: "requests" },
  { to: "/admin/inbox", label: msg`Messages`, icon: Inbox, badge: "messages" },
  { to: "/admin/search", label: msg`Search`, icon: Search },
  { to: "/admin/notifications", label: msg`Notifications`, icon: Bell, badge: "notifications" },
  { to: "/admin/replies", label: msg`Saved replies`, icon: MessageSquareText },
  { to: "/admin/qa", label: msg`QA`, icon: FlaskConical },
  { to: "/admin/outbox", label: msg`Outbox`, icon: Mail, adminOnly: true },
  { to: "/admin/audit", label: msg`Audit log`, icon: ScrollText, adminOnly: true },
  { to: "/admin/security", label: msg`Security`, icon: ShieldCheck, adminOnly: true },
  { to: "/admin/settings", label: msg`Settings`, icon: Settings },
];

const ROLE_LABELS = { client: msg`client`, staff: msg`staff`, admin: msg`admin` } as const;

function readSidebarOpen(): boolean {
  const match = document.cookie.match(new RegExp(`(?:^|; )${COOKIE}=(true|false)`));
  return match ? match[1] === "true" : true;
}

/** A sidebar count, capped at 99+ (spec). */
const capped = (n: number) => (n > 99 ? "99+" : String(n));

function SidebarNav({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { t, i18n } = useLingui();
  const session = useSession();
  const badges = useQuery(requestsAdminQueries.badges()).data;
  return (
    <div className="flex h-full flex-col">
      <div className={cn("flex h-16 items-center border-b border-ivory/10", collapsed ? "justify-center" : "px-6")}>
        <Link to="/admin" onClick={onNavigate} className="font-serif text-2xl tracking-[0.25em] uppercase">
          {collapsed ? "M" : "Maison"}
        </Link>
      </div>
      <nav aria-label={t`Admin`} className="flex-1 py-6">
        <ul className="flex flex-col gap-1 px-3">
          {ITEMS.filter((item) => !item.adminOnly || session.role === "admin").map(
            ({ to, label: descriptor, icon: Icon, end, badge }) => {
              const label = i18n._(descriptor);
              return (
                <li key={to}>
                  <NavLink
                    to={to}
                    end={end}
                    onClick={onNavigate}
                    title={collapsed ? label : undefined}
                    className={({ isActive }) =>
                      cn(
                        "relative flex h-10 items-center gap-3 rounded-md px-3 text-sm transition-colors",
                        collapsed && "justify-center px-0",
                        isActive ? "bg-ivory/10 text-ivory" : "text-ivory/75 hover:bg-ivory/5 hover:text-ivory",
                      )
                    }
                  >
                    {({ isActive }) => (
                      <>
                        <Icon className={cn("size-4 shrink-0", isActive && "text-gold-light")} strokeWidth={1.6} />
                        <span className={collapsed ? "sr-only" : undefined}>{label}</span>
                        {badge && badges && badges[badge] > 0 ? (
                          <span
                            className={cn(
                              "ml-auto rounded-full bg-gold px-1.5 py-0.5 text-[11px] leading-none font-semibold text-noir tabular-nums",
                              collapsed && "absolute ml-6 -mt-5",
                            )}
                          >
                            <span className="sr-only">, </span>
                            {capped(badges[badge])}
                            <span className="sr-only"> {t`new`}</span>
                          </span>
                        ) : null}
                      </>
                    )}
                  </NavLink>
                </li>
              );
            },
          )}
        </ul>
      </nav>
      <div className="border-t border-ivory/10 p-3">
        {!collapsed && session.user && (
          <p className="truncate px-3 pb-3 text-xs text-ivory/60" title={session.user.email}>
            {session.user.name} · {session.role && i18n._(ROLE_LABELS[session.role])}
          </p>
        )}
        <Link
          to="/dashboard"
          onClick={onNavigate}
          title={collapsed ? t`Exit admin` : undefined}
          className={cn(
            "flex h-10 items-center gap-3 rounded-md px-3 text-sm text-ivory/75 hover:bg-ivory/5 hover:text-ivory",
            collapsed && "justify-center px-0",
          )}
        >
          <LogOut className="size-4" strokeWidth={1.6} />
          <span className={collapsed ? "sr-only" : undefined}>{t`Exit admin`}</span>
        </Link>
        {!collapsed && <LanguageChoice tone="dark" className="px-3 pt-3" />}
      </div>
    </div>
  );
}

export function AdminLayout() {
  const { t } = useLingui();
  useAppRealtime();
  const [open, setOpen] = useState(readSidebarOpen);
  const [mobileOpen, setMobileOpen] = useState(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const toSetup = useCallback(() => navigate("/two-factor/setup"), [navigate]);

  const toggle = useCallback(() => {
    setOpen((value) => {
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser yet
      document.cookie = `${COOKIE}=${!value}; path=/; max-age=${COOKIE_MAX_AGE}; SameSite=Lax`;
      return !value;
    });
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === "b" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [toggle]);

  useEffect(() => {
    // A new admin page starts at the top.
    if (pathname) window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <div className="flex min-h-dvh bg-ivory">
      <aside
        className={cn(
          "sticky top-0 hidden h-dvh shrink-0 bg-noir text-ivory transition-[width] duration-200 md:block",
          open ? "w-64" : "w-12",
        )}
      >
        <SidebarNav collapsed={!open} />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-stone bg-ivory/95 px-4 backdrop-blur md:px-8">
          <Sheet open={mobileOpen} onOpenChange={setMobileOpen}>
            <SheetTrigger
              className="rounded-md p-2 text-noir hover:bg-ivory-deep md:hidden"
              aria-label={t`Open admin menu`}
            >
              <Menu className="size-5" />
            </SheetTrigger>
            <SheetContent className="w-72 max-w-[18rem] p-0">
              <SheetTitle className="sr-only">{t`Admin menu`}</SheetTitle>
              <SidebarNav collapsed={false} onNavigate={() => setMobileOpen(false)} />
            </SheetContent>
          </Sheet>
          <button
            type="button"
            onClick={toggle}
            className="hidden cursor-pointer rounded-md p-2 text-ink-muted hover:bg-ivory-deep hover:text-noir md:inline-flex"
            aria-label={open ? t`Collapse sidebar` : t`Expand sidebar`}
            title={t`Toggle sidebar (Ctrl/Cmd+B)`}
          >
            {open ? <PanelLeftClose className="size-4" /> : <PanelLeftOpen className="size-4" />}
          </button>
          <p className="eyebrow text-gold-deep">{t`Operations`}</p>
        </header>
        <main id="main" className="flex-1 px-4 py-8 md:px-10 md:py-10">
          <AccessRestricted />
          <MailBanner />
          <UnreadTitle />
          <ProfileLanguage />
          <SecondFactorDialog onSetupRequired={toSetup} />
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
            <PageReady />
          </Suspense>
        </main>
      </div>
    </div>
  );
}

/** Where the email line's dismissal is kept: for the browser session, so it is seen again the next day. */
const MAIL_LINE_DISMISSED = "maison.mail-line-dismissed";

/**
 * The spec's email banner, showing the real state: nothing while SMTP is configured; otherwise one slim line of
 * how much mail the outbox holds unsent and how to send it, which staff may dismiss for the session (issue 34
 * item 13: a banner took 15 % of every admin screen).
 */
export function MailBanner() {
  const { t } = useLingui();
  const session = useSession();
  const mail = useQuery(requestsAdminQueries.badges()).data?.mail;
  const [dismissed, setDismissed] = useState(() => {
    try {
      return sessionStorage.getItem(MAIL_LINE_DISMISSED) === "1";
    } catch {
      return false;
    }
  });
  if (!mail || mail.configured || dismissed) return null;
  function dismiss() {
    setDismissed(true);
    try {
      sessionStorage.setItem(MAIL_LINE_DISMISSED, "1");
    } catch {
      // Storage refused (a private window): dismissed for this page only.
    }
  }
  return (
    <aside
      aria-label={t`Email status`}
      className="mb-4 flex items-center gap-3 border-b border-stone pb-2 text-xs text-ink-muted"
    >
      <Mail aria-hidden className="size-3.5 shrink-0 text-gold-deep" />
      <p className="min-w-0 flex-1 sm:truncate">
        <span className="font-medium text-noir">{t`Email is not configured.`}</span>{" "}
        <Trans>
          <Plural value={mail.held} one="# message is" other="# messages are" /> held in the outbox until SMTP_URL is
          set.
        </Trans>
      </p>
      {session.role === "admin" && (
        <Link to="/admin/outbox" className="shrink-0 underline underline-offset-4 hover:text-gold-deep">
          {t`Open the outbox`}
        </Link>
      )}
      <button
        type="button"
        onClick={dismiss}
        aria-label={t`Dismiss the email notice`}
        className="-my-1 shrink-0 rounded-sm p-1 hover:text-noir focus-visible:outline-2 focus-visible:outline-gold-deep"
      >
        <X aria-hidden className="size-3.5" />
      </button>
    </aside>
  );
}

/** Said to staff sent here from a page for clients only (the router's RequireMembership with clientsOnly). */
function AccessRestricted() {
  const { t } = useLingui();
  const location = useLocation();
  const navigate = useNavigate();
  const reason = (location.state as Partial<RestrictedState> | null)?.restricted;
  if (!reason) return null;
  return (
    <section
      aria-labelledby="access-restricted"
      className="mb-8 flex flex-wrap items-center justify-between gap-4 rounded-lg border border-gold/50 bg-ivory-deep px-6 py-5"
    >
      <div>
        <h2 id="access-restricted" className="font-serif text-2xl">
          {t`Access Restricted`}
        </h2>
        <p className="mt-1 text-sm text-ink-muted">{reason}</p>
      </div>
      <Button onClick={() => navigate("/admin/dashboard", { replace: true })}>{t`Go to Admin Dashboard`}</Button>
    </section>
  );
}
