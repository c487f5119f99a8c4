/**
 * Push notifications (issue 24, item 5; decision 029): the devices a person turned push on for, the server's
 * VAPID keys, and the outbox's push deliveries.
 *
 * - A device is a browser's push subscription, kept per user and signed-in browser (it goes with the session
 *   that turned it on) and named from its user agent. Its endpoint must be one of the browsers' push services
 *   (PUSH_SERVICE_HOSTS), so the server never posts to an address a user made up.
 * - The keys: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or a pair generated once into DATA_DIR (as the session
 *   secret is). Instances that share a database must share the pair: browsers subscribed with its public key.
 * - A push is an outbox row per device, written with its notice in the same statement (engine.ts). Delivery
 *   encrypts it for the device (RFC 8291, aes128gcm) and signs the request (RFC 8292) with web-push, and posts it
 *   to the push service (RFC 8030): a device the service calls gone (404, 410) is removed; a refusal (400, 413,
 *   other 4xx) fails the row at once; a 5xx, a 429 or a network error is retried with the outbox's back-off.
 */

import { createECDH, createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Served } from "@/shared/contracts/common";
import { PUSH_MESSAGES, type pushDeviceSchema, type pushSubscriptionSchema } from "@/shared/contracts/notifications";
import { OUTBOX_DESCRIPTORS, OUTBOX_TEXTS } from "@/shared/contracts/notifications-texts";
import { fill } from "@/shared/texts";
import type { Viewer } from "../../auth/viewer";
import { type Config, isLoopbackHost } from "../../config";
import type { AppContext } from "../../context";
import { type Queryable, securePrivateDir } from "../../db";
import { pushSubscriptions } from "../../db/schema";
import { describeDevice } from "../../http/device";
import { badRequest, notFound } from "../../http/errors";
import { DeliveryRefused } from "../../outbox/outbox";
import type { PushSender } from "../../outbox/worker";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const resolved = new WeakMap<Config, VapidKeys>();

/** The server's key pair (read once per configuration: the routes and the outbox's sender share it). */
export function vapidKeysOf(config: Config): VapidKeys {
  let keys = resolved.get(config);
  if (!keys) {
    keys = resolveVapidKeys(config);
    resolved.set(config, keys);
  }
  return keys;
}

/** The configured key pair, or the one generated once and kept in DATA_DIR (readable by this user only). */
function resolveVapidKeys(config: Config): VapidKeys {
  const subject = config.VAPID_SUBJECT ?? `mailto:${config.CONTACT_EMAIL}`;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  const file = path.resolve(config.DATA_DIR, "vapid-keys.json");
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, "utf8")) as { publicKey: string; privateKey: string };
    return { ...kept, subject };
  }
  securePrivateDir(path.dirname(file));
  // As web-push's generateVAPIDKeys makes them (a P-256 pair: the uncompressed public point, the private
  // scalar), without loading web-push at start (it loads with the first push: decision 044).
  const pair = createECDH("prime256v1");
  pair.generateKeys();
  const publicKey = pair.getPublicKey().toString("base64url");
  const scalar = pair.getPrivateKey();
  // A scalar with leading zero bytes comes shorter: 32 bytes, as web-push pads it.
  const privateKey = Buffer.concat([Buffer.alloc(Math.max(0, 32 - scalar.length)), scalar]).toString("base64url");
  writeFileSync(file, JSON.stringify({ publicKey, privateKey }), { mode: 0o600 });
  return { publicKey, privateKey, subject };
}

/**
 * Whether a subscription's endpoint is one of the push services we post to: a listed host exactly (a `*.name`
 * entry: any host under name), https on its own port 443; http (any port) only to a listed loopback host.
 */
export function isPushService(config: Pick<Config, "PUSH_SERVICE_HOSTS">, endpoint: string): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  const host = url.hostname.toLowerCase();
  const listed = config.PUSH_SERVICE_HOSTS.some((allowed) =>
    allowed.startsWith("*.") ? host.endsWith(allowed.slice(1)) && host.length > allowed.length - 1 : host === allowed,
  );
  if (!listed || url.username || url.password) return false;
  if (url.protocol === "https:") return url.port === "" || url.port === "443";
  return url.protocol === "http:" && isLoopbackHost(host);
}

type PushContext = Pick<AppContext, "db" | "config">;
type Device = Served<typeof pushDeviceSchema>;

const deviceOf = (row: typeof pushSubscriptions.$inferSelect): Device => ({
  id: row.id,
  ...describeDevice(row.userAgent),
  endpoint: row.endpoint,
  createdAt: row.createdAt,
  lastUsedAt: row.lastUsedAt,
});

/** The viewer's devices with push on, oldest first, and the key a browser subscribes with. */
export async function listDevices(ctx: PushContext, viewer: Viewer) {
  const rows = await ctx.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, viewer.userId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
  return { publicKey: vapidKeysOf(ctx.config).publicKey, items: rows.map(deviceOf) };
}

/**
 * Push on for the calling browser. A browser has one subscription: it replaces any other this session had, and
 * an endpoint already known (another account signed in on this browser before) moves to the caller.
 */
export async function subscribeDevice(
  ctx: PushContext,
  viewer: Viewer,
  subscription: Served<typeof pushSubscriptionSchema>,
  userAgent: string | null,
): Promise<Device> {
  if (!isPushService(ctx.config, subscription.endpoint)) throw badRequest(PUSH_MESSAGES.pushServiceRefused);
  if (!viewer.sessionId) throw badRequest(PUSH_MESSAGES.invalidSubscription);
  const values = {
    userId: viewer.userId,
    sessionId: viewer.sessionId,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    userAgent: userAgent?.slice(0, 512) ?? null,
  };
  return ctx.db.transaction(async (tx) => {
    await tx
      .delete(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.sessionId, viewer.sessionId as string),
          ne(pushSubscriptions.endpoint, values.endpoint),
        ),
      );
    const [row] = await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          ...values,
          createdAt: sql`case when ${pushSubscriptions.userId} = ${viewer.userId} then ${pushSubscriptions.createdAt} else now() end`,
        },
      })
      .returning();
    return deviceOf(row);
  });
}

/** Push off for one of the viewer's devices (404 for anyone else's: its existence is not theirs to learn). */
export async function removeDevice(ctx: PushContext, viewer: Viewer, id: string): Promise<void> {
  const rows = await ctx.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, viewer.userId)))
    .returning({ id: pushSubscriptions.id });
  if (!rows.length) throw notFound(PUSH_MESSAGES.deviceNotFound);
}

/** What an outbox push row carries (engine.ts writes it): the device, and no more than the person allowed. */
export interface PushPayload {
  subscriptionId: string;
  title: string;
  body: string;
  /** The thread, a path of the app. */
  url: string;
  /** The conversation: one notification per conversation on the device, one pending push at the service. */
  tag: string | null;
  reason: string;
}

/** How long a push service keeps a push for a device that is off: a reply a day late is no news. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
const PUSH_TIMEOUT_MS = 10_000;

/** The push service's Topic header (at most 32 base64url characters): a newer push replaces a waiting one. */
const topicOf = (tag: string) => createHash("sha256").update(tag).digest("base64url").slice(0, 32);

/** Sends the outbox's push rows: one device each. */
export function createPushSender(db: Queryable, config: Config, keys: VapidKeys): PushSender {
  return async (raw, signal) => {
    const { subscriptionId, reason: _reason, ...message } = raw as unknown as PushPayload;
    const [device] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
    if (!device) throw new DeliveryRefused("The device was removed before the message went out.");
    if (!isPushService(config, device.endpoint)) throw new DeliveryRefused("The device's push service is not allowed.");
    // Loaded with the first push, not at start (decision 044).
    const { default: webpush } = await import("web-push");
    const request = webpush.generateRequestDetails(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      JSON.stringify(message),
      {
        vapidDetails: keys,
        TTL: PUSH_TTL_SECONDS,
        contentEncoding: "aes128gcm",
        urgency: "high",
        ...(message.tag ? { topic: topicOf(message.tag) } : {}),
      },
    );
    const headers = Object.fromEntries(
      Object.entries(request.headers)
        // fetch measures the body itself.
        .filter(([name]) => name.toLowerCase() !== "content-length")
        .map(([name, value]) => [name, String(value)]),
    );
    let response: Response;
    try {
      response = await fetch(request.endpoint, {
        method: request.method,
        headers,
        body: request.body ? new Uint8Array(request.body) : null,
        redirect: "error",
        signal: signal
          ? AbortSignal.any([signal, AbortSignal.timeout(PUSH_TIMEOUT_MS)])
          : AbortSignal.timeout(PUSH_TIMEOUT_MS),
      });
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      // The endpoint is a capability URL: the error names what happened, never the address.
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
      throw new Error(
        cause ? fill(OUTBOX_DESCRIPTORS.pushUnreachableCause.message, { cause }) : OUTBOX_TEXTS.pushUnreachable,
      );
    }
    await response.body?.cancel().catch(() => {});
    const status = response.status;
    if (status === 404 || status === 410) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
      throw new DeliveryRefused(fill(OUTBOX_DESCRIPTORS.pushGone.message, { status }));
    }
    if (status === 429 || status >= 500) throw new Error(fill(OUTBOX_DESCRIPTORS.pushAnswered.message, { status }));
    if (status >= 400) throw new DeliveryRefused(fill(OUTBOX_DESCRIPTORS.pushRefused.message, { status }));
    await db.update(pushSubscriptions).set({ lastUsedAt: sql`now()` }).where(eq(pushSubscriptions.id, device.id));
  };
}
