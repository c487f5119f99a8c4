import { useEffect } from "react";

/**
 * Marks the document once the current page is live (rendered, or hydrated over its prerendered HTML): it sits
 * in the page's own Suspense boundary, so its effect runs when the page's does. Browser tests wait for it before
 * pressing keys on a prerendered page.
 */
export function PageReady() {
  useEffect(() => {
    document.documentElement.dataset.pageReady = "true";
  }, []);
  return null;
}
