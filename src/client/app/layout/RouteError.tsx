import { Link, useRouteError } from "react-router";

/** Shown when a page fails to load or throws; never a blank screen. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <main className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center gap-6 px-6 text-center">
      <h1 className="text-4xl">Something went wrong</h1>
      <p className="text-ink-muted">Please refresh the page. If it keeps happening, contact our concierge team.</p>
      <Link to="/" className="underline decoration-gold underline-offset-4">
        Back to Home
      </Link>
    </main>
  );
}
