/**
 * The request an operation runs for, as the audit log needs it (decision 050): the caller's address and browser,
 * kept in an AsyncLocalStorage entered when the request arrives, so a row written deep in a service (a hold's
 * capture applied as its webhook would be) still says where the action came from. Outside a request: null.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { FastifyInstance } from "fastify";

export interface RequestClient {
  ip: string | null;
  userAgent: string | null;
}

interface RequestState extends RequestClient {
  /** Who the endpoint's guard let in (serve()), once it has. */
  caller: { userId: string; role: string } | null;
}

const storage = new AsyncLocalStorage<RequestState>();

/** The current request's address and browser, or null outside one. */
export const currentClient = (): RequestClient | null => {
  const state = storage.getStore();
  return state ? { ip: state.ip, userAgent: state.userAgent } : null;
};

/** The signed-in caller the current request's endpoint let in, or null (outside a request, or public). */
export const currentCaller = (): { userId: string; role: string } | null => storage.getStore()?.caller ?? null;

/** Notes the caller once the endpoint's guard has let them in (serve()). */
export function noteCaller(caller: { userId: string; role: string }) {
  const state = storage.getStore();
  if (state) state.caller = { userId: caller.userId, role: caller.role };
}

/** Enters every request's context as it arrives. */
export function installRequestContext(app: FastifyInstance) {
  app.addHook("onRequest", (request, _reply, done) => {
    const userAgent = request.headers["user-agent"];
    storage.run(
      { ip: request.ip ?? null, userAgent: typeof userAgent === "string" ? userAgent : null, caller: null },
      done,
    );
  });
}
