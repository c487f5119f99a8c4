/** Runs the outbox: on every NOTIFY 'outbox' and on a slow poll, until stopped. */
import type { Transporter } from "nodemailer";
import { OUTBOX_DESCRIPTORS, OUTBOX_TEXTS } from "@/shared/contracts/notifications-texts";
import { fill } from "@/shared/texts";
import type { Config } from "../config";
import type { DatabaseHandle } from "../db";
import {
  type Deliver,
  DeliveryUnavailable,
  deliverDue,
  markAvailable,
  type OutboxKind,
  redactExpiredSecrets,
  stopDeliveries,
  unavailableKinds,
} from "./outbox";

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

/**
 * A mail server error that refuses every message, not this one: it cannot be reached, or it answered 421
 * ("service not available", at the greeting or later). A refusal of one message or recipient (4xx/5xx on
 * RCPT or DATA) is the message's own failure.
 */
function mailServerUnavailable(error: unknown): boolean {
  const { code, command, responseCode } = error as { code?: string; command?: string; responseCode?: number };
  return (
    command === "CONN" ||
    responseCode === 421 ||
    code === "ECONNECTION" ||
    code === "ETIMEDOUT" ||
    code === "ESOCKET" ||
    code === "EDNS"
  );
}

/** The domain of an address such as "Maison <concierge@maison.example>" (for Message-IDs). */
export function mailDomain(from: string, fallbackUrl: string | undefined): string {
  return /@([^\s>]+)/.exec(from)?.[1] ?? (fallbackUrl ? new URL(fallbackUrl).hostname : "localhost");
}

/**
 * Sends at once per instance (the worker's lanes), each over one of as many pooled SMTP connections: a backlog
 * (after a mail server outage) goes out without a connection and greeting per message.
 */
export const DELIVERY_LANES = 4;

export function createDeliverer(config: Config, channels: { push?: PushSender } = {}): Deliver {
  // The mail library is loaded by the first send (or probe), not at the start (decision 026); a failure to load
  // it fails that send, as a failing transport would.
  let loading: Promise<Transporter> | null = null;
  const transport = () => {
    if (!loading) {
      loading = import("nodemailer").then(({ default: nodemailer }) =>
        nodemailer.createTransport({
          url: config.SMTP_URL,
          ...SMTP_TIMEOUTS,
          pool: true,
          maxConnections: DELIVERY_LANES,
          // An idle connection is closed after 10 s (the mail server's own limit is often about a minute).
          idleTimeout: 10_000,
        }),
      );
      // A failed load is tried again by the next send.
      loading.catch(() => {
        loading = null;
      });
    }
    return loading;
  };
  const domain = mailDomain(config.MAIL_FROM, config.APP_URL);
  const deliver: Deliver = async (kind, payload, signal, id) => {
    if (kind === "push") {
      if (!channels.push) throw new Error(OUTBOX_TEXTS.pushUnavailable);
      await channels.push(payload, signal);
      return;
    }
    if (kind === "email") {
      if (!config.SMTP_URL) throw new Error(OUTBOX_TEXTS.smtpNotConfigured);
      const { to, subject, html, text } = payload as { to: string; subject: string; html: string; text: string };
      // The same Message-ID on every attempt of one outbox row: a mail server or a reader's client can drop a
      // copy sent again (after a crash between the server's answer and our record of it).
      const messageId = id ? `<${id}@${domain}>` : undefined;
      // nodemailer cannot be cancelled: a stop stops waiting for it (its connection ends with the process).
      try {
        const mailer = await unlessAborted(transport(), signal);
        await unlessAborted(mailer.sendMail({ from: config.MAIL_FROM, to, subject, html, text, messageId }), signal);
      } catch (error) {
        if (signal?.aborted || !mailServerUnavailable(error)) throw error;
        throw new DeliveryUnavailable(
          fill(OUTBOX_DESCRIPTORS.mailUnavailable.message, { detail: (error as Error).message }),
        );
      }
      return;
    }
    // The team's Slack-style webhook: its URL (a secret) comes from the configuration, never from the row.
    if (payload.channel !== "slack") throw new Error(OUTBOX_TEXTS.unknownWebhook);
    if (!config.SLACK_WEBHOOK_URL) throw new Error(OUTBOX_TEXTS.slackNotConfigured);
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
      throw new Error(
        cause ? fill(OUTBOX_DESCRIPTORS.webhookUnreachableCause.message, { cause }) : OUTBOX_TEXTS.webhookUnreachable,
      );
    }
    if (!response.ok) throw new Error(fill(OUTBOX_DESCRIPTORS.webhookAnswered.message, { status: response.status }));
  };
  deliver.maxAttempts = config.OUTBOX_MAX_ATTEMPTS;
  deliver.probe = async (kind) => {
    // Connects and greets (and authenticates, when the URL carries credentials), sending nothing.
    if (kind === "email" && config.SMTP_URL) await (await transport()).verify();
  };
  // Only a transport that was made has connections to close.
  deliver.close = () => void loading?.then((mailer) => mailer.close()).catch(() => {});
  return deliver;
}

/** While a far end is unavailable, it is asked again after 250 ms, doubling, at most every 2 s. */
export const PROBE_DELAYS = { firstMs: 250, maxMs: 2_000 };

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
    /** Deliveries at once (DELIVERY_LANES). */
    lanes?: number;
    onError?: (error: unknown) => void;
    /** Told how many deliveries a stop put back in the outbox (when any). */
    onReturned?: (count: number) => void;
  } = {},
): Promise<OutboxWorker> {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let stopping: Promise<void> | null = null;
  const probes = new Map<string, NodeJS.Timeout>();
  /** The last probe's wait, and when its far end was last found back (a server that greets, then refuses). */
  const lastProbe = new Map<string, { delay: number; backAt: number }>();

  /**
   * A kind whose far end refused everything: asked again and again (PROBE_DELAYS) until it answers, then the
   * outbox is drained at once; its rows wait meanwhile, due, with no further attempt counted against them. A far
   * end that answers the probe but refuses again within 10 s keeps the longer wait.
   */
  const probe = (kind: OutboxKind, delay?: number) => {
    if (stopped || probes.has(kind)) return;
    const last = lastProbe.get(kind);
    const wait =
      delay ??
      (last && Date.now() - last.backAt < 10_000 ? Math.min(last.delay * 2, PROBE_DELAYS.maxMs) : PROBE_DELAYS.firstMs);
    const timer = setTimeout(async () => {
      let back = false;
      try {
        await (deliver.probe ?? (async () => {}))(kind);
        back = true;
      } catch {}
      probes.delete(kind);
      if (back) {
        lastProbe.set(kind, { delay: wait, backAt: Date.now() });
        markAvailable(deliver, kind);
        void drain();
      } else {
        probe(kind, Math.min(wait * 2, PROBE_DELAYS.maxMs));
      }
    }, wait);
    timer.unref();
    probes.set(kind, timer);
  };

  const drain = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        const limit = 20;
        let full = false;
        do {
          again = false;
          // Lanes claim with SKIP LOCKED, so they never take the same row. A full pass means more may be due
          // (a backlog after an outage): another pass at once.
          const lanes = Array.from({ length: options.lanes ?? DELIVERY_LANES }, () =>
            deliverDue(database.db, deliver, limit),
          );
          full = (await Promise.all(lanes)).some((handled) => handled >= limit);
          await redactExpiredSecrets(database.db);
        } while ((again || full) && !stopped);
      } catch (error) {
        options.onError?.(error);
      } finally {
        running = null;
        for (const kind of unavailableKinds(deliver)) probe(kind);
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
        for (const probing of probes.values()) clearTimeout(probing);
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
