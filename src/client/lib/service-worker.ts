/**
 * Registers the service worker (decision 029): loaded for a signed-in visitor by
 * app/service-worker-for-members.tsx (decision 042), so the public pages' first load carries none of it. A new
 * version installs in the background and waits; a quiet toast offers it, and its action hands over to it and
 * reloads this tab. Otherwise it takes over on the next visit, once no tab runs the old one.
 */
import { msg } from "@lingui/core/macro";
import { Workbox } from "workbox-window";
import { i18n } from "./i18n";

export const SERVICE_WORKER_URL = "/sw.js";
/** The toast's words, in the interface's language when it is shown (this module stays out of the first load). */
export const NEW_VERSION_TOAST = msg`New version available`;
export const RELOAD_ACTION = msg`Reload`;

/** A tab left open checks for a new version when it is looked at again, at most this often. */
const CHECK_EVERY_MS = 60 * 60_000;

export function registerServiceWorker(): void {
  const worker = new Workbox(SERVICE_WORKER_URL, { scope: "/" });
  let reloading = false;

  worker.addEventListener("waiting", () => {
    void import("sonner").then(({ toast }) =>
      toast(i18n._(NEW_VERSION_TOAST), {
        id: "new-version",
        duration: Number.POSITIVE_INFINITY,
        action: {
          label: i18n._(RELOAD_ACTION),
          onClick: () => {
            reloading = true;
            worker.messageSkipWaiting();
            // Another tab may have handed over already: nothing is waiting, and nothing will take control.
            setTimeout(() => window.location.reload(), 3000);
          },
        },
      }),
    );
  });
  // Only the tab whose toast was used reloads; others keep their page (a draft, say) until their next visit.
  worker.addEventListener("controlling", (event) => {
    if (event.isUpdate && reloading) window.location.reload();
  });

  let checked = Date.now();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible" || Date.now() - checked < CHECK_EVERY_MS) return;
    checked = Date.now();
    void worker.update().catch(() => {});
  });

  void worker.register().catch(() => {
    // No worker (a private window that refuses one, an old browser): the site works as a site.
  });
}
