import { useLocation } from "react-router";

export function SiteFooter() {
  const { pathname } = useLocation();
  if (pathname.startsWith("/admin")) return null;
  return (
    <footer className="border-t border-stone bg-noir px-6 py-10 text-sm text-ivory/80">
      <div className="mx-auto max-w-6xl">Designed in Portugal</div>
    </footer>
  );
}
