import { useEffect } from "react";

const SITE = "Maison";

/** The page's own title, and the unread count shown before it: "(3) Requests · Maison". */
let base = `${SITE} · Luxury Procurement Redefined`;
let unread = 0;
const apply = () => {
  document.title = unread > 0 ? `(${unread > 99 ? "99+" : unread}) ${base}` : base;
};

/** The unread count in the tab's title, so a tab in the background shows it (0 removes it). */
export function setTitleCount(count: number) {
  unread = count;
  apply();
}

/** Each page sets its own title and meta description. */
export function useDocumentTitle(title: string, description?: string) {
  useEffect(() => {
    base = title ? `${title} · ${SITE}` : `${SITE} · Luxury Procurement Redefined`;
    apply();
    if (description) {
      document.querySelector('meta[name="description"]')?.setAttribute("content", description);
    }
  }, [title, description]);
}
