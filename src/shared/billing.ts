/** What the test-mode billing page shows (GET /api/billing/test/subscription). The shape is the contract's. */
import type { testBillingOverviewSchema } from "./contracts/billing";
import type { Wire } from "./contracts/common";

export type TestBillingOverview = Wire<typeof testBillingOverviewSchema>;
