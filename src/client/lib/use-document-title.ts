import { msg } from "@lingui/core/macro";
import { useEffect } from "react";
import { i18n } from "./i18n";

const SITE = "Maison";
const TAGLINE = msg`Luxury Procurement Redefined`;

/** The page's own title, and the unread count shown before it: "(3) Requests · Maison". */
let base: string | null = null;
let unread = 0;
const apply = () => {
  const title = base ?? `${SITE} · ${i18n._(TAGLINE)}`;
  document.title = unread > 0 ? `(${unread > 99 ? "99+" : unread}) ${title}` : title;
};

/** The unread count in the tab's title, so a tab in the background shows it (0 removes it). */
export function setTitleCount(count: number) {
  unread = count;
  apply();
}

// While prerendering (no document), the title and description a page gives itself go into its HTML.
let prerendered: { title: string; description?: string } | null = null;

/** The head the page just prerendered asked for (scripts/prerender.mjs writes it into the page's HTML). */
export function takeDocumentHead(): { title: string; description?: string } {
  const head = prerendered ?? { title: `${SITE} · ${i18n._(TAGLINE)}` };
  prerendered = null;
  return head;
}

/** Each page sets its own title and meta description (pass them translated: they follow the language). */
export function useDocumentTitle(title: string, description?: string) {
  if (typeof document === "undefined") {
    prerendered = { title: title ? `${title} · ${SITE}` : `${SITE} · ${i18n._(TAGLINE)}`, description };
  }
  useEffect(() => {
    base = title ? `${title} · ${SITE}` : null;
    apply();
    if (description) {
      document.querySelector('meta[name="description"]')?.setAttribute("content", description);
    }
  }, [title, description]);
}
