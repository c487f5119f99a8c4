import type { FastifyPluginAsync } from "fastify";

/** Membership and payment routes (filled in by the payments issue). */
export const billingRoutes: FastifyPluginAsync = async () => {};
