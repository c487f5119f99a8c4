import { useEffect } from "react";

let registered = false;

/**
 * The installable app's service worker (decision 029) is for signed-in visitors (decision 042): once the session
 * says someone is signed in, its registration module loads and registers it, once per page. An anonymous reader
 * of the public pages downloads neither the worker nor this registration code. None in development (Vite's
 * server builds no worker).
 */
export function ServiceWorkerForMembers({ signedIn }: { signedIn: boolean }) {
  useEffect(() => {
    if (!signedIn || registered || !import.meta.env.PROD || !("serviceWorker" in navigator)) return;
    registered = true;
    const register = () => void import("@/client/lib/service-worker").then((m) => m.registerServiceWorker());
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register, { once: true });
  }, [signedIn]);
  return null;
}
