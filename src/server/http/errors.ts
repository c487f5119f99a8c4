import type { FastifyRequest } from "fastify";
import type { errorSchema, Wire } from "@/shared/contracts/common";

/** Errors a route throws to answer with a 4xx and the message the person should read. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    /** Extra response headers (Retry-After on a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code?: string) => new HttpError(400, message, code);
export const unauthorized = (message = "Please sign in to continue.") => new HttpError(401, message, "unauthorized");
export const forbidden = (message: string, code = "forbidden") => new HttpError(403, message, code);
export const notFound = (message: string) => new HttpError(404, message, "not_found");
export const conflict = (message: string, code?: string) => new HttpError(409, message, code);

/** What a person reads while the database cannot be reached (a restart, a failover): 503, try again. */
export const SERVICE_UNAVAILABLE = "The service is briefly unavailable. Please try again in a moment.";

/** The body of every error answer: the client shows `error` as it is; `requestId` names the request. */
export type ErrorBody = Wire<typeof errorSchema>;

/** An error answer's body for `request`. */
export function errorBody(request: Pick<FastifyRequest, "id">, error: string, code?: string): ErrorBody {
  return code === undefined ? { error, requestId: request.id } : { error, code, requestId: request.id };
}
