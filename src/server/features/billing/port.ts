/**
 * What other domains (and payments) may ask of billing (decision 008): the interface only; `make-port.ts`
 * answers it and app.ts plugs it in. Other features import it type-only.
 */
import type { Plan } from "@/shared/plans";
import type { Queryable } from "../../db";
import type { MembershipRules } from "../../payments";

export interface BillingPort {
  /** A complimentary active membership (no payment-provider customer): the owners', and the QA tools' clients. */
  grant(tx: Queryable, userId: string, plan: Plan): Promise<void>;
  /** What the provider's word about a subscription does to a membership (payments applies it). */
  membership: MembershipRules;
}
