/**
 * The fetch under every call (lib/endpoints.ts derives the calls from the endpoint tables), apart from the texts
 * so the first load stays light. A failed call throws ApiError carrying the server's English message and its
 * key (decision 028); screens show it with `errorMessage` (./api.ts), in the interface's language.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    /** The key of the server's text (src/shared/contracts/<domain>-texts.ts) and its values. */
    readonly key?: string,
    readonly params?: Record<string, string | number>,
  ) {
    super(message);
  }
}

/** The spec's fallback text ('An error occurred'), keyed. */
export const FALLBACK_ERROR = "An error occurred";
export const FALLBACK_KEY = "error.generic";
/** The network failed: no answer to read. */
export const UNREACHABLE = "We could not reach the server. Please check your connection and try again.";
export const UNREACHABLE_KEY = "error.unreachable";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** An error answer's body as ApiError. */
export function apiErrorOf(status: number, data: unknown): ApiError {
  const payload = (data ?? {}) as {
    error?: string;
    message?: string;
    code?: string;
    key?: string;
    params?: Record<string, string | number>;
  };
  const message = payload.error ?? payload.message;
  return message
    ? new ApiError(status, message, payload.code, payload.key, payload.params)
    : new ApiError(status, FALLBACK_ERROR, payload.code, FALLBACK_KEY);
}

/**
 * What the admin area does about the team's two-factor rules (decision 050): the server's 403
 * `two_factor_setup_required` sends the staff member to set it up; its 403 `second_factor_required` asks for a
 * code (a dialog that proves it, resolving true) and the call is made once more. Registered by the admin layout.
 */
export const secondFactor: {
  onSetupRequired: (() => void) | null;
  ask: (() => Promise<boolean>) | null;
} = { onSetupRequired: null, ask: null };

export async function apiRequest<T>(method: Method, path: string, body?: unknown, retried = false): Promise<T> {
  try {
    return await requestOnce<T>(method, path, body);
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) {
      if (error.code === "two_factor_setup_required") secondFactor.onSetupRequired?.();
      if (error.code === "second_factor_required" && !retried && secondFactor.ask && (await secondFactor.ask())) {
        return apiRequest<T>(method, path, body, true);
      }
    }
    throw error;
  }
}

async function requestOnce<T>(method: Method, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: body === undefined || body instanceof FormData ? undefined : { "content-type": "application/json" },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, UNREACHABLE, undefined, UNREACHABLE_KEY);
  }
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) throw apiErrorOf(response.status, data);
  return data as T;
}
