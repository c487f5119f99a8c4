/** What GET /api/me answers: who is signed in, their role and membership. Shared by server and client. */
import type { Plan, SubscriptionStatus } from "./plans";
import type { Role } from "./roles";

export interface SessionSubscription {
  plan: Plan;
  status: SubscriptionStatus;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** No payment-provider customer: granted by the house, cancelled in-app. */
  complimentary: boolean;
}

export interface SessionInfo {
  user: { id: string; email: string; name: string; twoFactorEnabled: boolean; emailVerified: boolean } | null;
  profile: { name: string; email: string; phone: string | null } | null;
  role: Role | null;
  subscription: SessionSubscription | null;
}

export const SIGNED_OUT: SessionInfo = { user: null, profile: null, role: null, subscription: null };
