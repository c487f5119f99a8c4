/**
 * The whole configuration, parsed once from the environment. A bad value stops the server at start with one
 * line naming the variable.
 */
import { z } from "zod";

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

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    HOST: z.string().default("0.0.0.0"),
    /** Trust X-Forwarded-For (client IPs for rate limits) only behind a proxy that sets it. */
    TRUST_PROXY: z
      .enum(["true", "false"], "must be true or false")
      .default("false")
      .transform((v) => v === "true"),
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
    SMTP_URL: optionalString.pipe(z.url("must be an smtp:// or smtps:// URL").optional()),
    MAIL_FROM: z.string().default("Maison <concierge@maison.example>"),
    SLACK_WEBHOOK_URL: optionalString.pipe(z.url("must be a URL").optional()),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_PRICE_FREE: optionalString,
    STRIPE_PRICE_SILVER: optionalString,
    STRIPE_PRICE_GOLD: optionalString,
    /** Where the Stripe SDK sends its calls; only changed to point tests at a local fake of the API. */
    STRIPE_API_BASE: optionalString.pipe(z.url("must be a URL").optional()),
    /** Pause between payment-provider calls while syncing every subscription, to stay under its rate limit. */
    SUBSCRIPTION_SYNC_PAUSE_MS: z.coerce.number("must be a number").int().min(0).max(60_000).default(100),
    /** Sign-in, sign-up and reset attempts allowed per 10 minutes, per IP and per email. */
    AUTH_RATE_LIMIT_PER_IP: z.coerce.number("must be a number").int().min(1).default(30),
    AUTH_RATE_LIMIT_PER_EMAIL: z.coerce.number("must be a number").int().min(1).default(10),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  })
  .superRefine((env, ctx) => {
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
export interface Config extends Env {
  APP_URL: string;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue.path[0] ?? "environment");
    const raw = env[name];
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue.message}${raw !== undefined ? ` (got "${raw}")` : ""}`,
    );
  }
  const parsed = result.data;
  return { ...parsed, APP_URL: (parsed.APP_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, "") };
}
