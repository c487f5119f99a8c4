/**
 * A quick probe of the inbox's list (decision 048) on a PostgreSQL server: `n` requests with `m` messages each
 * (the member and the team alternating, every third conversation ending on the member), 1,000 concierge chats of
 * 20 messages and 1,000 open inquiries; times the first page (longest waiting first) and a page deep in the
 * list. A throwaway database; asserts nothing.
 *
 *   npx tsx bench/inbox-probe.ts 10000 100
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { migrate, openDatabase } from "../src/server/db";
import { listConversations, pageStatement } from "../src/server/features/inbox/conversations";
import { throwawayDatabase } from "./support";

const requests = Number(process.argv[2] ?? 10_000);
const perRequest = Number(process.argv[3] ?? 100);
const database = throwawayDatabase("maison_bench_inbox");
await database.create();
const handle = await openDatabase({ kind: "postgres", url: database.url });
try {
  await migrate(handle);
  const db = handle.db;
  const t0 = performance.now();
  await db.execute(
    `insert into users (id, name, email) select 'm-' || g, 'Member ' || g, 'm' || g || '@bench.test' from generate_series(1, 2000) g` as never,
  );
  await db.execute(`insert into users (id, name, email) values ('staff-1', 'Staff', 'staff@bench.test')` as never);
  await db.execute(
    `insert into requests (id, user_id, title, category, budget_eur, phone_number, status, created_at)
    select md5('r' || g)::uuid, 'm-' || (g % 2000 + 1), 'Request ' || g, 'Other', 1000, '+351912345678', 'Sourcing', now() - interval '30 days'
    from generate_series(1, ${requests}) g` as never,
  );
  await db.execute(
    `insert into messages (request_id, sender_user_id, body, created_at)
    select md5('r' || g)::uuid, case when (k + g) % 2 = 0 and k < ${perRequest} then 'staff-1' else 'm-' || (g % 2000 + 1) end,
      'Message ' || k, now() - interval '30 days' + (k || ' minutes')::interval + (g || ' seconds')::interval
    from generate_series(1, ${requests}) g, generate_series(1, ${perRequest}) k` as never,
  );
  await db.execute(
    `insert into executive_concierge_messages (user_id, sender_role, sender_user_id, message, created_at)
    select 'm-' || g, case when k % 2 = 0 then 'admin' else 'user' end::concierge_sender_role,
      case when k % 2 = 0 then 'staff-1' end, 'Chat ' || k, now() - interval '10 days' + (k || ' minutes')::interval
    from generate_series(1, 1000) g, generate_series(1, 20) k` as never,
  );
  await db.execute(
    `insert into sales_inquiries (user_id, subject, message) select 'm-' || g, 'Inquiry ' || g, 'Hello' from generate_series(1, 1000) g` as never,
  );
  await db.execute("vacuum analyze" as never);
  console.log(`seeded ${requests} requests × ${perRequest} messages in ${Math.round(performance.now() - t0)} ms`);
  const time = async (label: string, run: () => Promise<unknown>) => {
    const samples: number[] = [];
    for (let i = 0; i < 12; i++) {
      const start = performance.now();
      await run();
      samples.push(performance.now() - start);
    }
    samples.sort((a, b) => a - b);
    console.log(`${label}: p50 ${samples[6].toFixed(1)} ms, max ${samples[11].toFixed(1)} ms`);
  };
  const base = { viewerId: "staff-1", now: new Date(), owner: "all", show: "open", sort: "waiting" } as const;
  await time("first page, longest waiting first", () => listConversations(db, base));
  await time("first page, newest first", () => listConversations(db, { ...base, sort: "recent" }));
  await time("requests only, waiting", () => listConversations(db, { ...base, kind: "request", show: "waiting" }));
  if (process.env.EXPLAIN) {
    const plan = (await db.execute(sql`explain (analyze, buffers) ${pageStatement(base)}`)) as unknown as {
      rows: Array<Record<string, string>>;
    };
    console.log(plan.rows.map((r) => Object.values(r)[0]).join("\n"));
  }
  let after: string | undefined;
  for (let i = 0; i < 20; i++) after = (await listConversations(db, { ...base, after })).next ?? undefined;
  await time("page 21", () => listConversations(db, { ...base, after }));
} finally {
  await handle.close();
  await database.drop();
}
