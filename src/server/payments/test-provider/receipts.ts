import { eq } from "drizzle-orm";
import { testPaymentObjects } from "../../db/schema";
import { testReceiptUrl } from "../test-receipts";
import { invoiceText } from "./memberships";
import type { Store } from "./store";
import type { TestCharge, TestInvoice, TestProvider, TestRefund, TestSubscription } from "./types";

type Part = Pick<TestProvider, "receiptUrl" | "receipt">;

export function createReceipts(s: Store, invoices: Pick<TestProvider, "getInvoice" | "invoicePaymentIntent">): Part {
  const { db, appUrl, get } = s;

  const part: Part = {
    receiptUrl(id) {
      return testReceiptUrl(appUrl, id);
    },

    async receipt(id) {
      const [row] = await db.select().from(testPaymentObjects).where(eq(testPaymentObjects.id, id));
      if (!row?.customerId) return null;
      const customerId = row.customerId;
      /** A charge's card and description (its PaymentIntent's: "Hold for …", "Balance for …"). */
      const chargeFacts = async (chargeId: string) => {
        const charge = await get<TestCharge>(db, "charge", chargeId);
        if (!charge) return null;
        const intent = await get<{ description?: string }>(db, "payment_intent", charge.payment_intent);
        const card = charge.payment_method_details.card ?? null;
        return {
          charge,
          description: intent?.description ?? "",
          card: card ? { brand: card.brand, last4: card.last4 } : null,
          method: card ? ("card" as const) : ("bank_transfer" as const),
        };
      };
      if (row.kind === "charge") {
        const facts = await chargeFacts(id);
        if (!facts) return null;
        return {
          id,
          kind: "payment",
          customerId,
          date: new Date(facts.charge.created * 1000),
          amountCents: facts.charge.amount_captured || facts.charge.amount,
          refundedCents: facts.charge.amount_refunded,
          description: facts.description,
          card: facts.card,
          method: facts.method,
        };
      }
      if (row.kind === "refund") {
        const refund = row.data as unknown as TestRefund;
        const facts = await chargeFacts(refund.charge);
        return {
          id,
          kind: "refund",
          customerId,
          date: new Date(refund.created * 1000),
          amountCents: refund.amount,
          refundedCents: 0,
          description: facts?.description ?? "",
          card: facts?.card ?? null,
          method: facts?.method ?? "card",
        };
      }
      if (row.kind === "invoice") {
        const inv = row.data as unknown as TestInvoice;
        const sub = await get<TestSubscription>(db, "subscription", inv.parent.subscription_details.subscription);
        const card = inv.test_card ?? sub?.test_card ?? null;
        return {
          id,
          kind: "payment",
          customerId,
          date: new Date(inv.created * 1000),
          amountCents: inv.amount_paid,
          refundedCents: 0,
          description: inv.description,
          ...invoiceText(inv),
          card,
          method: "card",
        };
      }
      if (row.kind === "balance_invoice") {
        const inv = await invoices.getInvoice(id);
        if (!inv || inv.amount_paid === 0) return null;
        // The card of its largest payment (a bank transfer has none).
        const intentId = await invoices.invoicePaymentIntent(id);
        const intent = intentId ? await get<{ latest_charge: string | null }>(db, "payment_intent", intentId) : null;
        const facts = intent?.latest_charge ? await chargeFacts(intent.latest_charge) : null;
        let refunded = 0;
        for (const payment of inv.payments?.data ?? []) {
          const paid = await get<{ latest_charge: string | null }>(
            db,
            "payment_intent",
            payment.payment.payment_intent,
          );
          const charge = paid?.latest_charge ? await get<TestCharge>(db, "charge", paid.latest_charge) : null;
          refunded += charge?.amount_refunded ?? 0;
        }
        return {
          id,
          kind: "payment",
          customerId,
          date: new Date(((inv.payments?.data ?? []).at(-1)?.created ?? inv.created) * 1000),
          amountCents: inv.amount_paid,
          refundedCents: refunded,
          description: inv.description,
          card: facts?.card ?? null,
          method: facts?.method ?? "bank_transfer",
        };
      }
      return null;
    },
  };
  return part;
}
