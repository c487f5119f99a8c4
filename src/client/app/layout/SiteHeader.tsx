import { Link, NavLink, useLocation } from "react-router";
import { useSession } from "@/client/features/auth/session";

/** Minimal header; the public-site issue gives it its final design and mobile menu. */
export function SiteHeader() {
  const session = useSession();
  const { pathname } = useLocation();
  if (pathname.startsWith("/admin")) return null;
  const links = session.isSignedIn
    ? [
        { to: "/dashboard", label: "Home" },
        { to: "/requests", label: "Requests" },
        { to: "/pricing", label: "Pricing" },
        { to: "/profile", label: "Profile" },
      ]
    : [
        { to: "/", label: "Home" },
        { to: "/pricing", label: "Pricing" },
        { to: "/about", label: "About" },
        { to: "/auth", label: "Sign In" },
      ];
  return (
    <header className="border-b border-stone bg-ivory">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-6">
        <Link to="/" className="font-serif text-2xl">
          Maison
        </Link>
        <nav aria-label="Main" className="flex gap-6 text-sm">
          {links.map((l) => (
            <NavLink key={l.to} to={l.to}>
              {l.label}
            </NavLink>
          ))}
        </nav>
      </div>
    </header>
  );
}
