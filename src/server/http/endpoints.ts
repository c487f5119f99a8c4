/**
 * Routes from the endpoint tables (decision 016). `serve(table, handlers)` registers every endpoint of a domain's
 * table and nothing else: its method and path from the key, its schemas for validation and for the answer's
 * serialization, its access guard from the policies module, and 201 for a `created` endpoint. The handlers
 * object must have exactly one handler per endpoint, typed from the table: a missing, extra or mistyped one is
 * a type error. Routes are never registered by hand (`src/server/endpoints.test.ts` holds the app to it).
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import type { Access, Endpoint, EndpointTable, Parsed, ServedAnswer } from "@/shared/contracts/endpoint";
import { splitKey } from "@/shared/contracts/endpoint";
import { assertTwoFactorSetUp, requireAdmin, requireMember, requireStaff, requireUser } from "../auth/policies";
import type { Viewer } from "../auth/viewer";
import { noteCaller } from "./request-context";

/** What a handler receives: the caller (checked against the endpoint's access), the parsed input, and HTTP. */
export interface Call<E> {
  /** Null only on a public endpoint, where `request.viewer()` says who is calling, if anyone. */
  viewer: E extends { access: "public" } ? null : Viewer;
  params: Parsed<E, "params">;
  query: Parsed<E, "query">;
  body: E extends { rawBody: true } ? Buffer : Parsed<E, "body">;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A handler answers with the endpoint's answer, or with the reply when it wrote the answer itself. */
export type Handler<E> = (call: Call<E>) => Promise<ServedAnswer<E> | FastifyReply>;
export type Handlers<T extends EndpointTable> = { [K in keyof T]: Handler<T[K]> };

const GUARDS: Record<Exclude<Access, "public">, (request: FastifyRequest) => Promise<Viewer>> = {
  user: requireUser,
  member: requireMember,
  staff: requireStaff,
  admin: requireAdmin,
};

/** The Fastify route of one endpoint. */
function routeOf(key: string, endpoint: Endpoint, handler: Handler<Endpoint>): RouteOptions {
  const { method, path } = splitKey(key);
  const status = endpoint.created ? 201 : 200;
  const parsedBody = endpoint.body && !endpoint.upload && !endpoint.rawBody;
  return {
    method,
    url: path,
    schema: {
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(parsedBody ? { body: endpoint.body } : {}),
      ...(endpoint.answer ? { response: { [status]: endpoint.answer } } : {}),
    },
    // A staff member who must set two-factor up first is refused before the input is even read (decision 050):
    // every staff, admin and member route answers 403 two_factor_setup_required, whatever was sent.
    ...(endpoint.access === "staff" || endpoint.access === "admin" || endpoint.access === "member"
      ? {
          preValidation: async (request: FastifyRequest) => {
            const viewer = await request.viewer();
            if (viewer) assertTwoFactorSetUp(viewer);
          },
        }
      : {}),
    handler: async (request, reply) => {
      const viewer = endpoint.access === "public" ? null : await GUARDS[endpoint.access](request);
      if (viewer) noteCaller(viewer);
      const result = await handler({
        viewer: viewer as Viewer,
        params: request.params as never,
        query: request.query as never,
        body: request.body as never,
        request,
        reply,
      });
      // A handler that wrote the answer itself returned the reply, which is a thenable: awaiting it waited for
      // the answer to be sent.
      if (reply.sent) return reply;
      if (status !== 200) reply.code(status);
      return result;
    },
  };
}

/** A plugin registering every endpoint of `table` with its handler (under the app's /api prefix). */
export function serve<T extends EndpointTable>(table: T, handlers: Handlers<T>): FastifyPluginAsync {
  return async (app) => {
    for (const [key, endpoint] of Object.entries(table) as Array<[keyof T & string, Endpoint]>) {
      const route = routeOf(key, endpoint, handlers[key] as Handler<Endpoint>);
      if (!endpoint.rawBody) {
        app.route(route);
        continue;
      }
      // In a scope of its own, where every body is kept as the raw bytes (and nothing else is parsed).
      await app.register(async (scope) => {
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
        scope.route(route);
      });
    }
  };
}
