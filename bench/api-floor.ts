/**
 * The floor for bench:api: bare Fastify and raw `pg` answering GET /api/me with one joined query for the same
 * data the app loads (session by token, user, profile, role, membership). No auth library, no validation, no
 * serializer schema: what the hardware and database can do for this request.
 */
import Fastify from "fastify";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const VIEWER = `
  select s.id as session_id, u.id, u.email, u.name, u.two_factor_enabled, u.email_verified,
         coalesce((select case when bool_or(r.role = 'admin') then 'admin' when bool_or(r.role = 'staff') then 'staff'
                   else 'client' end from user_roles r where r.user_id = u.id), 'client') as role,
         p.name as profile_name, p.email as profile_email, p.phone,
         sub.plan, sub.status, sub.current_period_end, sub.cancel_at_period_end, sub.stripe_customer_id
  from sessions s join users u on u.id = s.user_id
  left join profiles p on p.id = u.id left join subscriptions sub on sub.user_id = u.id
  where s.token = $1 and s.expires_at > now() limit 1`;

const LIST = `select id, title, category, status, urgency, budget_eur, created_at from requests
  where user_id = $1 order by created_at desc limit 20 offset 0`;
const COUNT = "select count(*)::int as n from requests where user_id = $1";

const app = Fastify();
app.get("/api/health", async () => ({ status: "ok" }));
async function viewer(cookie: string | undefined) {
  const value = decodeURIComponent(/maison\.session_token=([^;]+)/.exec(cookie ?? "")?.[1] ?? "");
  const token = value.slice(0, value.lastIndexOf("."));
  const { rows } = await pool.query({ name: "viewer", text: VIEWER, values: [token] });
  return rows[0];
}

app.get("/api/requests", async (request, reply) => {
  const row = await viewer(request.headers.cookie);
  if (!row) return reply.status(401).send({ error: "Please sign in to continue." });
  const [items, total] = await Promise.all([
    pool.query({ name: "list", text: LIST, values: [row.id] }),
    pool.query({ name: "count", text: COUNT, values: [row.id] }),
  ]);
  return {
    items: items.rows.map((r) => ({
      id: r.id,
      title: r.title,
      category: r.category,
      status: r.status,
      urgency: r.urgency,
      budgetEur: Number(r.budget_eur),
      createdAt: r.created_at,
    })),
    total: total.rows[0].n,
    page: 1,
    pageSize: 20,
  };
});

app.get("/api/me", async (request) => {
  const row = await viewer(request.headers.cookie);
  if (!row) return { user: null, profile: null, role: null, subscription: null };
  return {
    user: {
      id: row.id,
      email: row.email,
      name: row.name,
      twoFactorEnabled: Boolean(row.two_factor_enabled),
      emailVerified: row.email_verified,
    },
    profile: { name: row.profile_name, email: row.profile_email, phone: row.phone },
    role: row.role,
    subscription: row.plan
      ? {
          plan: row.plan,
          status: row.status,
          currentPeriodEnd: row.current_period_end,
          cancelAtPeriodEnd: row.cancel_at_period_end,
          complimentary: !row.stripe_customer_id,
        }
      : null,
  };
});
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
const stop = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
