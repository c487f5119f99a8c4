/** The header's links (spec section 2, "Membership gate and global elements"), shared by the desktop bar and the
 * mobile menu so the two always mirror each other. */
export interface NavItem {
  to: string;
  label: string;
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
      { to: "/", label: "Home", end: true },
      { to: "/pricing", label: "Pricing" },
      { to: "/about", label: "About" },
      { to: "/auth", label: "Sign In", emphasis: true },
    ];
  }
  const items: NavItem[] = [
    { to: "/dashboard", label: "Home", end: true },
    { to: "/requests", label: "Requests" },
    { to: "/pricing", label: "Pricing" },
    { to: "/profile", label: "Profile" },
  ];
  if (isStaff) {
    items.push(
      { to: "/admin", label: "Admin Dashboard", end: true },
      { to: "/admin/settings", label: "Admin Settings" },
    );
  }
  return items;
}

/** Header and footer are hidden on admin paths (the admin area has its own sidebar). */
export function isAdminPath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}
