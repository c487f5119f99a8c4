/** PostgreSQL's error codes (SQLSTATE) the app turns into answers, read through Drizzle's wrapping. */
export const FOREIGN_KEY_VIOLATION = "23503";

/** The SQLSTATE of a database error, from either driver, whether or not Drizzle wrapped it. */
export function sqlState(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}
