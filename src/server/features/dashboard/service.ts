/** The member's dashboard: the five most recent requests, and counters over all of the member's requests. */
import { count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Served } from "@/shared/contracts/common";
import type { dashboardSchema } from "@/shared/contracts/dashboard";
import { ACTIVE_STATUSES, DASHBOARD_RECENT_LIMIT } from "@/shared/requests";
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
  // Counted over all of the member's requests, not only the five shown (decision 010).
  const [counts] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${inArray(requests.status, [...ACTIVE_STATUSES])})`,
      delivered: sql<number>`count(*) filter (where ${requests.status} = 'Delivered')`,
    })
    .from(requests)
    .where(eq(requests.userId, userId));
  return {
    recent,
    counts: { total: Number(counts.total), active: Number(counts.active), delivered: Number(counts.delivered) },
  };
}
