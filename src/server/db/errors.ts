/** PostgreSQL's error codes (SQLSTATE) the app turns into answers, read through Drizzle's wrapping. */
export const FOREIGN_KEY_VIOLATION = "23503";

/** The SQLSTATE of a database error, from either driver, whether or not Drizzle wrapped it. */
export function sqlState(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/**
 * SQLSTATEs of a database that cannot be reached or is going away: the connection exception class (08…),
 * an operator's or a crash's shutdown and "cannot connect now" (57P01-57P03), too many connections (53300).
 */
const UNAVAILABLE_STATE = /^(08[0-9A-Z]{3}|57P0[1-3]|53300)$/;
/**
 * The socket's errors, and the words of the pg driver for a connection that is gone, and of a server that
 * takes no connections to this database for now (its SQLSTATE, 55000, is too general to go by).
 */
const UNAVAILABLE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND"]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|is not currently accepting connections/;

/**
 * Whether an error says the database is unreachable (a restart, a failover, a network cut) rather than that a
 * statement was refused: worth answering 503 and trying again, never a sign of bad input.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (typeof e.code === "string" && (UNAVAILABLE_STATE.test(e.code) || UNAVAILABLE_CODES.has(e.code))) return true;
    if (typeof e.message === "string" && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  }
  return false;
}
