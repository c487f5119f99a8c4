/**
 * Opening a page at one of its items (`#message-…` in the URL, from the staff's search): once the item is on
 * the page (`ready`), it is scrolled to the middle of the view, marked `data-anchored` (styles/index.css
 * highlights it) and focused, so a screen reader starts there too. Once per hash: new messages arriving later
 * do not pull the view back.
 */
import { useEffect, useRef } from "react";

export function useHashTarget(ready: boolean) {
  const done = useRef<string | null>(null);
  // After every render: the router changes the URL (and so the hash) without an event of its own.
  useEffect(() => {
    const hash = window.location.hash;
    if (!ready || !hash || done.current === hash) return;
    const element = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!element) return;
    done.current = hash;
    for (const previous of document.querySelectorAll("[data-anchored]")) previous.removeAttribute("data-anchored");
    element.setAttribute("data-anchored", "true");
    if (!element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
    // After every effect of this render (a list scrolled to its newest message, a new page to its top).
    requestAnimationFrame(() => {
      element.scrollIntoView({ block: "center" });
      element.focus({ preventScroll: true });
    });
  });
}
