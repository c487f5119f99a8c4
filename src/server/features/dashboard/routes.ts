/** GET /api/dashboard: the member's five most recent requests and the counters computed over them. */
import { desc, eq } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import { DASHBOARD_RECENT_LIMIT, isActiveStatus } from "@/shared/requests";
import { requireMember } from "../../auth/viewer";
import type { AppContext } from "../../context";
import { requests } from "../../db/schema";

export const dashboardRoutes =
  ({ db }: Pick<AppContext, "db">): FastifyPluginAsync =>
  async (fastify) => {
    fastify.get("/dashboard", async (request) => {
      const viewer = await requireMember(request);
      const recent = await db
        .select({
          id: requests.id,
          title: requests.title,
          category: requests.category,
          status: requests.status,
          urgency: requests.urgency,
          budgetEur: requests.budgetEur,
          createdAt: requests.createdAt,
        })
        .from(requests)
        .where(eq(requests.userId, viewer.userId))
        .orderBy(desc(requests.createdAt))
        .limit(DASHBOARD_RECENT_LIMIT);
      // The spec computes the counters over the five recent requests only.
      return {
        recent,
        counts: {
          total: recent.length,
          active: recent.filter((r) => isActiveStatus(r.status)).length,
          delivered: recent.filter((r) => r.status === "Delivered").length,
        },
      };
    });
  };
