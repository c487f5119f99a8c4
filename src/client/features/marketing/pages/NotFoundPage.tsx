import { Link } from "react-router";
import { useDocumentTitle } from "@/client/lib/use-document-title";

export default function NotFoundPage() {
  useDocumentTitle("Page not found");
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-6 px-6 py-24 text-center">
      <p className="eyebrow text-gold-deep">404</p>
      <h1 className="text-5xl">Page not found</h1>
      <p className="text-ink-muted">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="underline decoration-gold underline-offset-4">
        Return to Home
      </Link>
    </section>
  );
}
