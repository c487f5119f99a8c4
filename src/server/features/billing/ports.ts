/** What other domains may ask of billing (BillingPort in context.ts); app.ts plugs it in. */
import type { BillingPort } from "../../context";
import { membershipRules } from "./membership";
import { grantComplimentary } from "./service";

export const billingPort: BillingPort = { grant: grantComplimentary, membership: membershipRules };
