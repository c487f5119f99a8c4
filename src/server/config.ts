/**
 * The whole configuration, parsed once from the environment. A bad value stops the server at start with one
 * line naming the variable.
 */
import { z } from "zod";
import { redactCredentials } from "./http/redact";

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const emailList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? "")
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email("must be a comma-separated list of email addresses")));

/** Whether a URL parses and its scheme is one of `protocols` (e.g. "smtp:"). */
function hasScheme(value: string, protocols: string[]): boolean {
  return URL.canParse(value) && protocols.includes(new URL(value).protocol);
}

/** This machine: 127.0.0.0/8, ::1 or localhost (the URL parser has already normalised other IPv4 spellings). */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/**
 * The team's webhook carries the notifications' text: https, or plain http only to this machine (a local relay,
 * the tests' stand-in). Its URL is the credential, so it is never printed (SECRET_VARIABLES).
 */
function isWebhookUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === "https:" || (url.protocol === "http:" && isLoopbackHost(url.hostname));
}

/** Base64url, unpadded, of exactly `bytes` bytes: a VAPID key as web-push makes and reads it. */
const base64urlKey = (bytes: number) =>
  optionalString.pipe(
    z
      .string()
      .refine(
        (v) => /^[A-Za-z0-9_-]+$/.test(v) && Buffer.from(v, "base64url").length === bytes,
        `must be a base64url key of ${bytes} bytes (npx web-push generate-vapid-keys)`,
      )
      .optional(),
  );

/**
 * The browsers' push services: the hosts their subscriptions point at, each exactly; `*.` before a name stands
 * for any one or more labels before it (Windows' push service answers from regional hosts such as
 * `wns2-par02p.notify.windows.com`).
 */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com", // Chrome, Edge on Android, Opera, Samsung Internet
  "updates.push.services.mozilla.com", // Firefox
  "*.notify.windows.com", // Edge on Windows
  "web.push.apple.com", // Safari
];

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    HOST: z.string().default("0.0.0.0"),
    /**
     * Which proxies' X-Forwarded-For to believe for the client IP (rate limits): false (none, the default), a
     * hop count (1 = the one proxy in front of us), or a comma-separated list of proxy IPs/CIDRs. "true" means
     * 1: trusting every hop would let a caller forge the leftmost address.
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .default("false")
      .transform((v, ctx): false | number | string => {
        if (v === "" || v === "false") return false;
        if (v === "true") return 1;
        if (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 10) return Number(v);
        const list = v.split(",").map((part) => part.trim());
        if (list.every((part) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(part) && /[.:]/.test(part))) return list.join(",");
        ctx.addIssue({
          code: "custom",
          message: "must be false, a hop count (1-10) or a comma-separated list of IPs/CIDRs",
        });
        return z.NEVER;
      }),
    /**
     * The built-in test payment provider is the default only for local use: on an https APP_URL without a
     * Stripe key the server refuses to start unless this says "test".
     */
    PAYMENTS_MODE: z.enum(["test"], 'must be "test" or unset').optional(),
    PORT: z.coerce.number("must be a number").int("must be a whole number").min(0).max(65535).default(3000),
    DATA_DIR: z.string().default("./data"),
    /** The built web app; set only to serve a build from another folder. */
    CLIENT_DIR: z.string().default("dist/client"),
    DATABASE_URL: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined))
      .pipe(z.url("must be a postgres:// URL").startsWith("postgres", "must be a postgres:// URL").optional()),
    APP_URL: z.url("must be a URL such as http://localhost:3000").optional(),
    APP_NAME: z.string().min(1).default("Maison"),
    CONTACT_EMAIL: z.email("must be an email address").default("concierge@maison.example"),
    OWNER_EMAILS: emailList,
    /** Secret for signing sessions; generated once into DATA_DIR when not set. */
    BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .refine((v) => hasScheme(v, ["smtp:", "smtps:"]), "must be an smtp:// or smtps:// URL")
        .optional(),
    ),
    MAIL_FROM: z.string().default("Maison <concierge@maison.example>"),
    /**
     * A NATS server with JetStream (nats://host:4222): the event fan-out goes through it instead of LISTEN/NOTIFY
     * to every instance (decision 043). Unset: PostgreSQL alone.
     */
    NATS_URL: optionalString.pipe(
      z
        .string()
        .refine((v) => hasScheme(v, ["nats:", "tls:"]), "must be a nats:// or tls:// URL")
        .optional(),
    ),
    SLACK_WEBHOOK_URL: optionalString.pipe(
      z.string().refine(isWebhookUrl, "must be an https:// URL (or http:// to a loopback address)").optional(),
    ),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_PRICE_FREE: optionalString,
    STRIPE_PRICE_SILVER: optionalString,
    STRIPE_PRICE_GOLD: optionalString,
    /** Where the Stripe SDK sends its calls; only changed to point tests at a local fake of the API. */
    STRIPE_API_BASE: optionalString.pipe(z.url("must be a URL").optional()),
    /** Pause between payment-provider calls while syncing every subscription, to stay under its rate limit. */
    SUBSCRIPTION_SYNC_PAUSE_MS: z.coerce.number("must be a number").int().min(0).max(60_000).default(100),
    /**
     * How often the payment provider's hold authorisations and charges are reconciled with our holds (decision
     * 031), in minutes; one run at a time across every instance. 0 turns the scheduled run off (the command line
     * and the admin's button still work).
     */
    RECONCILE_INTERVAL_MINUTES: z.coerce.number("must be a number").int().min(0).max(10_080).default(60),
    /**
     * Per IP per 10 minutes: sign-in failures; sign-up, reset and verification attempts. Per email: sign-in
     * failures from one IP before the back-off lock; sign-up and reset-request attempts per 10 minutes.
     */
    AUTH_RATE_LIMIT_PER_IP: z.coerce.number("must be a number").int().min(1).default(30),
    AUTH_RATE_LIMIT_PER_EMAIL: z.coerce.number("must be a number").int().min(1).default(5),
    /** Largest attachment accepted, in megabytes. */
    UPLOAD_MAX_MB: z.coerce.number("must be a number").positive().max(1024).default(20),
    /** An upload that sends nothing for this many seconds is dropped (the server sets no other time limit). */
    UPLOAD_IDLE_SECONDS: z.coerce.number("must be a number").int().min(1).max(3600).default(30),
    /** S3-compatible object storage for attachments (unset: local disk under DATA_DIR/uploads). */
    S3_BUCKET: optionalString,
    S3_ENDPOINT: optionalString.pipe(z.url("must be a URL").optional()),
    S3_REGION: z.string().default("us-east-1"),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    /** Path-style bucket addressing (most S3-compatible servers: MinIO, Ceph, ...). */
    S3_FORCE_PATH_STYLE: z
      .enum(["true", "false"])
      .default("true")
      .transform((v) => v === "true"),
    /** How often an open event stream re-checks its session (it is also re-checked at once on sign-out etc.). */
    REALTIME_RECHECK_SECONDS: z.coerce.number("must be a number").int().min(1).max(3600).default(60),
    /**
     * Web Push (VAPID, RFC 8292): the server's key pair, base64url (`npx web-push generate-vapid-keys`), both or
     * neither; unset, a pair is generated once into DATA_DIR. Every instance must use the same pair, as they share
     * BETTER_AUTH_SECRET: browsers subscribed with its public key.
     */
    VAPID_PUBLIC_KEY: base64urlKey(65),
    VAPID_PRIVATE_KEY: base64urlKey(32),
    /** Who the push services may contact about our pushes: a mailto: or https: URL (default: CONTACT_EMAIL). */
    VAPID_SUBJECT: optionalString.pipe(
      z
        .string()
        .refine((v) => hasScheme(v, ["mailto:", "https:"]), "must be a mailto: or https: URL")
        .optional(),
    ),
    /**
     * The push services a device's subscription may point at (host names, each with its subdomains): the server
     * posts only there, never to an address a user made up. https only; http only to a loopback host listed here
     * (the tests' stand-in).
     */
    PUSH_SERVICE_HOSTS: z
      .string()
      .optional()
      .transform((v) =>
        v === undefined || v.trim() === ""
          ? DEFAULT_PUSH_SERVICE_HOSTS
          : v
              .split(",")
              .map((host) => host.trim().toLowerCase())
              .filter(Boolean),
      )
      .pipe(
        z.array(z.string().regex(/^(\*\.)?[a-z0-9.-]+$/, "must be a comma-separated list of host names (or *.name)")),
      ),
    /** Delivery attempts before an outbox message is marked failed (retried with back-off until then). */
    OUTBOX_MAX_ATTEMPTS: z.coerce.number("must be a number").int().min(1).max(50).default(8),
    /** The admin's QA tools (seed demo data, fake requests): on unless APP_URL is public (https). */
    ENABLE_QA_TOOLS: z.enum(["true", "false"]).optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /**
     * Prometheus metrics on a second listener bound to 127.0.0.1 (no token: only this machine reaches it).
     * Unset: no such listener.
     */
    METRICS_PORT: optionalString.pipe(
      z.coerce
        .number<string | undefined>("must be a number")
        .int("must be a whole number")
        .min(1)
        .max(65535)
        .optional(),
    ),
    /** A secret: `GET /metrics` on the main port answers to `Authorization: Bearer <it>` (unset: a 404). */
    METRICS_TOKEN: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  })
  .superRefine((env, ctx) => {
    if (!env.STRIPE_SECRET_KEY && env.APP_URL?.startsWith("https://") && env.PAYMENTS_MODE !== "test") {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_SECRET_KEY"],
        message:
          "is required on a public (https) APP_URL: without it payments would run in the built-in test mode, where anyone can pay with a test card. Set the Stripe variables, or PAYMENTS_MODE=test to run test mode on purpose",
      });
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({ code: "custom", path: ["METRICS_PORT"], message: "must differ from PORT" });
    }
    // A VAPID key pair is a pair: one half alone could sign nothing browsers would accept.
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      const missing = env.VAPID_PUBLIC_KEY ? "VAPID_PRIVATE_KEY" : "VAPID_PUBLIC_KEY";
      const given = env.VAPID_PUBLIC_KEY ? "VAPID_PUBLIC_KEY" : "VAPID_PRIVATE_KEY";
      ctx.addIssue({ code: "custom", path: [missing], message: `is required when ${given} is set` });
    }
    // With a Stripe key, everything Stripe needs must be there too: better to stop now than fail at checkout.
    if (!env.STRIPE_SECRET_KEY) return;
    for (const name of [
      "STRIPE_WEBHOOK_SECRET",
      "STRIPE_PRICE_FREE",
      "STRIPE_PRICE_SILVER",
      "STRIPE_PRICE_GOLD",
    ] as const) {
      if (!env[name])
        ctx.addIssue({ code: "custom", path: [name], message: "is required when STRIPE_SECRET_KEY is set" });
    }
  });

export type Env = z.infer<typeof envSchema>;

/** QA tools run on a local or private install, and on a public (https) one only when asked for explicitly. */
export function qaToolsEnabled(config: Pick<Env, "APP_URL" | "ENABLE_QA_TOOLS">): boolean {
  if (config.ENABLE_QA_TOOLS) return config.ENABLE_QA_TOOLS === "true";
  return !config.APP_URL?.startsWith("https://");
}
export interface Config extends Env {
  APP_URL: string;
}

export class ConfigError extends Error {}

/** Variables whose values are never printed, even when wrong. */
const SECRET_VARIABLES = new Set([
  "BETTER_AUTH_SECRET",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "S3_SECRET_ACCESS_KEY",
  "VAPID_PRIVATE_KEY",
  // An incoming webhook's URL is its own credential: whoever has it can post to the team's channel.
  "SLACK_WEBHOOK_URL",
  "METRICS_TOKEN",
]);

/** A value as it may appear in an error message: secrets hidden, passwords in URLs redacted. */
function printable(name: string, raw: string): string {
  if (SECRET_VARIABLES.has(name)) return "[redacted]";
  return redactCredentials(raw);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue.path[0] ?? "environment");
    const raw = env[name];
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue.message}${raw ? ` (got "${printable(name, raw)}")` : ""}`,
    );
  }
  const parsed = result.data;
  return { ...parsed, APP_URL: (parsed.APP_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, "") };
}
