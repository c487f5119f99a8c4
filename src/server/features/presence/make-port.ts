/** How presence answers its port (`port.ts`); app.ts plugs it in. */
import type { AppContext } from "../../context";
import type { PresencePort } from "./port";
import { pruneExpired, recordActive } from "./service";

/** A staff member's activity is written at most this often per instance (the expiry is five minutes). */
export const ACTIVE_WRITE_EVERY_MS = 60_000;

export function makePresencePort(ctx: Pick<AppContext, "db">): PresencePort {
  const written = new Map<string, number>();
  let prunedAt = 0;
  return {
    async staffActive(userIds, now = new Date()) {
      const due = userIds.filter((id) => (written.get(id) ?? 0) <= now.getTime() - ACTIVE_WRITE_EVERY_MS);
      if (!due.length) return;
      for (const id of due) written.set(id, now.getTime());
      if (written.size > 10_000) written.clear();
      await recordActive(ctx.db, due, now);
      if (prunedAt <= now.getTime() - 10 * ACTIVE_WRITE_EVERY_MS) {
        prunedAt = now.getTime();
        await pruneExpired(ctx.db, now);
      }
    },
  };
}
