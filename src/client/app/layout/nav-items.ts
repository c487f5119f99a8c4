import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@/client/lib/i18n";

/** The header's links (spec section 2, "Membership gate and global elements"), shared by the desktop bar and the
 * mobile menu so the two always mirror each other. */
export interface NavItem {
  to: string;
  /** Translated where it is shown. */
  label: MessageDescriptor;
  /** Only active on this exact path (the home links). */
  end?: boolean;
  /** Sign In is set apart as a small outlined button. */
  emphasis?: boolean;
}

export interface NavSession {
  isSignedIn: boolean;
  isStaff: boolean;
}

export function navItems({ isSignedIn, isStaff }: NavSession): NavItem[] {
  if (!isSignedIn) {
    return [
      { to: "/", label: msg`Home`, end: true },
      { to: "/pricing", label: msg`Pricing` },
      { to: "/about", label: msg`About` },
      { to: "/auth", label: msg`Sign In`, emphasis: true },
    ];
  }
  const items: NavItem[] = [
    { to: "/dashboard", label: msg`Home`, end: true },
    { to: "/requests", label: msg`Requests` },
    { to: "/pricing", label: msg`Pricing` },
    { to: "/profile", label: msg`Profile` },
  ];
  if (isStaff) {
    items.push(
      { to: "/admin", label: msg`Admin Dashboard`, end: true },
      { to: "/admin/settings", label: msg`Admin Settings` },
    );
  }
  return items;
}

/** Header and footer are hidden on admin paths (the admin area has its own sidebar). */
export function isAdminPath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}
