/** What GET /api/me answers: who is signed in, their role and membership. The shape is the contract's. */
import type { sessionInfoSchema } from "./contracts/account";
import type { Wire } from "./contracts/common";

export type SessionInfo = Wire<typeof sessionInfoSchema>;
export type SessionSubscription = NonNullable<SessionInfo["subscription"]>;

export const SIGNED_OUT: SessionInfo = { user: null, profile: null, role: null, subscription: null };
