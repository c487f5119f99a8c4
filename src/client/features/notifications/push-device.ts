/**
 * This browser as a push device (issue 24, item 5): whether it can receive pushes, its permission, its current
 * subscription, and subscribing it with the server's VAPID key through the service worker (decision 029).
 */

import type { Wire } from "@/shared/contracts/common";
import type { pushSubscriptionSchema } from "@/shared/contracts/notifications";

export type PushAvailability = "unsupported" | "blocked" | "ask" | "allowed";

/** Whether this browser can receive pushes at all, and what it has said about notifications for this site. */
export function pushAvailability(): PushAvailability {
  if (typeof window === "undefined" || !("serviceWorker" in navigator) || !("PushManager" in window)) {
    return "unsupported";
  }
  if (!("Notification" in window)) return "unsupported";
  if (Notification.permission === "denied") return "blocked";
  return Notification.permission === "granted" ? "allowed" : "ask";
}

/** The service worker's registration (registered after load by lib/service-worker.ts; here if not yet). */
async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration();
  if (existing) return existing;
  return navigator.serviceWorker.register("/sw.js", { scope: "/" });
}

/** This browser's push address, if it has a subscription (to say which listed device is "This device"). */
export async function thisDeviceEndpoint(): Promise<string | null> {
  if (pushAvailability() === "unsupported") return null;
  const found = await navigator.serviceWorker.getRegistration();
  const subscription = await found?.pushManager.getSubscription();
  return subscription?.endpoint ?? null;
}

/** The base64url key as the bytes `applicationServerKey` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "="));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export class PushPermissionRefused extends Error {}

/**
 * Why subscribing this browser failed, as its error says (issue 34 item 11): the browser refused (a private
 * window's permission is always refused, and Chrome says so as NotAllowedError even after "Allow"), it has no push
 * service to reach (AbortError: Brave, Chromium builds without Google's push, a push service down), or it would
 * not run the service worker here (a private window, site data blocked); null for anything else.
 */
export type PushFailure = "refused" | "noPushService" | "noWorker";
export function pushFailureOf(error: unknown): PushFailure | null {
  if (error instanceof PushWorkerUnavailable) return "noWorker";
  const name = error instanceof Error || error instanceof DOMException ? error.name : "";
  if (name === "NotAllowedError") return "refused";
  if (name === "AbortError") return "noPushService";
  if (name === "InvalidStateError" || name === "NotSupportedError" || name === "SecurityError") return "noWorker";
  return null;
}

/** The service worker could not be registered or reached. */
export class PushWorkerUnavailable extends Error {}

/**
 * Asks for permission (the browser's own prompt), then subscribes this browser with the server's key: its
 * subscription, as the server takes it. A subscription made with another key (the server's changed) is
 * replaced.
 */
export async function subscribeThisDevice(publicKey: string): Promise<Wire<typeof pushSubscriptionSchema>> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new PushPermissionRefused(permission);
  const worker = await registration().catch((error: unknown) => {
    throw new PushWorkerUnavailable(String(error));
  });
  const applicationServerKey = keyBytes(publicKey);
  const existing = await worker.pushManager.getSubscription();
  if (existing) {
    const key = existing.options.applicationServerKey;
    const same = key && new Uint8Array(key).join() === applicationServerKey.join();
    if (same) return asBody(existing);
    await existing.unsubscribe();
  }
  return asBody(await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }));
}

/** A subscription as the server takes it (what its toJSON() gives, typed). */
function asBody(subscription: PushSubscription): Wire<typeof pushSubscriptionSchema> {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
  };
}

/** Ends this browser's subscription (after its device was removed here): the push service forgets it too. */
export async function unsubscribeThisDevice(): Promise<void> {
  const found = await navigator.serviceWorker.getRegistration();
  const subscription = await found?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}
