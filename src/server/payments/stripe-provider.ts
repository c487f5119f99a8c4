/** The Stripe implementation of the payment provider, through the official SDK. */
import type Stripe from "stripe";
import type { Config } from "../config";
import { loadStripe, verifySignedEvent } from "./stripe-sdk";
import {
  customerUpdateParams,
  type DisputeLike,
  dueDateSeconds,
  type InvoiceLike,
  type MembershipCharge,
  type PaymentEvent,
  type PaymentIntentLike,
  type PaymentProvider,
  type Ref,
  type RefundLike,
  refId,
  type SubscriptionLike,
} from "./types";

/** STRIPE_API_BASE (tests point it at a local fake of the API) as the SDK's host, port and protocol. */
export function stripeConnection(apiBase: string | undefined): Pick<Stripe.StripeConfig, "host" | "port" | "protocol"> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: Number(url.port || (protocol === "http" ? 80 : 443)), protocol };
}

/**
 * The country of the virtual IBAN a member transfers the balance to (Stripe offers BE, DE, ES, FR, IE and NL for
 * euro bank transfers; Portugal is not among them).
 */
export const BANK_TRANSFER_COUNTRY = "IE";

/** The margin scheme's note on the invoice (decision 034): no VAT is shown, and the law it follows is named. */
export const MARGIN_SCHEME_FOOTER = "Regime da margem de lucro — bens em segunda mão (Decreto-Lei n.º 199/96).";

/** Our inclusive VAT rates at Stripe are told apart by this metadata (the percentage as text). */
const VAT_METADATA_KEY = "maisonVat";

export interface StripeProvider extends PaymentProvider {
  readonly kind: "stripe";
  /** Checks the signature of a webhook on its raw body; throws when it is missing, forged or stale. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Promise<PaymentEvent>;
}

export function createStripeProvider(config: Config): StripeProvider {
  // The SDK is loaded by the first call, not at the start (decision 026).
  let client: Promise<Stripe> | null = null;
  const sdk = () =>
    (client ??= loadStripe().then(
      (Stripe) =>
        new Stripe(config.STRIPE_SECRET_KEY as string, {
          // Retries with back-off on network errors and rate limiting (429), with idempotency keys on POSTs.
          maxNetworkRetries: 2,
          timeout: 20_000,
          telemetry: false,
          appInfo: { name: config.APP_NAME },
          ...stripeConnection(config.STRIPE_API_BASE),
        }),
    ));
  const webhookSecret = config.STRIPE_WEBHOOK_SECRET as string;
  /** Each VAT rate's Stripe Tax Rate id, once found or made (per instance; Stripe keeps them for good). */
  const taxRates = new Map<string, Promise<string>>();

  /**
   * The inclusive Tax Rate for a Portuguese VAT rate (23, 13 or 6 %), reused: ours are found by their metadata
   * among the active inclusive rates, else made once (the key makes concurrent first uses one rate). Tax Rates
   * cannot be deleted at Stripe, only archived: an archived one is not reused.
   */
  function taxRateFor(percent: string): Promise<string> {
    let found = taxRates.get(percent);
    if (!found) {
      found = (async () => {
        const stripe = await sdk();
        for await (const rate of stripe.taxRates.list({ active: true, inclusive: true, limit: 100 })) {
          if (rate.metadata?.[VAT_METADATA_KEY] === percent && rate.percentage === Number(percent)) return rate.id;
        }
        const made = await stripe.taxRates.create(
          {
            display_name: "IVA",
            description: `IVA ${percent} % (Portugal continental), incluído no preço`,
            percentage: Number(percent),
            inclusive: true,
            country: "PT",
            jurisdiction: "PT",
            tax_type: "vat",
            metadata: { [VAT_METADATA_KEY]: percent },
          },
          { idempotencyKey: `maison-vat-pt-${percent}-inclusive` },
        );
        return made.id;
      })();
      taxRates.set(percent, found);
      // A failure is not remembered: the next invoice asks again.
      found.catch(() => taxRates.delete(percent));
    }
    return found;
  }

  return {
    kind: "stripe",

    async createCustomer({ userId, email, name }) {
      const stripe = await sdk();
      // The key makes a retry after a failure between Stripe and our insert return the same customer.
      const customer = await stripe.customers.create(
        { email, name, metadata: { userId } },
        { idempotencyKey: `maison-customer-${userId}` },
      );
      return customer.id;
    },

    async updateCustomer(customerId, details) {
      const stripe = await sdk();
      await stripe.customers.update(customerId, customerUpdateParams(details));
    },

    async createCheckoutSession(input) {
      const stripe = await sdk();
      const session = await stripe.checkout.sessions.create({
        mode: "subscription",
        customer: input.customerId,
        line_items: [{ price: input.priceId, quantity: 1 }],
        client_reference_id: input.userId,
        metadata: { userId: input.userId, plan: input.plan },
        subscription_data: { metadata: { userId: input.userId, plan: input.plan } },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      });
      if (!session.url) throw new Error("Stripe returned a checkout session without a URL");
      return { id: session.id, url: session.url };
    },

    async changeSubscriptionPrice({ subscriptionId, priceId }) {
      const stripe = await sdk();
      const current = await stripe.subscriptions.retrieve(subscriptionId);
      const item = current.items.data[0];
      // Prorated and invoiced now; applied only if that payment succeeds (otherwise `pending_update` is set).
      let updated = await stripe.subscriptions.update(subscriptionId, {
        items: [{ id: item.id, price: priceId }],
        proration_behavior: "always_invoice",
        payment_behavior: "pending_if_incomplete",
      });
      // An upgrade means staying: a scheduled cancellation is lifted (not allowed in the pending update itself).
      if (!updated.pending_update && updated.cancel_at_period_end) {
        updated = await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false });
      }
      return updated as SubscriptionLike;
    },

    async createPortalSession({ customerId, returnUrl }) {
      const stripe = await sdk();
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return { url: session.url };
    },

    async retrieveSubscription(id) {
      const stripe = await sdk();
      try {
        return (await stripe.subscriptions.retrieve(id)) as SubscriptionLike;
      } catch (error) {
        if ((error as { code?: string }).code === "resource_missing") return null;
        throw error;
      }
    },

    async listSubscriptions(customerId) {
      const stripe = await sdk();
      const list = await stripe.subscriptions.list({ customer: customerId, status: "all", limit: 20 });
      return list.data as SubscriptionLike[];
    },

    async cancelSubscriptionNow(id) {
      const stripe = await sdk();
      await stripe.subscriptions.cancel(id);
    },

    async createHoldSession(input) {
      const stripe = await sdk();
      const metadata = { requestId: input.requestId, holdId: input.holdId };
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          customer: input.customerId,
          client_reference_id: input.userId,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: "eur",
                unit_amount: input.amountCents,
                product_data: { name: input.description },
              },
            },
          ],
          // Authorised now, captured (or released) by the house later: a hold, not a payment.
          payment_intent_data: { capture_method: "manual", metadata, description: input.description },
          metadata,
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!session.url) throw new Error("Stripe returned a checkout session without a URL");
      return { id: session.id, url: session.url };
    },

    async holdSessionStatus(id) {
      const stripe = await sdk();
      try {
        const session = await stripe.checkout.sessions.retrieve(id);
        if (session.status === "complete") return "complete";
        if (session.status === "expired") return "expired";
        // Stripe expires a session shortly after its expires_at; it cannot be paid from then on.
        return session.expires_at && session.expires_at * 1000 <= Date.now() ? "expired" : "open";
      } catch (error) {
        if ((error as { code?: string }).code === "resource_missing") return "expired";
        throw error;
      }
    },

    async expireHoldSession(id, idempotencyKey) {
      const stripe = await sdk();
      const session = await stripe.checkout.sessions.retrieve(id);
      if (session.status === "complete") return false;
      if (session.status === "expired") return true;
      try {
        await stripe.checkout.sessions.expire(id, {}, { idempotencyKey });
        return true;
      } catch (error) {
        // Completed between the two calls: a card was authorised after all.
        const again = await stripe.checkout.sessions.retrieve(id);
        if (again.status === "complete") return false;
        throw error;
      }
    },

    async retrievePaymentIntent(id) {
      const stripe = await sdk();
      try {
        return (await stripe.paymentIntents.retrieve(id, { expand: ["latest_charge"] })) as PaymentIntentLike;
      } catch (error) {
        if ((error as { code?: string }).code === "resource_missing") return null;
        throw error;
      }
    },

    async capturePaymentIntent(id, { amountToCapture, idempotencyKey }) {
      const stripe = await sdk();
      return (await stripe.paymentIntents.capture(
        id,
        { amount_to_capture: amountToCapture, expand: ["latest_charge"] },
        { idempotencyKey },
      )) as PaymentIntentLike;
    },

    async submitDisputeEvidence(id, evidence, idempotencyKey) {
      const stripe = await sdk();
      const dispute = await stripe.disputes.update(id, { evidence, submit: true }, { idempotencyKey });
      return dispute as unknown as DisputeLike;
    },

    async holdSessionOfIntent(id) {
      const stripe = await sdk();
      const sessions = await stripe.checkout.sessions.list({ payment_intent: id, limit: 1 });
      return sessions.data[0]?.id ?? null;
    },

    async cancelPaymentIntent(id, { idempotencyKey }) {
      const stripe = await sdk();
      return (await stripe.paymentIntents.cancel(
        id,
        { cancellation_reason: "requested_by_customer", expand: ["latest_charge"] },
        { idempotencyKey },
      )) as PaymentIntentLike;
    },

    async listHoldPaymentIntents({ createdSince }) {
      const stripe = await sdk();
      const found: PaymentIntentLike[] = [];
      // The list endpoint (not search, which is eventually consistent), 100 a page, the SDK following has_more.
      const pages = stripe.paymentIntents.list({
        created: { gte: Math.floor(createdSince.getTime() / 1000) },
        limit: 100,
        expand: ["data.latest_charge"],
      });
      for await (const intent of pages) {
        if (intent.metadata?.holdId) found.push(intent as PaymentIntentLike);
      }
      return found;
    },

    async createRefund({ paymentIntentId, amountCents, metadata, idempotencyKey }) {
      const stripe = await sdk();
      return (await stripe.refunds.create(
        { payment_intent: paymentIntentId, amount: amountCents, metadata },
        { idempotencyKey },
      )) as RefundLike;
    },

    async invoicePaymentIntent(invoiceId) {
      const stripe = await sdk();
      const invoice = await stripe.invoices.retrieve(invoiceId, { expand: ["payments"] });
      const paid = (invoice.payments?.data ?? [])
        .filter((p) => p.status === "paid" && p.payment?.payment_intent)
        .sort((a, b) => (b.amount_paid ?? 0) - (a.amount_paid ?? 0));
      return refId(paid[0]?.payment.payment_intent as Ref);
    },

    async listMembershipCharges(customerId) {
      const stripe = await sdk();
      // The subscription's invoices with their payments, and the customer's charges for the card and receipt
      // (an invoice's payment names its PaymentIntent; the charge of that intent carries both).
      const [invoices, charges] = await Promise.all([
        stripe.invoices.list({ customer: customerId, status: "paid", limit: 24, expand: ["data.payments"] }),
        stripe.charges.list({ customer: customerId, limit: 100 }),
      ]);
      const byIntent = new Map<string, Stripe.Charge>();
      const byId = new Map<string, Stripe.Charge>();
      for (const charge of charges.data) {
        byId.set(charge.id, charge);
        const intent = refId(charge.payment_intent as Ref);
        if (intent && charge.status === "succeeded") byIntent.set(intent, charge);
      }
      return invoices.data
        .filter((invoice) => invoice.parent?.type === "subscription_details" && invoice.amount_paid > 0)
        .map((invoice): MembershipCharge => {
          const payment = invoice.payments?.data.find((p) => p.status === "paid")?.payment;
          const intent = refId(payment?.payment_intent as Ref);
          const charge = intent ? byIntent.get(intent) : byId.get(refId(payment?.charge as Ref) ?? "");
          const card = charge?.payment_method_details?.card;
          const line = invoice.lines?.data[0];
          const price = line?.pricing?.price_details?.price;
          return {
            id: invoice.id as string,
            paidAt: new Date((invoice.status_transitions?.paid_at ?? invoice.created) * 1000),
            amountCents: invoice.amount_paid,
            priceId: typeof price === "string" ? price : (price?.id ?? null),
            plan: invoice.parent?.subscription_details?.metadata?.plan ?? null,
            billingReason: invoice.billing_reason ?? null,
            card: card?.last4 ? { brand: card.brand ?? "card", last4: card.last4 } : null,
            receiptUrl: charge?.receipt_url ?? invoice.hosted_invoice_url ?? invoice.invoice_pdf ?? null,
          };
        });
    },

    async createBalanceInvoice(input) {
      const stripe = await sdk();
      const key = input.idempotencyKey;
      // A draft of our own (no pending items swept in), collected by the member on Stripe's hosted page: card
      // (3-D Secure as the bank asks) or a bank transfer to the customer's virtual IBAN (customer balance).
      const margin = input.vatRate === "margin";
      // Before anything is made: a rate that cannot be had leaves no half-made invoice behind.
      const taxRate = margin ? null : await taxRateFor(input.vatRate);
      const draft = await stripe.invoices.create(
        {
          customer: input.customerId,
          ...(margin ? { footer: MARGIN_SCHEME_FOOTER } : {}),
          collection_method: "send_invoice",
          due_date: dueDateSeconds(input.dueDate),
          currency: "eur",
          description: input.description,
          metadata: { requestId: input.requestId, balanceInvoiceId: input.invoiceId },
          payment_settings: {
            payment_method_types: ["card", "customer_balance"],
            payment_method_options: {
              customer_balance: {
                funding_type: "bank_transfer",
                bank_transfer: { type: "eu_bank_transfer", eu_bank_transfer: { country: BANK_TRANSFER_COUNTRY } },
              },
            },
          },
          pending_invoice_items_behavior: "exclude",
        },
        { idempotencyKey: `${key}-create` },
      );
      const id = draft.id as string;
      try {
        await stripe.invoiceItems.create(
          {
            customer: input.customerId,
            invoice: id,
            amount: input.amountCents,
            currency: "eur",
            description: input.description,
            // The amount includes the VAT (decision 034): Stripe shows what it holds, the total unchanged.
            ...(taxRate ? { tax_rates: [taxRate] } : {}),
          },
          { idempotencyKey: `${key}-item` },
        );
        await stripe.invoices.finalizeInvoice(id, {}, { idempotencyKey: `${key}-finalize` });
        // Stripe emails the invoice with its hosted page (and, if enabled in the Dashboard, its own reminders).
        return (await stripe.invoices.sendInvoice(id, {}, { idempotencyKey: `${key}-send` })) as InvoiceLike;
      } catch (error) {
        // Half made: the caller forgets its row, so the invoice must not stay payable (best effort: a draft is
        // deleted, a finalised one voided; what fails here is left to reconciliation).
        const made = await stripe.invoices.retrieve(id).catch(() => null);
        if (made?.status === "draft") await stripe.invoices.del(id).catch(() => undefined);
        else if (made?.status === "open") {
          await stripe.invoices.voidInvoice(id, {}, { idempotencyKey: `${key}-undo` }).catch(() => undefined);
        }
        throw error;
      }
    },

    async voidInvoice(id, idempotencyKey) {
      const stripe = await sdk();
      return (await stripe.invoices.voidInvoice(id, {}, { idempotencyKey })) as InvoiceLike;
    },

    async verifyWebhook(rawBody, signature) {
      return (await verifySignedEvent(rawBody, signature, webhookSecret)) as PaymentEvent;
    },
  };
}

/** Whether the key is a live one (the admin settings show LIVE) or a Stripe test key. */
export function stripeKeyMode(key: string): "LIVE" | "STRIPE TEST" {
  return /^(sk|rk)_live_/.test(key) ? "LIVE" : "STRIPE TEST";
}
