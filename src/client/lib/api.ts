/**
 * The fetch under every call (lib/endpoints.ts derives the calls from the endpoint tables). A failed call throws
 * ApiError carrying the server's message, which is what the screens show.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export const FALLBACK_ERROR = "An error occurred";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export async function apiRequest<T>(method: Method, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: body === undefined || body instanceof FormData ? undefined : { "content-type": "application/json" },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "We could not reach the server. Please check your connection and try again.");
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
  if (!response.ok) {
    const payload = (data ?? {}) as { error?: string; message?: string; code?: string };
    throw new ApiError(response.status, payload.error ?? payload.message ?? FALLBACK_ERROR, payload.code);
  }
  return data as T;
}

/** The message to show for any thrown value. */
export function errorMessage(error: unknown, fallback = FALLBACK_ERROR): string {
  if (error instanceof ApiError) return error.message || fallback;
  return fallback;
}
