/** How billing answers its port (`port.ts`); app.ts plugs them in. */
import { membershipRules } from "./membership";
import type { BillingPort } from "./port";
import { grantComplimentary } from "./service";

export const makeBillingPort = (): BillingPort => ({ grant: grantComplimentary, membership: membershipRules });
