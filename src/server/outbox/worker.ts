/** Runs the outbox: on every NOTIFY 'outbox' and on a slow poll, until stopped. */
import nodemailer from "nodemailer";
import type { Config } from "../config";
import type { DatabaseHandle } from "../db";
import { type Deliver, deliverDue, redactExpiredSecrets, stopDeliveries } from "./outbox";

/** A mail server that stops answering fails the attempt (to be retried) instead of stalling the worker. */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** On a stop, how long the deliveries under way get to finish before they go back to the outbox. */
export const DELIVERY_GRACE_MS = 700;

/** Settles as `work` does, or rejects with the signal's reason once it is aborted (the work is left behind). */
function unlessAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** Sends one push (the notifications domain's, plugged in by app.ts: it reads the device and knows the keys). */
export type PushSender = (payload: Record<string, unknown>, signal?: AbortSignal) => Promise<void>;

export function createDeliverer(config: Config, channels: { push?: PushSender } = {}): Deliver {
  const transport = config.SMTP_URL ? nodemailer.createTransport({ url: config.SMTP_URL, ...SMTP_TIMEOUTS }) : null;
  const deliver: Deliver = async (kind, payload, signal) => {
    if (kind === "push") {
      if (!channels.push) throw new Error("Push is not available on this instance");
      await channels.push(payload, signal);
      return;
    }
    if (kind === "email") {
      if (!transport) throw new Error("SMTP is not configured");
      const { to, subject, html, text } = payload as { to: string; subject: string; html: string; text: string };
      // nodemailer cannot be cancelled: a stop stops waiting for it (its connection ends with the process).
      await unlessAborted(transport.sendMail({ from: config.MAIL_FROM, to, subject, html, text }), signal);
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
        signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(10_000)]) : AbortSignal.timeout(10_000),
      });
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
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
  /**
   * Stops at once: nothing new is claimed; the deliveries under way (the worker's, and test sends of this
   * deliverer) get DELIVERY_GRACE_MS to finish, then go back to the outbox. The same promise on every call.
   */
  stop(): Promise<void>;
}

export async function startOutboxWorker(
  database: DatabaseHandle,
  deliver: Deliver,
  options: {
    pollMs?: number;
    graceMs?: number;
    onError?: (error: unknown) => void;
    /** Told how many deliveries a stop put back in the outbox (when any). */
    onReturned?: (count: number) => void;
  } = {},
): Promise<OutboxWorker> {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let stopping: Promise<void> | null = null;

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
    stop() {
      stopping ??= (async () => {
        stopped = true;
        clearInterval(timer);
        const returned = await stopDeliveries(database.db, deliver, options.graceMs ?? DELIVERY_GRACE_MS);
        if (returned > 0) options.onReturned?.(returned);
        await unlisten();
        // A delivery that was put back settles at once; the pass then ends without claiming anything more.
        await running;
      })();
      return stopping;
    },
  };
}
