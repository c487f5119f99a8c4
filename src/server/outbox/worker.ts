/** Runs the outbox: on every NOTIFY 'outbox' and on a slow poll, until stopped. */
import nodemailer from "nodemailer";
import type { Config } from "../config";
import type { DatabaseHandle } from "../db";
import { type Deliver, deliverDue, redactExpiredSecrets } from "./outbox";

/** A mail server that stops answering fails the attempt (to be retried) instead of stalling the worker. */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function createDeliverer(config: Config): Deliver {
  const transport = config.SMTP_URL ? nodemailer.createTransport({ url: config.SMTP_URL, ...SMTP_TIMEOUTS }) : null;
  const deliver: Deliver = async (kind, payload) => {
    if (kind === "email") {
      if (!transport) throw new Error("SMTP is not configured");
      const { to, subject, html, text } = payload as { to: string; subject: string; html: string; text: string };
      await transport.sendMail({ from: config.MAIL_FROM, to, subject, html, text });
      return;
    }
    // The team's Slack-style webhook: its URL (a secret) comes from the configuration, never from the row.
    if (payload.channel !== "slack") throw new Error("Unknown webhook");
    if (!config.SLACK_WEBHOOK_URL) throw new Error("SLACK_WEBHOOK_URL is not configured");
    const { text, link } = payload as { text: string; link: string };
    let response: Response;
    try {
      response = await fetch(config.SLACK_WEBHOOK_URL, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ text, link }),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      // The error's cause may quote the address; say only what happened.
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      throw new Error(`The webhook could not be reached${cause ? ` (${cause})` : ""}`);
    }
    if (!response.ok) throw new Error(`The webhook answered ${response.status}`);
  };
  deliver.maxAttempts = config.OUTBOX_MAX_ATTEMPTS;
  return deliver;
}

export interface OutboxWorker {
  /** Delivers everything due now; resolves when done (tests await it). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

export async function startOutboxWorker(
  database: DatabaseHandle,
  deliver: Deliver,
  options: { pollMs?: number; onError?: (error: unknown) => void } = {},
): Promise<OutboxWorker> {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const drain = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await deliverDue(database.db, deliver);
          await redactExpiredSecrets(database.db);
        } while (again && !stopped);
      } catch (error) {
        options.onError?.(error);
      } finally {
        running = null;
      }
    })();
    return running;
  };

  const unlisten = await database.listen("outbox", () => void drain());
  const timer = setInterval(() => void drain(), options.pollMs ?? 15_000);
  timer.unref();
  void drain();

  return {
    drain,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await unlisten();
      await running;
    },
  };
}
