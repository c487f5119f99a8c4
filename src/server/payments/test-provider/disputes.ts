import { QUOTE_ERROR_TEXTS } from "@/shared/contracts/quotes-texts";
import { conflict, external, HttpError } from "../../http/errors";
import type { DisputeLike } from "../types";
import { DISPUTES, makeEvent, type Store, seconds, testId } from "./store";
import type { TestPaymentIntent, TestProvider } from "./types";

type Part = Pick<TestProvider, "submitDisputeEvidence" | "openDispute" | "closeDispute">;

export function createDisputes(s: Store): Part {
  const { db, put, get, deliver, clockNow, seenKey, rememberKey } = s;

  const part: Part = {
    async submitDisputeEvidence(id, evidence, idempotencyKey) {
      const { dispute, events } = await db.transaction(async (tx) => {
        const dispute = await get<DisputeLike>(tx, "dispute", id, true);
        if (!dispute) throw new HttpError(404, external(`No such dispute: '${id}'`), "resource_missing");
        if (await seenKey(tx, idempotencyKey)) return { dispute, events: [] };
        if (dispute.status !== "needs_response" && dispute.status !== "warning_needs_response") {
          throw new HttpError(
            400,
            external(`This dispute is already ${dispute.status} and cannot be updated.`),
            "dispute_already_submitted",
          );
        }
        Object.assign(dispute, {
          status: "under_review",
          evidence,
          evidence_details: { ...dispute.evidence_details, has_evidence: true, submission_count: 1 },
        });
        await put(tx, "dispute", dispute, DISPUTES);
        await rememberKey(tx, idempotencyKey);
        return { dispute, events: [makeEvent("charge.dispute.updated", dispute, undefined, await clockNow(tx))] };
      });
      await deliver(events);
      return dispute;
    },

    async openDispute(paymentIntentId, reason) {
      const { dispute, events } = await db.transaction(async (tx) => {
        const intent = await get<TestPaymentIntent>(tx, "payment_intent", paymentIntentId, true);
        if (intent?.status !== "succeeded" || !intent.latest_charge) {
          throw conflict(QUOTE_ERROR_TEXTS.nothingToDispute, "not_captured");
        }
        const now = await clockNow(tx);
        const dispute: DisputeLike = {
          id: testId("dp"),
          object: "dispute",
          charge: intent.latest_charge,
          payment_intent: intent.id,
          amount: intent.amount_received,
          currency: "eur",
          reason,
          status: "needs_response",
          created: seconds(now),
          evidence_details: { due_by: seconds(now) + 7 * 24 * 3600, has_evidence: false, submission_count: 0 },
          metadata: {},
        };
        await put(tx, "dispute", dispute, DISPUTES);
        return { dispute, events: [makeEvent("charge.dispute.created", dispute, undefined, now)] };
      });
      await deliver(events);
      return dispute;
    },

    async closeDispute(disputeId, outcome) {
      const { dispute, events } = await db.transaction(async (tx) => {
        const dispute = await get<DisputeLike>(tx, "dispute", disputeId, true);
        if (!dispute) throw new HttpError(404, external(`No such dispute: '${disputeId}'`), "resource_missing");
        if (dispute.status === "won" || dispute.status === "lost") return { dispute, events: [] };
        dispute.status = outcome;
        await put(tx, "dispute", dispute, DISPUTES);
        return { dispute, events: [makeEvent("charge.dispute.closed", dispute, undefined, await clockNow(tx))] };
      });
      await deliver(events);
      return dispute;
    },
  };
  return part;
}
