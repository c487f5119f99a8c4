/**
 * The tests' password hashing: the same scrypt as the library's, at the lowest work factor, so the thousands of
 * sign-ups and sign-ins in the suites cost microseconds instead of 50–100 ms of CPU each (as Devise's `stretches
 * = 1` and Rails' `min_cost` do). A hash made by the real hasher (an account made by the CLI) is still checked
 * by the real verifier. The app takes it as a dependency, never from configuration (decision 037).
 */
import { randomBytes, scryptSync, timingSafeEqual } from "node:crypto";
import { verifyPassword } from "better-auth/crypto";
import type { PasswordHasher } from "../../src/server/auth/auth";

const PREFIX = "test-scrypt:";
const key = (password: string, salt: string) => scryptSync(password.normalize("NFKC"), salt, 32, { N: 16, r: 1, p: 1 });

export const testPasswordHasher: PasswordHasher = {
  async hash(password) {
    const salt = randomBytes(16).toString("hex");
    return `${PREFIX}${salt}:${key(password, salt).toString("hex")}`;
  },
  async verify({ hash, password }) {
    if (!hash.startsWith(PREFIX)) return verifyPassword({ hash, password });
    const [salt, expected] = hash.slice(PREFIX.length).split(":");
    return timingSafeEqual(key(password, salt), Buffer.from(expected, "hex"));
  },
};
