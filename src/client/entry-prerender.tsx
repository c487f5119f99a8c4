/**
 * Build-time prerendering of the public pages (scripts/prerender.mjs): the signed-out HTML of each page in each
 * language, so a first visit sees the page with the first paint instead of after the JavaScript has run.
 */
import { QueryClient } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router";
import type { Locale } from "@/shared/locales";
import { App } from "./app/app";
import { setActiveLocale } from "./lib/i18n";
import { takeDocumentHead } from "./lib/use-document-title";

function tree(url: string) {
  // Nothing is fetched while prerendering: the session and settings stay "loading", as on the first client render.
  const queryClient = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  return <App queryClient={queryClient} router={(routes) => <StaticRouter location={url}>{routes}</StaticRouter>} />;
}

/**
 * The page's HTML in `locale`, complete and without inline scripts (the CSP forbids them), with the title and
 * description the page gives itself: a first pass waits for every lazy page and layout to load; once they have,
 * a synchronous render has nothing left to suspend on.
 */
export async function render(
  url: string,
  locale: Locale,
): Promise<{ html: string; title: string; description?: string }> {
  setActiveLocale(locale);
  const { prelude } = await prerenderToNodeStream(tree(url));
  for await (const _ of prelude) {
    // drained: only the loading of the lazy modules mattered
  }
  const html = renderToString(tree(url));
  return { html, ...takeDocumentHead() };
}
