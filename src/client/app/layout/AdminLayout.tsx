import { Link, Outlet } from "react-router";
import { useRealtime } from "@/client/lib/realtime";

/** Header and footer are hidden on admin paths; the admin area has its own sidebar layout. */
export function AdminLayout() {
  useRealtime();
  return (
    <div className="flex min-h-dvh bg-ivory">
      <nav aria-label="Admin" className="hidden w-64 shrink-0 border-r border-stone bg-noir p-6 text-ivory md:block">
        <p className="font-serif text-2xl">Maison</p>
        <p className="eyebrow mt-1 text-gold-light">Admin</p>
        <Link to="/" className="mt-10 block text-sm text-ivory/80 hover:text-ivory">
          Exit admin
        </Link>
      </nav>
      <main id="main" className="flex-1 p-6 md:p-10">
        <Outlet />
      </main>
    </div>
  );
}
