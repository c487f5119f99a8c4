import { HttpError } from "../http/errors";

/** Turns a better-auth APIError into our HttpError with its message, which the client shows as given. */
export function fromAuthError(error: unknown, messages: Record<string, string> = {}): never {
  const e = error as { statusCode?: number; body?: { code?: string; message?: string }; message?: string };
  if (typeof e?.statusCode === "number" && e.statusCode < 500) {
    const code = e.body?.code;
    throw new HttpError(
      e.statusCode,
      (code && messages[code]) || e.body?.message || e.message || "An error occurred",
      code,
    );
  }
  throw error;
}
