/**
 * Money under faults (issue 30, decision 027): cases run alongside the bench's load in Stripe mode against the
 * local fake of Stripe's API, and Stripe's webhooks are delivered as Stripe delivers them.
 *
 * - **Quotes** (`startMoney`): staff send a quote, the member accepts it (the card page), the card is authorised at
 *   the fake (as its hosted page would), staff capture (half of them less than the hold, with a reason), refund a
 *   third of it, send the balance invoice, and the member pays it. Every step is retried the way a person and the
 *   client retry: a 5xx or no answer is sent again (the same refund key, the same body); a 409 is looked up.
 *   Before each step a moneyCase waits a moment (staff and members do not click at once). Some cases are set aside for
 *   each fault (`faultSteps`): they run at once from the start and wait before one given step (an acceptance, a
 *   card authorised, a capture, a refund, a balance invoice, an invoice paid) until the fault's `burst` releases
 *   them all together, so each kind is in flight when the instance dies or PostgreSQL stops.
 * - **Webhooks** (`startWebhooks`): the fake's state is watched; every change becomes the event Stripe would send
 *   (payment_intent.amount_capturable_updated and checkout.session.completed on an authorisation,
 *   payment_intent.succeeded / .canceled, charge.refunded, refund.created, invoice.finalized / .sent / .paid /
 *   .voided), signed, delivered through the proxy (so to either instance). A delivery answered other than 2xx, or
 *   not answered, is retried later (0.5 s doubling to 8 s, for as long as the run lasts: Stripe retries for days);
 *   some first deliveries are held back a moment (a later event overtakes them), and some events are delivered
 *   again afterwards (replays).
 * - **Checks** (`checkMoney`): the fake's intents, refunds and invoices compared with our rows directly (orphan
 *   authorisations, double or over-captures, invoices paid twice, any disagreement), every acknowledged money
 *   answer found at the fake, then the app's reconciliation run twice.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { type FakeStripe, signedDelivery, stripeEvent } from "../../tests/helpers/fake-stripe";
import { type Answer, type Client, now, sleep } from "./client";

const WEBHOOK_SECRET = "whsec_test_maison";
const ok = (status: number | undefined) => status !== undefined && status >= 200 && status < 300;
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

// ---------------------------------------------------------------------------------------------------------
// Webhooks, as Stripe delivers them.

export interface Delivery {
  id: string;
  type: string;
  /** When the change happened at the provider. */
  madeAt: number;
  attempts: Array<{ at: number; status: number; outcome?: string }>;
  deliveredAt?: number;
  /** A copy delivered again after the first success. */
  replay: boolean;
  /** Held back so a later event overtook it. */
  late: boolean;
}

export function startWebhooks(fake: FakeStripe, client: Client, options: { replayShare?: number; lateShare?: number }) {
  const deliveries: Delivery[] = [];
  const queue = new Set<Promise<void>>();
  const seen = new Map<string, string>();
  let running = true;
  const replayShare = options.replayShare ?? 0.2;
  const lateShare = options.lateShare ?? 0.2;

  async function deliver(event: { id: string; type: string }, record: Delivery, firstDelayMs: number) {
    if (firstDelayMs) await sleep(firstDelayMs);
    let wait = 500;
    for (;;) {
      const { payload, headers } = signedDelivery(event, WEBHOOK_SECRET);
      const answer = await client.request(`webhook ${event.type}`, "POST", "/api/billing/webhook", {
        body: Buffer.from(payload),
        headers,
      });
      record.attempts.push({
        at: answer.doneAt,
        status: answer.status,
        outcome: answer.json<{ outcome?: string }>().outcome,
      });
      if (ok(answer.status)) {
        record.deliveredAt = answer.doneAt;
        return;
      }
      // Stripe retries a failed delivery later, with a growing delay (hours there; seconds here).
      if (!running && now() - record.madeAt > 120_000) return;
      await sleep(wait);
      wait = Math.min(wait * 2, 8_000);
    }
  }

  function emit(type: string, object: object) {
    const event = stripeEvent(type, object);
    const late = Math.random() < lateShare;
    const record: Delivery = { id: event.id, type, madeAt: now(), attempts: [], replay: false, late };
    deliveries.push(record);
    const job = (async () => {
      await deliver(event, record, late ? 800 + Math.random() * 1200 : Math.random() * 150);
      if (Math.random() < replayShare) {
        const copy: Delivery = { id: event.id, type, madeAt: now(), attempts: [], replay: true, late: false };
        deliveries.push(copy);
        await deliver(event, copy, 500 + Math.random() * 3000);
      }
    })();
    queue.add(job);
    void job.finally(() => queue.delete(job));
  }

  /** What changed at the fake since the last look, as Stripe's events. */
  function look() {
    const changed = (key: string, signature: string) => {
      if (seen.get(key) === signature) return false;
      seen.set(key, signature);
      return true;
    };
    for (const session of fake.sessions.values()) {
      const s = session as { id: string; status: string; metadata?: Record<string, string>; payment_intent: unknown };
      if (!s.metadata?.holdId) continue;
      if (changed(`cs:${s.id}`, s.status) && s.status === "complete") emit("checkout.session.completed", s);
      if (s.status === "expired" && changed(`cs-expired:${s.id}`, "x")) emit("checkout.session.expired", s);
    }
    for (const intent of fake.intents.values()) {
      if (!intent.metadata.holdId) continue;
      if (!changed(`pi:${intent.id}`, `${intent.status}:${intent.amount_received}`)) continue;
      const type = {
        requires_capture: "payment_intent.amount_capturable_updated",
        succeeded: "payment_intent.succeeded",
        canceled: "payment_intent.canceled",
      }[intent.status];
      if (type) emit(type, intent);
    }
    for (const charge of fake.charges.values()) {
      if (charge.amount_refunded > 0 && changed(`ch:${charge.id}`, String(charge.amount_refunded))) {
        emit("charge.refunded", charge);
      }
    }
    for (const refund of fake.refunds.values()) {
      if (changed(`re:${refund.id}`, String(refund.status))) emit("refund.created", refund);
    }
    for (const invoice of fake.invoices.values()) {
      if (!invoice.metadata.balanceInvoiceId) continue;
      if (!changed(`in:${invoice.id}`, `${invoice.status}:${invoice.amount_paid}`)) continue;
      if (invoice.status === "open") {
        emit("invoice.finalized", invoice);
        emit("invoice.sent", invoice);
      } else if (invoice.status === "paid") {
        emit("invoice.paid", invoice);
      } else if (invoice.status === "void") {
        emit("invoice.voided", invoice);
      }
    }
  }

  const watcher = (async () => {
    while (running) {
      look();
      await sleep(100);
    }
  })();

  return {
    deliveries,
    /** Stops watching (after a last look) once every delivery landed or `maxMs` passed. */
    async drain(maxMs: number) {
      const until = now() + maxMs;
      look();
      while (queue.size && now() < until) await sleep(100);
      look();
      while (queue.size && now() < until) await sleep(100);
      running = false;
      await watcher;
    },
    get pending() {
      return queue.size;
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Quotes.

export type MoneyStep = "quote" | "send" | "accept" | "authorise" | "capture" | "refund" | "balance" | "pay";

export interface MoneyOp {
  step: MoneyStep;
  requestId: string;
  sentAt: number;
  doneAt?: number;
  status?: number;
  error?: string;
  /** Released by a fault's burst. */
  burst: boolean;
  /** The id the answer named (refund), or the amount asked (capture). */
  id?: string;
  amountCents?: number;
}

export interface MoneyCase {
  requestId: string;
  memberCookie: string;
  priceCents: number;
  quoteId?: string;
  optionId?: string;
  sessionId?: string;
  holdCents?: number;
  capturedCents?: number;
  refundKey?: string;
  reached: MoneyStep | "paid" | "none";
  /** Set aside for a fault: it waits before this step until the fault's burst. */
  waitFor?: { fault: string; step: MoneyStep };
  /** Where it stopped short of paid, and why. */
  stuck?: string;
}

export function startMoney(input: {
  client: Client;
  fake: FakeStripe;
  staffCookies: string[];
  requests: Array<{ id: string; cookie: string }>;
  /** Quotes started per second. */
  rate: number;
  /** The faults whose moment gets a burst of money steps, and the step each moneyCase set aside for it waits before. */
  faults: string[];
  faultSteps: MoneyStep[];
}) {
  const { client, fake, staffCookies } = input;
  const ops: MoneyOp[] = [];
  const cases: MoneyCase[] = [];
  const flows = new Set<Promise<void>>();
  /** Per fault: whether its burst happened, and the cases waiting for it. */
  const bursts = new Map(input.faults.map((name) => [name, { fired: false, parked: [] as Array<() => void> }]));
  let running = true;
  let deadline = Number.POSITIVE_INFINITY;
  const free = [...input.requests];

  /** Before a step: a moment; a moneyCase set aside for a fault waits before its step until that fault's burst. */
  async function gate(moneyCase: MoneyCase, step: MoneyStep): Promise<boolean> {
    const burst = moneyCase.waitFor ? bursts.get(moneyCase.waitFor.fault) : undefined;
    if (burst && moneyCase.waitFor?.step === step && !burst.fired) {
      await new Promise<void>((resolve) => burst.parked.push(resolve));
      return true;
    }
    if (!moneyCase.waitFor) await sleep(200 + Math.random() * 1200);
    return false;
  }

  const late = () => now() > deadline;

  /** One call, retried on a 5xx or no answer (after 0.4 s doubling to 3 s) until it is answered or time is up. */
  async function call(
    step: MoneyStep,
    moneyCase: MoneyCase,
    burst: boolean,
    send: () => Promise<Answer>,
    extra: Partial<MoneyOp> = {},
  ): Promise<Answer> {
    let wait = 400;
    for (;;) {
      const op: MoneyOp = { step, requestId: moneyCase.requestId, sentAt: now(), burst, ...extra };
      ops.push(op);
      const answer = await send();
      op.doneAt = answer.doneAt;
      op.status = answer.status;
      if (!ok(answer.status)) op.error = answer.json<{ error?: string }>().error ?? answer.body.slice(0, 160);
      if (answer.status !== 0 && answer.status < 500) return answer;
      if (late()) return answer;
      await sleep(wait);
      wait = Math.min(wait * 2, 3_000);
      burst = false;
    }
  }

  const staffCall = (method: string, path: string, json?: unknown) => () =>
    client.request(`money ${path.split("/").slice(-1)[0]}`, method, path, { cookie: pick(staffCookies), json });
  const viewOf = async (moneyCase: MoneyCase) => {
    for (let i = 0; i < 20 && !late(); i++) {
      const answer = await client.request("money moneyCase", "GET", `/api/requests/${moneyCase.requestId}/moneyCase`, {
        cookie: moneyCase.memberCookie,
      });
      if (ok(answer.status)) return answer.json<MoneyView>();
      await sleep(500);
    }
    return null;
  };
  /** Waits until the moneyCase shows what `done` looks for (its webhook or the answer applied), up to `maxMs`. */
  async function until(moneyCase: MoneyCase, done: (view: MoneyView) => boolean, maxMs = 30_000) {
    const stop = now() + maxMs;
    while (now() < stop && !late()) {
      const view = await viewOf(moneyCase);
      if (view && done(view)) return view;
      await sleep(300);
    }
    return null;
  }

  async function run(moneyCase: MoneyCase) {
    const base = `/api/admin/requests/${moneyCase.requestId}`;
    // Staff write the quote and send it.
    const burstQuote = await gate(moneyCase, "quote");
    const quote = await call(
      "quote",
      moneyCase,
      burstQuote,
      staffCall("POST", `${base}/quotes`, {
        options: [{ title: "A Kelly 28 in gold", priceCents: moneyCase.priceCents }],
        validUntil: inDays(10),
      }),
    );
    if (!ok(quote.status)) return stop(moneyCase, `quote ${quote.status}`);
    moneyCase.quoteId = quote.json<{ id: string }>().id;
    const burstSend = await gate(moneyCase, "send");
    const sent = await call(
      "send",
      moneyCase,
      burstSend,
      staffCall("POST", `${base}/quotes/${moneyCase.quoteId}/send`),
    );
    if (!ok(sent.status) && sent.status !== 409) return stop(moneyCase, `send ${sent.status}`);
    moneyCase.reached = "send";
    const view = await until(moneyCase, (v) => v.quotes.some((q) => q.status === "sent"));
    const option = view?.quotes.find((q) => q.status === "sent")?.options[0];
    if (!option) return stop(moneyCase, "the sent quote never showed");
    moneyCase.optionId = option.id;
    moneyCase.holdCents = option.holdCents;

    // The member accepts: the card page. Then the card is authorised there (the fake's hosted page).
    const burstAccept = await gate(moneyCase, "accept");
    const accepted = await call("accept", moneyCase, burstAccept, () =>
      client.request(
        "money accept",
        "POST",
        `/api/requests/${moneyCase.requestId}/quotes/${moneyCase.quoteId}/accept`,
        {
          cookie: moneyCase.memberCookie,
          json: { optionId: moneyCase.optionId },
        },
      ),
    );
    if (!ok(accepted.status)) return stop(moneyCase, `accept ${accepted.status} ${accepted.body.slice(0, 80)}`);
    moneyCase.sessionId = accepted.json<{ url: string }>().url.split("/").pop();
    moneyCase.reached = "accept";
    const burstAuthorise = await gate(moneyCase, "authorise");
    const session = fake.sessions.get(moneyCase.sessionId as string) as { status: string } | undefined;
    if (session?.status !== "open") return stop(moneyCase, `card page ${session?.status ?? "unknown"}`);
    ops.push({
      step: "authorise",
      requestId: moneyCase.requestId,
      sentAt: now(),
      doneAt: now(),
      status: 200,
      burst: burstAuthorise,
    });
    fake.authorizeSession(moneyCase.sessionId as string);
    moneyCase.reached = "authorise";
    if (!(await until(moneyCase, (v) => v.hold?.status === "held")))
      return stop(moneyCase, "the hold never showed held");

    // Staff capture: in full, or less with a reason.
    const partial = Math.random() < 0.5;
    const amountCents = partial
      ? (moneyCase.holdCents as number) - 10_000 - Math.floor(Math.random() * 5_000)
      : undefined;
    const burstCapture = await gate(moneyCase, "capture");
    const captured = await call(
      "capture",
      moneyCase,
      burstCapture,
      staffCall("POST", `${base}/hold/capture`, partial ? { amountCents, reason: "One strap was missing" } : {}),
      { amountCents: amountCents ?? moneyCase.holdCents },
    );
    if (!ok(captured.status) && captured.status !== 409) return stop(moneyCase, `capture ${captured.status}`);
    const afterCapture = await until(moneyCase, (v) => v.hold?.status === "captured");
    if (!afterCapture?.hold)
      return stop(moneyCase, `the hold never showed captured (capture answered ${captured.status})`);
    moneyCase.capturedCents = afterCapture.hold.capturedCents;
    moneyCase.reached = "capture";

    // Staff refund a third of it (the dialog's one key, however often it is sent).
    moneyCase.refundKey = randomUUID();
    const refundCents = Math.floor((moneyCase.capturedCents as number) / 3);
    const burstRefund = await gate(moneyCase, "refund");
    const refunded = await call(
      "refund",
      moneyCase,
      burstRefund,
      staffCall("POST", `${base}/refunds`, {
        amountCents: refundCents,
        reason: "A scuff on the clasp",
        idempotencyKey: moneyCase.refundKey,
      }),
      { amountCents: refundCents },
    );
    if (!ok(refunded.status)) return stop(moneyCase, `refund ${refunded.status} ${refunded.body.slice(0, 80)}`);
    const last = ops.filter((o) => o.step === "refund" && o.requestId === moneyCase.requestId).pop();
    if (last) last.id = refunded.json<{ id: string }>().id;
    moneyCase.reached = "refund";

    // Staff send the balance invoice; the member pays it.
    const burstBalance = await gate(moneyCase, "balance");
    const balance = await call(
      "balance",
      moneyCase,
      burstBalance,
      staffCall("POST", `${base}/balance`, { dueDate: inDays(14) }),
    );
    if (!ok(balance.status) && balance.status !== 409) return stop(moneyCase, `balance ${balance.status}`);
    const open = await until(moneyCase, (v) => v.balance?.status === "open" || v.balance?.status === "paid");
    if (!open?.balance) return stop(moneyCase, `the balance never showed open (answered ${balance.status})`);
    moneyCase.reached = "balance";
    const burstPay = await gate(moneyCase, "pay");
    const invoice = [...fake.invoices.values()].find(
      (i) => i.metadata.balanceInvoiceId === open.balance?.id && i.status === "open",
    );
    if (!invoice) return stop(moneyCase, "no open invoice at the provider");
    ops.push({
      step: "pay",
      requestId: moneyCase.requestId,
      sentAt: now(),
      doneAt: now(),
      status: 200,
      burst: burstPay,
    });
    fake.payInvoice(invoice.id);
    moneyCase.reached = "pay";
    if (!(await until(moneyCase, (v) => v.balance?.status === "paid")))
      return stop(moneyCase, "the balance never showed paid");
    moneyCase.reached = "paid";
  }
  function stop(moneyCase: MoneyCase, why: string) {
    moneyCase.stuck = why;
  }

  let startFlow = () => {};
  const flowing = new Promise<void>((resolve) => {
    startFlow = resolve;
  });
  const starter = (async () => {
    if (input.rate <= 0) return;
    const interval = 1000 / input.rate;
    const begin = (waitFor?: MoneyCase["waitFor"]) => {
      const request = free.shift();
      if (!request) return false;
      const moneyCase: MoneyCase = {
        requestId: request.id,
        memberCookie: request.cookie,
        priceCents: 1_000_000 + Math.floor(Math.random() * 500) * 1_000,
        reached: "none",
        waitFor,
      };
      cases.push(moneyCase);
      const flow = run(moneyCase).catch((error) => {
        moneyCase.stuck = `bench error: ${String(error)}`;
      });
      flows.add(flow);
      void flow.finally(() => flows.delete(flow));
      return true;
    };
    // The cases set aside for the faults first, a little apart; then (once the load starts) the steady flow.
    for (const fault of input.faults) {
      for (const step of input.faultSteps) {
        begin({ fault, step });
        await sleep(50);
      }
    }
    await flowing;
    let next = now();
    while (running && begin()) {
      next += interval;
      await sleep(Math.max(0, next - now()));
    }
  })();

  return {
    ops,
    cases,
    /** Resolves once every moneyCase set aside for a fault waits before its step (or stopped short), or after `maxMs`. */
    async ready(maxMs: number) {
      const until = now() + maxMs;
      const waiting = () => [...bursts.values()].reduce((n, b) => n + b.parked.length, 0);
      const aside = () => cases.filter((d) => d.waitFor);
      while (now() < until) {
        if (
          aside().length === input.faults.length * input.faultSteps.length &&
          waiting() + aside().filter((d) => d.stuck).length >= aside().length
        )
          break;
        await sleep(200);
      }
      return { waiting: waiting(), aside: aside().length };
    },
    /** The steady flow of cases begins (with the load). */
    startFlow() {
      startFlow();
    },
    /** The fault's moment: every moneyCase waiting for it goes on at once; how many money steps it released. */
    burst(fault: string) {
      const burst = bursts.get(fault);
      if (!burst) return 0;
      burst.fired = true;
      const released = burst.parked.length;
      for (const resolve of burst.parked) resolve();
      burst.parked = [];
      return released;
    },
    /** No new cases; the ones under way finish (or stop where they are after `maxMs`). */
    async stop(maxMs: number) {
      running = false;
      await starter;
      for (const fault of bursts.keys()) this.burst(fault);
      deadline = now() + maxMs;
      await Promise.all([...flows]);
    },
  };
}

interface MoneyView {
  quotes: Array<{ id: string; status: string; options: Array<{ id: string; holdCents: number }> }>;
  hold: { status: string; capturedCents: number; refundedCents: number } | null;
  balance: { id: string; status: string } | null;
}

// ---------------------------------------------------------------------------------------------------------
// Checks: the fake provider against our rows, directly.

export interface MoneyCheck {
  intents: number;
  refunds: number;
  invoices: number;
  orphans: string[];
  doubleCaptures: string[];
  overCaptures: string[];
  doublePaid: string[];
  mismatches: string[];
  /** Acknowledged (2xx) money answers not found at the provider. */
  ackedMissing: string[];
  stuckClaims: string[];
  unfinishedSends: string[];
}

export async function checkMoney(dbUrl: string, fake: FakeStripe, ops: MoneyOp[]): Promise<MoneyCheck> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const holdRows = (
      await db.query(
        `select id::text, request_id::text, status::text, amount_cents::int, captured_cents::int, refunded_cents::int,
                payment_intent_id, pending_action::text from holds`,
      )
    ).rows as Array<{
      id: string;
      request_id: string;
      status: string;
      amount_cents: number;
      captured_cents: number;
      refunded_cents: number;
      payment_intent_id: string | null;
      pending_action: string | null;
    }>;
    const refundRows = (
      await db.query(
        "select id::text, request_id::text, hold_id::text, amount_cents::int, status::text, provider_refund_id from refunds",
      )
    ).rows as Array<{
      id: string;
      request_id: string;
      amount_cents: number;
      status: string;
      provider_refund_id: string | null;
    }>;
    const invoiceRows = (
      await db.query(
        `select id::text, request_id::text, status::text, amount_cents::int, amount_paid_cents::int, provider_invoice_id,
                updated_at from balance_invoices`,
      )
    ).rows as Array<{
      id: string;
      request_id: string;
      status: string;
      amount_cents: number;
      amount_paid_cents: number;
      provider_invoice_id: string | null;
    }>;

    const out: MoneyCheck = {
      intents: 0,
      refunds: 0,
      invoices: 0,
      orphans: [],
      doubleCaptures: [],
      overCaptures: [],
      doublePaid: [],
      mismatches: [],
      ackedMissing: [],
      stuckClaims: [],
      unfinishedSends: [],
    };
    const holdByIntent = new Map(holdRows.filter((h) => h.payment_intent_id).map((h) => [h.payment_intent_id, h]));
    const holdById = new Map(holdRows.map((h) => [h.id, h]));

    // Intents: each authorisation is held by us, each capture recorded with its amount, each cancel released.
    const capturedByRequest = new Map<string, number>();
    for (const intent of fake.intents.values()) {
      const holdId = intent.metadata.holdId;
      if (!holdId) continue;
      out.intents += 1;
      const row = holdByIntent.get(intent.id);
      const named = holdById.get(holdId);
      const requestId = intent.metadata.requestId;
      const charge = intent.latest_charge ? fake.charges.get(intent.latest_charge) : undefined;
      if (intent.status === "requires_capture" && row?.status !== "held") {
        out.orphans.push(`${intent.id} authorised; ours ${row?.status ?? `unlinked (${named?.status ?? "no row"})`}`);
        continue;
      }
      if (intent.status === "succeeded") {
        capturedByRequest.set(requestId, (capturedByRequest.get(requestId) ?? 0) + 1);
        if (intent.amount_received > intent.amount)
          out.overCaptures.push(`${intent.id} ${intent.amount_received} > ${intent.amount}`);
        if (!row || (row.status !== "captured" && row.status !== "refunded")) {
          out.mismatches.push(`${intent.id} captured at the provider; ours ${row?.status ?? "none"}`);
        } else if (row.captured_cents !== intent.amount_received) {
          out.mismatches.push(`${intent.id} captured ${intent.amount_received}; ours ${row.captured_cents}`);
        } else if (row.refunded_cents !== (charge?.amount_refunded ?? 0)) {
          out.mismatches.push(`${intent.id} refunded ${charge?.amount_refunded}; ours ${row.refunded_cents}`);
        }
      }
      if (intent.status === "canceled" && row && !["released", "expired"].includes(row.status)) {
        out.mismatches.push(`${intent.id} cancelled at the provider; ours ${row.status}`);
      }
      if (intent.status === "requires_capture" && row?.pending_action) {
        out.stuckClaims.push(`${row.id} ${row.pending_action} claimed, never asked (its instance died)`);
      }
    }
    for (const [requestId, count] of capturedByRequest) {
      if (count > 1) out.doubleCaptures.push(`request ${requestId}: ${count} intents captured`);
    }
    const ourCaptured = new Map<string, number>();
    for (const row of holdRows) {
      if (row.captured_cents > row.amount_cents)
        out.overCaptures.push(`hold ${row.id} ${row.captured_cents} > ${row.amount_cents}`);
      if (row.status === "captured" || row.status === "refunded") {
        ourCaptured.set(row.request_id, (ourCaptured.get(row.request_id) ?? 0) + 1);
      }
      if (row.payment_intent_id && !fake.intents.has(row.payment_intent_id)) {
        out.mismatches.push(`hold ${row.id}: intent ${row.payment_intent_id} unknown to the provider`);
      }
    }
    for (const [requestId, count] of ourCaptured) {
      if (count > 1) out.doubleCaptures.push(`request ${requestId}: ${count} holds captured here`);
    }
    // Every capture call answered once at the provider per intent (a retry replays the same answer).
    const captureKeys = new Map<string, Set<string>>();
    for (const c of fake.callsTo("POST", /\/v1\/payment_intents\/[^/]+\/capture$/)) {
      const intentId = c.path.split("/")[3];
      const keys = captureKeys.get(intentId) ?? new Set<string>();
      keys.add(c.idempotencyKey ?? `none-${Math.random()}`);
      captureKeys.set(intentId, keys);
    }
    for (const [intentId, keys] of captureKeys) {
      if (keys.size > 1) out.doubleCaptures.push(`${intentId}: captured with ${keys.size} different keys`);
    }

    // Refunds: each at the provider is ours with its amount and succeeded; each succeeded of ours is there.
    const refundByProvider = new Map(
      refundRows.filter((r) => r.provider_refund_id).map((r) => [r.provider_refund_id, r]),
    );
    for (const refund of fake.refunds.values()) {
      const r = refund as { id: string; amount: number; status: string };
      out.refunds += 1;
      const row = refundByProvider.get(r.id);
      if (!row) out.mismatches.push(`refund ${r.id} at the provider; none here`);
      else if (row.amount_cents !== r.amount || row.status !== r.status) {
        out.mismatches.push(`refund ${r.id} ${r.status} ${r.amount}; ours ${row.status} ${row.amount_cents}`);
      }
    }
    for (const row of refundRows) {
      if (row.status === "pending") out.mismatches.push(`refund ${row.id} still pending here`);
      if (row.status === "succeeded" && !fake.refunds.has(row.provider_refund_id as string)) {
        out.mismatches.push(`refund ${row.id} succeeded here; unknown to the provider`);
      }
    }

    // Invoices: each balance invoice at the provider matches our row; none paid twice.
    const invoiceByProvider = new Map(
      invoiceRows.filter((r) => r.provider_invoice_id).map((r) => [r.provider_invoice_id, r]),
    );
    const paidByRequest = new Map<string, number>();
    for (const invoice of fake.invoices.values()) {
      if (!invoice.metadata.balanceInvoiceId) continue;
      out.invoices += 1;
      if (invoice.status === "paid") {
        const requestId = invoice.metadata.requestId;
        paidByRequest.set(requestId, (paidByRequest.get(requestId) ?? 0) + 1);
        if (invoice.amount_paid > invoice.amount_due)
          out.doublePaid.push(`${invoice.id} paid ${invoice.amount_paid} of ${invoice.amount_due}`);
      }
      const row = invoiceByProvider.get(invoice.id);
      if (!row) {
        // A half-made invoice the app voided or deleted (nothing payable) is no difference.
        if (invoice.status !== "void")
          out.mismatches.push(`invoice ${invoice.id} ${invoice.status} at the provider; none here`);
        continue;
      }
      if (row.status !== invoice.status || row.amount_paid_cents !== invoice.amount_paid) {
        out.mismatches.push(
          `invoice ${invoice.id} ${invoice.status} ${invoice.amount_paid}; ours ${row.status} ${row.amount_paid_cents}`,
        );
      }
    }
    for (const [requestId, count] of paidByRequest) {
      if (count > 1) out.doublePaid.push(`request ${requestId}: ${count} invoices paid`);
    }
    const ourPaid = new Map<string, number>();
    for (const row of invoiceRows) {
      if (row.status === "paid") ourPaid.set(row.request_id, (ourPaid.get(row.request_id) ?? 0) + 1);
      if (row.provider_invoice_id && !fake.invoices.has(row.provider_invoice_id)) {
        out.mismatches.push(`balance ${row.id}: invoice ${row.provider_invoice_id} unknown to the provider`);
      }
      if (!row.provider_invoice_id)
        out.unfinishedSends.push(`balance ${row.id} ${row.status}, no provider invoice yet`);
    }
    for (const [requestId, count] of ourPaid) {
      if (count > 1) out.doublePaid.push(`request ${requestId}: ${count} balances paid here`);
    }

    // Every acknowledged money answer landed at the provider.
    for (const op of ops.filter((o) => ok(o.status))) {
      const intents = [...fake.intents.values()].filter((i) => i.metadata.requestId === op.requestId);
      if (op.step === "capture" && !intents.some((i) => i.status === "succeeded")) {
        out.ackedMissing.push(`capture of ${op.requestId}`);
      }
      if (op.step === "refund" && op.id) {
        const row = refundRows.find((r) => r.id === op.id);
        if (!row?.provider_refund_id || !fake.refunds.has(row.provider_refund_id))
          out.ackedMissing.push(`refund ${op.id}`);
      }
      if (op.step === "balance") {
        const there = [...fake.invoices.values()].some(
          (i) => i.metadata.requestId === op.requestId && (i.status === "open" || i.status === "paid"),
        );
        if (!there) out.ackedMissing.push(`balance of ${op.requestId}`);
      }
    }
    return out;
  } finally {
    await db.end();
  }
}

/** The app's reconciliation (POST /api/admin/quotes/reconcile, as the admin's button), retried while one runs. */
export async function reconcileOnce(client: Client, adminCookie: string) {
  for (let i = 0; i < 20; i++) {
    const answer = await client.request("reconcile", "POST", "/api/admin/quotes/reconcile", { cookie: adminCookie });
    if (answer.status === 409 || answer.status === 0 || answer.status >= 500) {
      await sleep(1_000);
      continue;
    }
    return {
      status: answer.status,
      run: answer.json<{
        checked: number;
        repaired: number;
        error: string | null;
        differences: Array<{
          kind: string;
          paymentIntentId: string;
          repaired: boolean;
          ourStatus: string | null;
          providerStatus: string | null;
        }>;
      }>(),
    };
  }
  return { status: 0, run: null };
}
