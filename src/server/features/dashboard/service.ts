/** The member's dashboard: the five most recent requests and the counters the spec computes over them. */
import { desc, eq } from "drizzle-orm";
import type { Served } from "@/shared/contracts/common";
import type { dashboardSchema } from "@/shared/contracts/dashboard";
import { DASHBOARD_RECENT_LIMIT, isActiveStatus } from "@/shared/requests";
import type { Database } from "../../db";
import { requests } from "../../db/schema";

export async function dashboardOf(db: Database, userId: string): Promise<Served<typeof dashboardSchema>> {
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
    .where(eq(requests.userId, userId))
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
}
