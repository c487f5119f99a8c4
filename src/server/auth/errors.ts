import { ACCOUNT_ERROR_TEXTS } from "@/shared/contracts/account-texts";
import { ERROR_TEXTS } from "@/shared/contracts/common-texts";
import { type ErrorText, external, HttpError } from "../http/errors";

/** The auth library's refusals that people see, keyed; any other is passed on as it is (decision 028). */
const LIBRARY_TEXTS: Record<string, ErrorText> = {
  INVALID_EMAIL_OR_PASSWORD: ACCOUNT_ERROR_TEXTS.invalidCredentials,
  INVALID_CODE: ACCOUNT_ERROR_TEXTS.invalidCode,
  INVALID_BACKUP_CODE: ACCOUNT_ERROR_TEXTS.invalidBackupCode,
  INVALID_PASSWORD: ACCOUNT_ERROR_TEXTS.invalidPassword,
};

/** The keyed text of a refusal of the auth library (its code, else its message as it is). */
export function libraryText(code: string | undefined, message: string | undefined): ErrorText {
  if (code && LIBRARY_TEXTS[code]) return LIBRARY_TEXTS[code];
  if (message === ACCOUNT_ERROR_TEXTS.libraryTooManyRequests.message) return ACCOUNT_ERROR_TEXTS.libraryTooManyRequests;
  return message ? external(message) : ERROR_TEXTS.generic;
}

/** Turns a better-auth APIError into our HttpError with its message, which the client shows in its language. */
export function fromAuthError(error: unknown, messages: Record<string, ErrorText> = {}): never {
  const e = error as { statusCode?: number; body?: { code?: string; message?: string }; message?: string };
  if (typeof e?.statusCode === "number" && e.statusCode < 500) {
    const code = e.body?.code;
    throw new HttpError(
      e.statusCode,
      (code && messages[code]) || libraryText(code, e.body?.message ?? e.message),
      code,
    );
  }
  throw error;
}
