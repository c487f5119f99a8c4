/**
 * The sign-in limits (docs/security.md, "Sign-in"): failures only, per client address, per email at one address
 * with an exponential back-off, and per email across all addresses under a small ceiling.
 */
import type { Config } from "../../config";
import type { FailureLimits } from "../../rate-limit";

export const SIGN_IN_LIMITS = {
  /** Failures per client address: the window; the number is AUTH_RATE_LIMIT_PER_IP. */
  addressWindowSeconds: 600,
  /**
   * Failures for one email from every address. Out of reach of one attacker with a few addresses (each gets about
   * 12 failures in its first hour, 4 an hour after), it caps a distributed attack at 100 guesses an hour.
   */
  failuresPerEmail: { max: 100, windowSeconds: 3600 },
  /** The back-off per (email, address), after AUTH_RATE_LIMIT_PER_EMAIL failures: 1, 2, 4, 8, then 15 minutes. */
  backoff: { firstLockSeconds: 60, maxLockSeconds: 15 * 60, forgetSeconds: 24 * 3600 },
} as const;

const normalised = (email: string) => email.trim().toLowerCase();

/** The counters' keys. The address comes first in the pair: it cannot hold the separator, an email can. */
export function signInKeys(email: string, address: string) {
  return {
    address: `sign-in:ip:${address}`,
    email: `sign-in:email:${normalised(email)}`,
    emailAtAddress: `sign-in:ip-email:${address}|${normalised(email)}`,
  };
}

export function signInLimits(
  config: Pick<Config, "AUTH_RATE_LIMIT_PER_IP" | "AUTH_RATE_LIMIT_PER_EMAIL">,
  email: string,
  address: string,
): FailureLimits {
  const keys = signInKeys(email, address);
  return {
    windows: [
      { key: keys.address, max: config.AUTH_RATE_LIMIT_PER_IP, windowSeconds: SIGN_IN_LIMITS.addressWindowSeconds },
      { key: keys.email, ...SIGN_IN_LIMITS.failuresPerEmail },
    ],
    backoff: { key: keys.emailAtAddress, free: config.AUTH_RATE_LIMIT_PER_EMAIL, ...SIGN_IN_LIMITS.backoff },
  };
}

/** After a completed password reset: the email's global failures, and its failures at the resetting address. */
export function keysClearedByReset(email: string, address: string) {
  const keys = signInKeys(email, address);
  return [keys.email, keys.emailAtAddress];
}
