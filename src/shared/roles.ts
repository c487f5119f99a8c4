export const ROLES = ["client", "staff", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** Staff and admin together count as staff-or-admin (spec section 6). */
export function isStaffRole(role: Role | null | undefined): boolean {
  return role === "staff" || role === "admin";
}

/** A user may hold several role rows; the strongest wins. */
export function strongestRole(roles: readonly Role[]): Role {
  if (roles.includes("admin")) return "admin";
  if (roles.includes("staff")) return "staff";
  return "client";
}
