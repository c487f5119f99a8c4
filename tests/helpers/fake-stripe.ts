/**
 * A local fake of the Stripe API, answering only the calls Maison makes, with Stripe's shapes, status codes and
 * error bodies. The real SDK talks to it (STRIPE_API_BASE gives host, port and protocol). Every call is recorded
 * so tests can check what was asked of "Stripe", and webhooks are signed with the SDK's own test helper.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll } from "vitest";
import { createTestApp, type TestContext } from "./app";

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown>;
  /** The Idempotency-Key header the SDK sent, if any. */
  idempotencyKey?: string;
}

/** A PaymentIntent of a hold (Checkout in payment mode, manual capture), as Stripe holds it. */
export interface FakePaymentIntent {
  id: string;
  object: "payment_intent";
  status: string;
  amount: number;
  amount_capturable: number;
  amount_received: number;
  capture_method: string;
  cancellation_reason: string | null;
  currency: string;
  customer: string | null;
  created: number;
  metadata: Record<string, string>;
  latest_charge: string | null;
}

export interface FakeCharge {
  id: string;
  object: "charge";
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  refunded: boolean;
  payment_intent: string;
  customer?: string | null;
  status?: string;
  created?: number;
  receipt_url: string;
  payment_method_details: { type: "card"; card: { brand: string; last4: string; capture_before: number } };
}

export interface FakeSubscription {
  id: string;
  object: "subscription";
  customer: string;
  status: string;
  created: number;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  pending_update: null;
  metadata: Record<string, string>;
  items: {
    object: "list";
    data: Array<{
      id: string;
      object: "subscription_item";
      price: { id: string; object: "price" };
      quantity: number;
      current_period_start: number;
      current_period_end: number;
    }>;
  };
}

/** A balance invoice (`send_invoice`), as Stripe holds it. */
export interface FakeInvoice {
  id: string;
  object: "invoice";
  customer: string;
  status: "draft" | "open" | "paid" | "void" | "uncollectible";
  collection_method: string;
  currency: string;
  description: string | null;
  due_date: number | null;
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  hosted_invoice_url: string | null;
  invoice_pdf: string | null;
  metadata: Record<string, string>;
  payment_settings: Record<string, unknown>;
  pending_invoice_items_behavior: string | null;
  created: number;
  billing_reason?: string;
  parent?: { type: string; subscription_details: { subscription: string; metadata: Record<string, string> } | null };
  lines?: { object: "list"; data: Array<Record<string, unknown>> };
  /** What paid it: one InvoicePayment per payment (listed when `payments` is expanded). */
  payments?: { object: "list"; data: Array<Record<string, unknown>> };
  status_transitions?: { paid_at: number | null };
  footer?: string | null;
}

interface Failure {
  method: string;
  path: string;
  status: number;
  message: string;
  when?: (call: RecordedCall) => boolean;
}

/** Turns Stripe's form encoding (`items[0][price]=…`) back into objects and arrays. */
export function parseForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/[[\]]+/).filter(Boolean);
    let node = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      if (typeof node[part] !== "object") node[part] = {};
      node = node[part] as Record<string, unknown>;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (typeof value !== "object" || value === null) return value;
    const entries = Object.entries(value).map(([k, v]) => [k, arrays(v)] as const);
    return entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))
      ? entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v)
      : Object.fromEntries(entries);
  };
  return arrays(root) as Record<string, unknown>;
}

const now = () => Math.floor(Date.now() / 1000);

export async function startFakeStripe(
  options: {
    customerDelayMs?: number /** Customer creation waits for this (a provider that hangs). */;
    customerGate?: () => Promise<void>;
    /** How long to wait before answering a call (a slow provider); the call is recorded first. */
    delayMs?: (call: RecordedCall) => number;
  } = {},
) {
  const calls: RecordedCall[] = [];
  const customers = new Map<string, Record<string, unknown>>();
  const idempotent = new Map<string, Promise<Record<string, unknown>>>();
  const sessions = new Map<string, Record<string, unknown>>();
  const subscriptions = new Map<string, FakeSubscription>();
  const intents = new Map<string, FakePaymentIntent>();
  const charges = new Map<string, FakeCharge>();
  const refunds = new Map<string, Record<string, unknown>>();
  /** Disputes the test puts here (a bank opens them; the API only updates them). */
  const disputes = new Map<string, Record<string, unknown>>();
  const invoices = new Map<string, FakeInvoice>();
  /** Tax Rates, as Stripe keeps them (never deleted; `active` false when archived). */
  const taxRates = new Map<string, Record<string, unknown>>();
  /** POST answers by idempotency key, as Stripe replays them (holds' calls). */
  const replays = new Map<string, { status: number; body: unknown }>();
  const failures: Failure[] = [];
  let seq = 0;
  /** The most a list page holds (Stripe's is 100); tests lower it to see the SDK follow the pages. */
  const state = { listPageSize: 100 };
  let inFlight = 0;
  let maxInFlight = 0;
  const id = (prefix: string) => `${prefix}_fake_${++seq}`;

  function send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
    res.end(JSON.stringify(body));
  }
  const stripeError = (message: string, code?: string) => ({
    error: { type: "invalid_request_error", message, ...(code ? { code } : {}) },
  });
  const error = (res: ServerResponse, status: number, message: string, code?: string) =>
    send(res, status, stripeError(message, code));

  /** A succeeded PaymentIntent and its captured card charge (an invoice's payment), kept like the holds' ones. */
  function paidIntent(customer: string, amount: number, card: { brand?: string; last4?: string }, created = now()) {
    const charge: FakeCharge = {
      id: id("ch"),
      object: "charge",
      amount,
      amount_captured: amount,
      amount_refunded: 0,
      refunded: false,
      payment_intent: "",
      customer,
      status: "succeeded",
      created,
      receipt_url: `https://pay.stripe.test/receipts/${seq}`,
      payment_method_details: {
        type: "card",
        card: { brand: card.brand ?? "visa", last4: card.last4 ?? "4242", capture_before: created },
      },
    };
    const intent: FakePaymentIntent = {
      id: id("pi"),
      object: "payment_intent",
      status: "succeeded",
      amount,
      amount_capturable: 0,
      amount_received: amount,
      capture_method: "automatic",
      cancellation_reason: null,
      currency: "eur",
      customer,
      created,
      metadata: {},
      latest_charge: charge.id,
    };
    charge.payment_intent = intent.id;
    charges.set(charge.id, charge);
    intents.set(intent.id, intent);
    return { intent, charge };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://fake");
    const method = req.method ?? "GET";
    let text = "";
    for await (const chunk of req) text += chunk;
    const body = parseForm(text);
    const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
    const call = { method, path: url.pathname, query: url.searchParams, body, idempotencyKey };
    calls.push(call);
    const delay = options.delayMs?.(call) ?? 0;
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));

    const failure = failures.findIndex(
      (f) => f.method === method && url.pathname.startsWith(f.path) && (!f.when || f.when(call)),
    );
    if (failure >= 0) {
      const [f] = failures.splice(failure, 1);
      return error(res, f.status, f.message);
    }

    const path = url.pathname;
    // Holds' calls: a repeated idempotency key gets the first answer again.
    const replayable =
      method === "POST" &&
      idempotencyKey &&
      /^\/v1\/(payment_intents|checkout\/sessions|refunds|invoices|invoiceitems|tax_rates)/.test(path);
    if (replayable) {
      const replay = replays.get(idempotencyKey as string);
      if (replay) return send(res, replay.status, replay.body);
    }
    const answer = (status: number, payload: unknown) => {
      if (replayable) replays.set(idempotencyKey as string, { status, body: payload });
      return send(res, status, payload);
    };
    const expandCharge = (intent: FakePaymentIntent) =>
      [...url.searchParams].some(([key, value]) => key.startsWith("expand") && value === "latest_charge") ||
      (body.expand as string[] | undefined)?.includes("latest_charge")
        ? { ...intent, latest_charge: intent.latest_charge ? (charges.get(intent.latest_charge) ?? null) : null }
        : intent;
    if (method === "GET" && path === "/v1/checkout/sessions") {
      const intent = url.searchParams.get("payment_intent");
      const data = [...sessions.values()].filter((s) => !intent || s.payment_intent === intent);
      return send(res, 200, { object: "list", data, has_more: false, url: "/v1/checkout/sessions" });
    }
    const session = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (session) {
      const found = sessions.get(session[1]);
      if (!found) return error(res, 404, `No such checkout.session: '${session[1]}'`, "resource_missing");
      if (method === "GET") return send(res, 200, found);
      if (method === "POST" && session[2]) {
        if (found.status !== "open")
          return error(res, 400, "Only Checkout Sessions with a status of open can be expired.");
        found.status = "expired";
        return answer(200, found);
      }
    }
    if (method === "GET" && path === "/v1/payment_intents") {
      // The list, newest first, as Stripe pages it (limit, starting_after, has_more); `created[gte]` filters.
      const gte = Number(url.searchParams.get("created[gte]") ?? 0);
      const limit = Math.min(Number(url.searchParams.get("limit") ?? 10), state.listPageSize);
      const after = url.searchParams.get("starting_after");
      const order = (i: FakePaymentIntent) => Number(i.id.split("_").pop());
      const all = [...intents.values()]
        .filter((i) => i.created >= gte)
        .sort((a, b) => b.created - a.created || order(b) - order(a));
      const start = after ? all.findIndex((i) => i.id === after) + 1 : 0;
      const page = all.slice(start, start + limit);
      const expanded = [...url.searchParams].some(([k, v]) => k.startsWith("expand") && v === "data.latest_charge");
      const data = page.map((i) =>
        expanded ? { ...i, latest_charge: i.latest_charge ? (charges.get(i.latest_charge) ?? null) : null } : i,
      );
      return send(res, 200, { object: "list", data, has_more: start + limit < all.length, url: "/v1/payment_intents" });
    }
    if (method === "GET" && path === "/v1/invoices") {
      // A customer's invoices, newest first; `status` filters; `data.payments` expanded when asked.
      const customer = url.searchParams.get("customer");
      const status = url.searchParams.get("status");
      const limit = Math.min(Number(url.searchParams.get("limit") ?? 10), state.listPageSize);
      const expandPayments = [...url.searchParams].some(([k, v]) => k.startsWith("expand") && v === "data.payments");
      const data = [...invoices.values()]
        .filter((i) => (!customer || i.customer === customer) && (!status || i.status === status))
        .sort((a, b) => b.created - a.created)
        .slice(0, limit)
        .map(({ payments, ...invoice }) => (expandPayments ? { ...invoice, payments } : invoice));
      return send(res, 200, { object: "list", data, has_more: false, url: "/v1/invoices" });
    }
    if (method === "GET" && path === "/v1/tax_rates") {
      // Newest first; `active` and `inclusive` filter, as Stripe's list does.
      const active = url.searchParams.get("active");
      const inclusive = url.searchParams.get("inclusive");
      const data = [...taxRates.values()]
        .filter(
          (r) =>
            (active === null || String(r.active) === active) &&
            (inclusive === null || String(r.inclusive) === inclusive),
        )
        .reverse();
      return send(res, 200, { object: "list", data, has_more: false, url: "/v1/tax_rates" });
    }
    if (method === "POST" && path === "/v1/tax_rates") {
      if (!body.display_name || body.percentage === undefined || body.inclusive === undefined) {
        return answer(400, stripeError("Missing required param: display_name, percentage or inclusive."));
      }
      const rate = {
        id: id("txr"),
        object: "tax_rate",
        active: body.active === undefined ? true : body.active === "true",
        country: body.country ?? null,
        jurisdiction: body.jurisdiction ?? null,
        description: body.description ?? null,
        display_name: body.display_name,
        inclusive: body.inclusive === "true",
        percentage: Number(body.percentage),
        tax_type: body.tax_type ?? null,
        metadata: body.metadata ?? {},
        created: now(),
      };
      taxRates.set(rate.id, rate);
      return answer(200, rate);
    }
    const taxRatePath = /^\/v1\/tax_rates\/([^/]+)$/.exec(path);
    if (taxRatePath) {
      const rate = taxRates.get(taxRatePath[1]);
      if (!rate) return error(res, 404, `No such tax rate: '${taxRatePath[1]}'`, "resource_missing");
      if (method === "POST" && body.active !== undefined) rate.active = body.active === "true";
      return send(res, 200, rate);
    }
    if (method === "GET" && path === "/v1/charges") {
      const customer = url.searchParams.get("customer");
      const limit = Math.min(Number(url.searchParams.get("limit") ?? 10), state.listPageSize);
      const data = [...charges.values()]
        .filter((c) => !customer || c.customer === customer)
        .sort((a, b) => (b.created ?? 0) - (a.created ?? 0))
        .slice(0, limit);
      return send(res, 200, { object: "list", data, has_more: false, url: "/v1/charges" });
    }
    const disputePath = /^\/v1\/disputes\/([^/]+)$/.exec(path);
    if (disputePath && method === "POST") {
      const dispute = disputes.get(disputePath[1]);
      if (!dispute) return error(res, 404, `No such dispute: '${disputePath[1]}'`, "resource_missing");
      if (dispute.status !== "needs_response" && dispute.status !== "warning_needs_response") {
        return error(res, 400, `This dispute is already ${dispute.status} and cannot be updated.`);
      }
      Object.assign(dispute, {
        evidence: body.evidence ?? {},
        status: body.submit === "true" ? "under_review" : dispute.status,
      });
      return send(res, 200, dispute);
    }
    const intentPath = /^\/v1\/payment_intents\/([^/]+)(\/capture|\/cancel)?$/.exec(path);
    if (intentPath) {
      const intent = intents.get(intentPath[1]);
      if (!intent) return error(res, 404, `No such payment_intent: '${intentPath[1]}'`, "resource_missing");
      if (method === "GET") return send(res, 200, expandCharge(intent));
      if (intentPath[2] === "/capture") {
        if (intent.status !== "requires_capture") {
          return answer(400, {
            error: {
              type: "invalid_request_error",
              code: "payment_intent_unexpected_state",
              message: `This PaymentIntent could not be captured because it has a status of ${intent.status}.`,
            },
          });
        }
        const amount = body.amount_to_capture ? Number(body.amount_to_capture) : intent.amount_capturable;
        Object.assign(intent, { status: "succeeded", amount_received: amount, amount_capturable: 0 });
        const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
        if (charge) charge.amount_captured = amount;
        return answer(200, expandCharge(intent));
      }
      if (intentPath[2] === "/cancel") {
        if (intent.status === "succeeded" || intent.status === "canceled") {
          return answer(400, {
            error: {
              type: "invalid_request_error",
              code: "payment_intent_unexpected_state",
              message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
            },
          });
        }
        Object.assign(intent, {
          status: "canceled",
          amount_capturable: 0,
          cancellation_reason: (body.cancellation_reason as string) ?? null,
        });
        return answer(200, expandCharge(intent));
      }
    }
    if (method === "POST" && path === "/v1/refunds") {
      // A refund of a captured PaymentIntent's charge: succeeded at once; the charge's amount_refunded is cumulative.
      const intent = intents.get(body.payment_intent as string);
      if (!intent)
        return answer(404, stripeError(`No such payment_intent: '${body.payment_intent}'`, "resource_missing"));
      const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
      if (intent.status !== "succeeded" || !charge) {
        return answer(
          400,
          stripeError("This PaymentIntent does not have a successful charge to refund.", "charge_not_refundable"),
        );
      }
      const amount = body.amount ? Number(body.amount) : charge.amount_captured - charge.amount_refunded;
      if (amount > charge.amount_captured - charge.amount_refunded) {
        return answer(
          400,
          stripeError("Refund amount is greater than unrefunded amount on charge", "amount_too_large"),
        );
      }
      charge.amount_refunded += amount;
      charge.refunded = charge.amount_refunded >= charge.amount_captured;
      const refund = {
        id: id("re"),
        object: "refund",
        amount,
        currency: "eur",
        charge: charge.id,
        payment_intent: intent.id,
        status: "succeeded",
        reason: body.reason ?? null,
        metadata: body.metadata ?? {},
        created: now(),
        failure_reason: null,
      };
      refunds.set(refund.id, refund);
      return answer(200, refund);
    }
    if (method === "POST" && path === "/v1/invoices") {
      if (!customers.has(body.customer as string)) return error(res, 400, `No such customer: '${body.customer}'`);
      const invoice: FakeInvoice = {
        id: id("in"),
        object: "invoice",
        customer: body.customer as string,
        status: "draft",
        collection_method: (body.collection_method as string) ?? "charge_automatically",
        currency: (body.currency as string) ?? "eur",
        description: (body.description as string) ?? null,
        due_date: body.due_date ? Number(body.due_date) : null,
        amount_due: 0,
        amount_paid: 0,
        amount_remaining: 0,
        hosted_invoice_url: null,
        invoice_pdf: null,
        metadata: (body.metadata as Record<string, string>) ?? {},
        payment_settings: (body.payment_settings as Record<string, unknown>) ?? {},
        pending_invoice_items_behavior: (body.pending_invoice_items_behavior as string) ?? null,
        created: now(),
        footer: (body.footer as string) ?? null,
      };
      invoices.set(invoice.id, invoice);
      return answer(200, invoice);
    }
    if (method === "POST" && path === "/v1/invoiceitems") {
      const invoice = invoices.get(body.invoice as string);
      if (!invoice) return error(res, 404, `No such invoice: '${body.invoice}'`, "resource_missing");
      if (invoice.status !== "draft") return error(res, 400, "You can only add invoice items to a draft invoice.");
      const amount = Number(body.amount);
      const rates = ((body.tax_rates as string[] | undefined) ?? []).map((rateId) => taxRates.get(rateId));
      if (rates.some((rate) => !rate)) return error(res, 400, `No such tax rate: '${body.tax_rates}'`);
      // An inclusive rate changes nothing of the total: the line shows the tax it includes.
      if (rates.some((rate) => !rate?.inclusive)) {
        return error(res, 400, "This fake only answers inclusive tax rates.");
      }
      invoice.amount_due += amount;
      invoice.amount_remaining += amount;
      invoice.lines ??= { object: "list", data: [] };
      invoice.lines.data.push({
        id: id("il"),
        object: "line_item",
        amount,
        description: body.description ?? null,
        taxes: rates.map((rate) => ({
          amount: Math.round((amount * Number(rate?.percentage)) / (100 + Number(rate?.percentage))),
          tax_behavior: "inclusive",
          tax_rate_details: { tax_rate: rate?.id },
          taxability_reason: null,
          type: "tax_rate_details",
        })),
      });
      return answer(200, {
        id: id("ii"),
        object: "invoiceitem",
        customer: body.customer,
        invoice: invoice.id,
        amount,
        currency: body.currency,
        description: body.description ?? null,
      });
    }
    const invoicePath = /^\/v1\/invoices\/([^/]+)(\/finalize|\/send|\/void)?$/.exec(path);
    if (invoicePath) {
      const invoice = invoices.get(invoicePath[1]);
      if (!invoice) return error(res, 404, `No such invoice: '${invoicePath[1]}'`, "resource_missing");
      if (method === "GET") {
        const { payments, ...rest } = invoice;
        const expanded = [...url.searchParams].some(([k, v]) => k.startsWith("expand") && v === "payments");
        return send(res, 200, expanded ? { ...rest, payments } : rest);
      }
      if (method === "DELETE" && !invoicePath[2]) {
        if (invoice.status !== "draft") return error(res, 400, "You can only delete draft invoices.");
        invoices.delete(invoice.id);
        return send(res, 200, { id: invoice.id, object: "invoice", deleted: true });
      }
      if (invoicePath[2] === "/finalize") {
        if (invoice.status !== "draft")
          return answer(400, {
            error: { type: "invalid_request_error", message: "This invoice is already finalized." },
          });
        Object.assign(invoice, {
          status: "open",
          hosted_invoice_url: `https://invoice.stripe.test/i/${invoice.id}`,
          invoice_pdf: `https://pay.stripe.test/invoice/${invoice.id}/pdf`,
        });
        return answer(200, invoice);
      }
      if (invoicePath[2] === "/send") {
        if (invoice.status !== "open")
          return answer(400, { error: { type: "invalid_request_error", message: "Only open invoices can be sent." } });
        return answer(200, invoice);
      }
      if (invoicePath[2] === "/void") {
        if (invoice.status !== "open" && invoice.status !== "uncollectible") {
          return answer(400, {
            error: {
              type: "invalid_request_error",
              message: `You can only void an open invoice; this one is ${invoice.status}.`,
            },
          });
        }
        invoice.status = "void";
        return answer(200, invoice);
      }
    }
    if (method === "POST" && path === "/v1/customers") {
      // As Stripe does: a repeated idempotency key gets the first request's customer, not a new one.
      const key = req.headers["idempotency-key"] as string | undefined;
      const existing = key ? idempotent.get(key) : undefined;
      if (existing) return send(res, 200, await existing);
      const created = (async () => {
        // Slow on purpose: two checkouts at once overlap here.
        if (options.customerDelayMs) await new Promise((r) => setTimeout(r, options.customerDelayMs));
        await options.customerGate?.();
        const customer = {
          id: id("cus"),
          object: "customer",
          email: body.email,
          name: body.name,
          metadata: body.metadata,
        };
        customers.set(customer.id, customer);
        return customer;
      })();
      if (key) idempotent.set(key, created);
      return send(res, 200, await created);
    }
    const customerPath = /^\/v1\/customers\/([^/]+)$/.exec(path);
    if (customerPath && method === "POST") {
      // An update, as Stripe applies it: given fields replaced, "" removes (metadata keys one by one).
      const customer = customers.get(customerPath[1]);
      if (!customer) return error(res, 404, `No such customer: '${customerPath[1]}'`, "resource_missing");
      if (body.name !== undefined) customer.name = body.name;
      if (body.address !== undefined) customer.address = body.address === "" ? null : body.address;
      if (body.metadata !== undefined) {
        const metadata = { ...(customer.metadata as Record<string, string> | undefined) };
        for (const [key, value] of Object.entries(body.metadata as Record<string, string>)) {
          if (value === "") delete metadata[key];
          else metadata[key] = value;
        }
        customer.metadata = metadata;
      }
      const settings = body.invoice_settings as { custom_fields?: unknown } | undefined;
      if (settings?.custom_fields !== undefined) {
        customer.invoice_settings = { custom_fields: settings.custom_fields === "" ? null : settings.custom_fields };
      }
      return send(res, 200, customer);
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      if (!customers.has(body.customer as string)) return error(res, 400, `No such customer: '${body.customer}'`);
      const sessionId = id("cs");
      const session = {
        id: sessionId,
        object: "checkout.session",
        mode: body.mode,
        status: "open",
        customer: body.customer,
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        subscription: null,
        payment_intent: null,
        payment_intent_data: body.payment_intent_data ?? null,
        line_items: body.line_items ?? null,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        url: `https://checkout.stripe.test/c/pay/${sessionId}`,
      };
      sessions.set(sessionId, session);
      return replayable ? answer(200, session) : send(res, 200, session);
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      if (!customers.has(body.customer as string)) return error(res, 400, `No such customer: '${body.customer}'`);
      const portalId = id("bps");
      return send(res, 200, {
        id: portalId,
        object: "billing_portal.session",
        customer: body.customer,
        return_url: body.return_url,
        url: `https://billing.stripe.test/p/session/${portalId}`,
      });
    }
    if (method === "GET" && path === "/v1/subscriptions") {
      const customer = url.searchParams.get("customer");
      const data = [...subscriptions.values()]
        .filter((s) => s.customer === customer)
        .sort((a, b) => b.created - a.created);
      return send(res, 200, { object: "list", data, has_more: false, url: "/v1/subscriptions" });
    }
    const match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (match) {
      const sub = subscriptions.get(match[1]);
      if (!sub) return error(res, 404, `No such subscription: '${match[1]}'`, "resource_missing");
      if (method === "GET") return send(res, 200, sub);
      if (method === "DELETE") {
        Object.assign(sub, { status: "canceled", cancel_at_period_end: false });
        return send(res, 200, sub);
      }
      if (method === "POST") {
        const items = body.items as Array<{ id: string; price: string }> | undefined;
        for (const change of items ?? []) {
          const item = sub.items.data.find((i) => i.id === change.id);
          if (!item) return error(res, 400, `No such subscription item: '${change.id}'`);
          item.price = { id: change.price, object: "price" };
        }
        if (body.cancel_at_period_end !== undefined) sub.cancel_at_period_end = body.cancel_at_period_end === "true";
        return send(res, 200, sub);
      }
    }
    return error(res, 404, `Unrecognized request URL (${method}: ${path}).`);
  }

  const server = createServer((req, res) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on("finish", () => {
      inFlight -= 1;
    });
    handle(req, res).catch((e) => error(res, 500, String(e)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    customers,
    sessions,
    subscriptions,
    /** The most calls that were ever being answered at the same time. */
    get maxInFlight() {
      return maxInFlight;
    },
    intents,
    charges,
    /** The most a list page holds (Stripe's own limit is 100): a test lowers it to exercise the pagination. */
    set listPageSize(size: number) {
      state.listPageSize = size;
    },
    refunds,
    disputes,
    invoices,
    taxRates,
    /**
     * A payment reached an open invoice (the hosted page's card, or a bank transfer to the customer balance):
     * `amount` of it, by default what remains; paid when nothing remains. Returns the invoice as events carry it.
     */
    payInvoice(invoiceId: string, amount?: number, options: { brand?: string; last4?: string } = {}) {
      const invoice = invoices.get(invoiceId);
      if (invoice?.status !== "open") throw new Error(`invoice ${invoiceId} is not open`);
      const paid = amount ?? invoice.amount_remaining;
      invoice.amount_paid += paid;
      invoice.amount_remaining = invoice.amount_due - invoice.amount_paid;
      if (invoice.amount_remaining <= 0) {
        invoice.status = "paid";
        invoice.status_transitions = { paid_at: now() };
      }
      // The payment, as Stripe records it: a PaymentIntent with its charge, listed on the invoice's payments.
      const { intent } = paidIntent(invoice.customer, paid, options);
      invoice.payments ??= { object: "list", data: [] };
      invoice.payments.data.push({
        id: id("inpay"),
        object: "invoice_payment",
        invoice: invoice.id,
        amount_paid: paid,
        status: "paid",
        payment: { type: "payment_intent", payment_intent: intent.id },
      });
      const { payments: _payments, ...shown } = invoice;
      return structuredClone(shown);
    },
    /**
     * A membership charge as Stripe keeps it: the subscription's paid invoice (its line's price, its billing
     * reason), the PaymentIntent and the card charge that paid it (with its receipt).
     */
    addMembershipCharge(input: {
      customer: string;
      subscription: string;
      price: string;
      amount: number;
      billingReason?: string;
      created?: number;
      card?: { brand: string; last4: string };
      plan?: string;
    }) {
      const created = input.created ?? now();
      const { intent, charge } = paidIntent(input.customer, input.amount, input.card ?? {}, created);
      const invoice: FakeInvoice = {
        id: id("in"),
        object: "invoice",
        customer: input.customer,
        status: "paid",
        collection_method: "charge_automatically",
        currency: "eur",
        description: null,
        due_date: null,
        amount_due: input.amount,
        amount_paid: input.amount,
        amount_remaining: 0,
        hosted_invoice_url: `https://invoice.stripe.test/i/${seq}`,
        invoice_pdf: `https://pay.stripe.test/invoice/${seq}/pdf`,
        metadata: {},
        payment_settings: {},
        pending_invoice_items_behavior: null,
        created,
        billing_reason: input.billingReason ?? "subscription_cycle",
        parent: {
          type: "subscription_details",
          subscription_details: { subscription: input.subscription, metadata: input.plan ? { plan: input.plan } : {} },
        },
        lines: {
          object: "list",
          data: [
            {
              id: id("il"),
              object: "line_item",
              amount: input.amount,
              pricing: { type: "price_details", price_details: { price: input.price, product: "prod_fake" } },
            },
          ],
        },
        payments: {
          object: "list",
          data: [
            {
              id: id("inpay"),
              object: "invoice_payment",
              amount_paid: input.amount,
              status: "paid",
              payment: { type: "payment_intent", payment_intent: intent.id },
            },
          ],
        },
        status_transitions: { paid_at: created },
      };
      invoices.set(invoice.id, invoice);
      return { invoice: structuredClone(invoice), intent: structuredClone(intent), charge: structuredClone(charge) };
    },
    /**
     * The member authorises a hold session's card (as Checkout would): its PaymentIntent, manual capture, waits
     * for its capture until `captureBefore`; the session completes. Returns the intent and session as events
     * carry them (latest_charge an id).
     */
    authorizeSession(sessionId: string, options: { captureBefore?: number } = {}) {
      const session = sessions.get(sessionId) as Record<string, unknown> & {
        payment_intent_data: { capture_method: string; metadata: Record<string, string> };
        line_items: Array<{ price_data: { unit_amount: string } }>;
      };
      const amount = Number(session.line_items[0].price_data.unit_amount);
      const charge: FakeCharge = {
        id: id("ch"),
        object: "charge",
        amount,
        amount_captured: 0,
        amount_refunded: 0,
        refunded: false,
        payment_intent: "",
        receipt_url: `https://pay.stripe.test/receipts/${seq}`,
        payment_method_details: {
          type: "card",
          card: { brand: "visa", last4: "4242", capture_before: options.captureBefore ?? now() + 7 * 86_400 },
        },
      };
      const intent: FakePaymentIntent = {
        id: id("pi"),
        object: "payment_intent",
        status: "requires_capture",
        amount,
        amount_capturable: amount,
        amount_received: 0,
        capture_method: session.payment_intent_data.capture_method,
        cancellation_reason: null,
        currency: "eur",
        customer: session.customer as string,
        created: now(),
        metadata: { ...session.payment_intent_data.metadata },
        latest_charge: charge.id,
      };
      charge.payment_intent = intent.id;
      charges.set(charge.id, charge);
      intents.set(intent.id, intent);
      Object.assign(session, { status: "complete", payment_intent: intent.id });
      return { intent: structuredClone(intent), session: structuredClone(session) };
    },
    callsTo(method: string, path: string | RegExp) {
      return calls.filter(
        (c) => c.method === method && (typeof path === "string" ? c.path === path : path.test(c.path)),
      );
    },
    /** The next call to this method and path (prefix), optionally matching `when`, fails with Stripe's error body. */
    failNext(method: string, path: string, status: number, message: string, when?: (call: RecordedCall) => boolean) {
      failures.push({ method, path, status, message, when });
    },
    /** A subscription as Stripe would hold it after a checkout or a dashboard change. */
    addSubscription(input: {
      customer: string;
      price: string;
      status?: string;
      created?: number;
      cancelAtPeriodEnd?: boolean;
      periodEnd?: number;
    }): FakeSubscription {
      const created = input.created ?? now();
      const sub: FakeSubscription = {
        id: id("sub"),
        object: "subscription",
        customer: input.customer,
        status: input.status ?? "active",
        created,
        cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
        cancel_at: null,
        pending_update: null,
        metadata: {},
        items: {
          object: "list",
          data: [
            {
              id: id("si"),
              object: "subscription_item",
              price: { id: input.price, object: "price" },
              quantity: 1,
              current_period_start: created,
              current_period_end: input.periodEnd ?? created + 30 * 24 * 3600,
            },
          ],
        },
      };
      subscriptions.set(sub.id, sub);
      return sub;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

let eventSeq = 0;

/** A Stripe event around an object (a copy, as Stripe sends a snapshot). */
export function stripeEvent(type: string, object: object, options: { id?: string; created?: number } = {}) {
  eventSeq += 1;
  return {
    id: options.id ?? `evt_fake_${eventSeq}_${Math.random().toString(36).slice(2, 8)}`,
    object: "event",
    api_version: Stripe.API_VERSION,
    created: options.created ?? now(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: structuredClone(object) },
  };
}

/** The body and headers of a webhook delivery signed the way Stripe signs it. */
export function signedDelivery(event: object, secret: string) {
  const payload = JSON.stringify(event);
  const signature = new Stripe("sk_test_signing").webhooks.generateTestHeaderString({ payload, secret });
  return { payload, headers: { "content-type": "application/json", "stripe-signature": signature } };
}

/** The environment that points the app at a fake Stripe: every Stripe variable set, the API at the fake. */
export function stripeTestEnv(fake: { url: string }, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: "sk_test_fake",
    STRIPE_WEBHOOK_SECRET: "whsec_test_maison",
    STRIPE_PRICE_FREE: "price_free",
    STRIPE_PRICE_SILVER: "price_silver",
    STRIPE_PRICE_GOLD: "price_gold",
    STRIPE_API_BASE: fake.url,
    SUBSCRIPTION_SYNC_PAUSE_MS: "0",
    ...overrides,
  };
}

/**
 * A test app (no workers) in Stripe mode against a fresh local fake of the Stripe API, for the tests of a file or
 * a `describe` (`env` on top of the fake's): registers the hooks that start both (then hand them to `onStart`)
 * and stop them.
 */
export function stripeTestApp(
  onStart: (started: { fake: FakeStripe; ctx: TestContext }) => void,
  env: Record<string, string> = {},
) {
  const state = {} as { fake: FakeStripe; ctx: TestContext };
  beforeAll(async () => {
    state.fake = await startFakeStripe();
    state.ctx = await createTestApp({ env: stripeTestEnv(state.fake, env), deps: { startWorkers: false } });
    onStart(state);
  });
  afterAll(async () => {
    await state.ctx.close();
    await state.fake.close();
  });
}
