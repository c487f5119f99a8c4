/**
 * Maison's service worker (decision 029), built by vite-plugin-pwa into /sw.js.
 *
 * - The app shell (entry chunk, runtime, stylesheet, Latin fonts) and the offline page are precached at install;
 *   every other hashed file under /assets/ is cached the first time it is used. Those names change with their
 *   content, so a cached copy is never stale: the member app's code and fonts come from here on the next visit.
 * - Pages themselves always come from the network (the server's HTML is what it is now: prerendered public pages,
 *   the shell of the app), through navigation preload; when the network fails, the branded offline page is
 *   shown instead of the browser's, in the visitor's language (the `lang` cookie where the browser lets a worker
 *   read it, else the browser's languages: the same choice as the server's, shared/locales.ts).
 * - Nothing else is touched: /api/* (answers, the event stream, files) never goes through a cache here.
 * - A new version waits until the page asks it to take over (the "New version available" toast).
 * - Push: a reply's notification, with only what the server put in it; a click opens the thread, in a tab that
 *   is already open when there is one.
 */
/// <reference lib="webworker" />
import { ExpirationPlugin } from "workbox-expiration";
import { enable as enableNavigationPreload } from "workbox-navigation-preload";
import { cleanupOutdatedCaches, matchPrecache, type PrecacheEntry, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute, setCatchHandler } from "workbox-routing";
import { CacheFirst, NetworkOnly } from "workbox-strategies";
import { LOCALE_COOKIE, type Locale, localeFromCookie, preferredLocale } from "../../shared/locales";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/** The offline page of each language (written by vite-plugin.ts). */
const OFFLINE_PAGES: Record<Locale, string> = { en: "/offline.html", "pt-PT": "/offline.pt-PT.html" };

/** The Cookie Store API, where the browser gives it to workers (Chromium, recent Safari). */
type CookieStoreLike = { get(name: string): Promise<{ value: string } | null> };

/** The visitor's language, as the server would choose it: their choice (the cookie), else the browser's. */
async function visitorLocale(): Promise<Locale> {
  const store = (self as unknown as { cookieStore?: CookieStoreLike }).cookieStore;
  const chosen = await store?.get(LOCALE_COOKIE).catch(() => null);
  return (chosen && localeFromCookie(`${LOCALE_COOKIE}=${chosen.value}`)) || preferredLocale(self.navigator.languages);
}

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
enableNavigationPreload();

const sameOrigin = (url: URL) => url.origin === self.location.origin;

// Pages: the network's answer, or the offline page (setCatchHandler) when there is none. Never /api/: a file
// opened in a tab is an API answer, not a page.
registerRoute(new NavigationRoute(new NetworkOnly(), { denylist: [/^\/api\//] }));

// The rest of the built files: content-hashed, so the cached copy is the right one for as long as it is asked for.
registerRoute(
  ({ url, request }) => sameOrigin(url) && url.pathname.startsWith("/assets/") && request.method === "GET",
  new CacheFirst({
    cacheName: "maison-assets",
    plugins: [new ExpirationPlugin({ maxEntries: 250, maxAgeSeconds: 60 * 60 * 24 * 60, purgeOnQuotaError: true })],
  }),
);

setCatchHandler(async ({ request }) => {
  if (request.mode !== "navigate") return Response.error();
  const page = OFFLINE_PAGES[await visitorLocale()];
  return (await matchPrecache(page)) ?? (await matchPrecache(OFFLINE_PAGES.en)) ?? Response.error();
});

// The page's toast asks the waiting version to take over (lib/service-worker.ts).
self.addEventListener("message", (event) => {
  if (event.data?.type === "SKIP_WAITING") void self.skipWaiting();
});

// Push ------------------------------------------------------------------------------------------------------

/** What the server sends (features/notifications/push.ts on the server): no more than the member allowed. */
interface PushMessage {
  title: string;
  body: string;
  /** The thread, a path of this app. */
  url: string;
  /** One notification per conversation: a newer message replaces the older one. */
  tag?: string;
}

function readMessage(event: PushEvent): PushMessage | null {
  try {
    const data = event.data?.json() as Partial<PushMessage> | undefined;
    if (!data || typeof data.title !== "string" || typeof data.url !== "string") return null;
    return { title: data.title, body: typeof data.body === "string" ? data.body : "", url: data.url, tag: data.tag };
  } catch {
    return null;
  }
}

/** The thread as an address of this app (a message can only lead inside it). */
function threadUrl(path: unknown): string {
  const url = new URL(typeof path === "string" ? path : "/dashboard", self.location.origin);
  return sameOrigin(url) ? url.href : new URL("/dashboard", self.location.origin).href;
}

async function windows() {
  return self.clients.matchAll({ type: "window", includeUncontrolled: true });
}

self.addEventListener("push", (event) => {
  const message = readMessage(event);
  if (!message) return;
  event.waitUntil(
    (async () => {
      const url = threadUrl(message.url);
      // Someone reading that very thread sees the message arrive there; the device need not ring.
      if ((await windows()).some((w) => w.focused && w.visibilityState === "visible" && w.url === url)) return;
      await self.registration.showNotification(message.title, {
        body: message.body,
        tag: message.tag,
        icon: "/icons/icon-192.png",
        badge: "/icons/badge-96.png",
        data: { url },
        ...({ renotify: Boolean(message.tag) } as NotificationOptions),
      });
    })(),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = threadUrl(event.notification.data?.url);
  event.waitUntil(
    (async () => {
      const open = await windows();
      const same = open.find((w) => w.url === url);
      if (same) {
        await same.focus();
        return;
      }
      // A tab of the app is open: it goes to the thread (it may be on another page of the app).
      const tab = open[0];
      if (tab) {
        const focused = await tab.focus();
        const moved = await focused.navigate(url).catch(() => null);
        if (moved) return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
