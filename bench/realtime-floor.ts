/**
 * The fair floor for bench:realtime (issue 23 item 5): what a staff reply costs when it does the app's work
 * with nothing else. Bare Fastify and raw `pg`, no app code:
 *
 * - POST /api/requests/:id/messages, the same JSON body, validated by a JSON schema; 201 with `{ id }`.
 * - The same signed session cookie, checked as better-auth checks it (HMAC-SHA256 of the token with the secret,
 *   compared in constant time: node:crypto, on every request), then one indexed query on the same `sessions`
 *   table (by token, unexpired) with the sender's role and name.
 * - The same write as the app's staff reply, as ONE prepared, named statement: the request and its member are
 *   read in it, then the message, its activity entry, the member's notification (joining an unread one on the
 *   conversation), the member's email in the outbox (joining a waiting one, with its burst digest) and one
 *   pg_notify carrying the same three events. The emails are rendered here with the same layout and texts, so
 *   the rows carry the same sizes (bench:realtime prints them for both).
 * - GET /api/events: the same session check, then an SSE stream; one LISTEN on app_events routes each
 *   notification's events to the member's and the staff's streams, one write per stream, as the app does.
 *
 * What it does not do (bench:realtime prints it): a member's message (rate limit, the team's notice), files,
 * the membership row in the session query, security headers, the cross-site check, compression, request
 * logging, the session's sliding expiry, re-checking open streams' sessions.
 *
 * Environment: DATABASE_URL, PORT, BETTER_AUTH_SECRET, APP_URL.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import Fastify, { type FastifyReply } from "fastify";
import pg from "pg";

const SECRET = process.env.BETTER_AUTH_SECRET as string;
const APP_URL = process.env.APP_URL as string;
const COOKIE = "maison.session_token";
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

/** The token of a cookie header's signed session cookie, if its signature is right. */
function verifiedToken(header: string | undefined): string | null {
  const start = header?.indexOf(`${COOKIE}=`) ?? -1;
  if (!header || start < 0) return null;
  const end = header.indexOf(";", start);
  let value: string;
  try {
    value = decodeURIComponent(header.slice(start + COOKIE.length + 1, end < 0 ? undefined : end));
  } catch {
    return null;
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), "base64");
  const expected = createHmac("sha256", SECRET).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

const SESSION = `
  select s.user_id, u.email, coalesce(p.name, u.name) as name,
    exists (select 1 from user_roles r where r.user_id = s.user_id and r.role in ('staff', 'admin')) as staff
  from sessions s join users u on u.id = s.user_id left join profiles p on p.id = s.user_id
  where s.token = $1 and s.expires_at > now()`;

interface Caller {
  user_id: string;
  email: string;
  name: string | null;
  staff: boolean;
}

async function caller(cookie: string | undefined): Promise<Caller | null> {
  const token = verifiedToken(cookie);
  if (!token) return null;
  const { rows } = await pool.query<Caller>({ name: "floor_session", text: SESSION, values: [token] });
  return rows[0] ?? null;
}

/** HTML-escaped in SQL: the member's name and the request's title are read by the statement itself. */
const esc = (x: string) =>
  `replace(replace(replace(replace(replace(${x}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;')`;
/** Fills the templates' \u0001N (member's name) and \u0001T (request's title) marks. */
const fill = (template: string, html: boolean) =>
  `replace(replace(${template}, chr(1) || 'N', ${html ? esc("r.name") : "r.name"}), chr(1) || 'T', ${html ? esc("r.title") : "r.title"})`;
const email = (subject: string, html: string, text: string) =>
  `jsonb_build_object('subject', ${subject}, 'html', ${fill(html, true)}, 'text', ${fill(text, false)},
    'to', r.email, 'reason', 'admin_reply')`;

/**
 * $1 request, $2 sender, $3 body, $4 whether the sender is staff, $5 the notification's body, $6/$7 the email
 * (html, text), $8/$9 its burst digest, $10 the link.
 */
const STAFF_REPLY = `
  with r as (
    select q.id, q.user_id, q.title, q.status, coalesce(p.name, u.name) as name, u.email,
      coalesce(np.email_enabled, true) as email_enabled
    from requests q join users u on u.id = q.user_id left join profiles p on p.id = q.user_id
    left join notification_preferences np on np.user_id = q.user_id
    where q.id = $1::uuid and ($4::boolean or q.user_id = $2)),
  written as (
    insert into messages (request_id, sender_user_id, body)
    select r.id, $2, $3 from r where r.status <> 'Withdrawn'
    returning id),
  activity as (
    insert into activity_logs (request_id, actor_user_id, action) select r.id, $2, 'replied' from r, written),
  notes as (
    insert into notifications (user_id, type, title, body, request_id, concierge_member_id, link)
    select r.user_id, 'message_received', 'A reply on your request: ' || r.title, $5, r.id, null, $10
    from r, written
    on conflict (user_id, (coalesce(request_id::text, concierge_member_id)))
      where type = 'message_received' and not read and coalesce(request_id::text, concierge_member_id) is not null
    do update set burst = notifications.burst + 1,
      -- The burst's title: the request's title follows 'A reply on your request: ' (25 characters).
      title = replace('{{count}} new replies on your request: ' || substr(excluded.title, 26), '{{count}}',
        (notifications.burst + 1)::text),
      body = excluded.body, link = excluded.link, created_at = now()
    returning id),
  deliveries as (
    insert into outbox (kind, payload, status, burst_key, burst_to, burst_digest, next_attempt_at)
    select 'email', ${email("'A reply on your request: ' || r.title", "$6", "$7")}, 'held', 'request:' || r.id,
      lower(r.email), ${email("'{{count}} new replies on your request: ' || r.title", "$8", "$9")},
      greatest(now(), (select max(coalesce(o.sent_at, o.next_attempt_at)) + make_interval(secs => 300)
        from outbox o where o.burst_key = 'request:' || r.id and o.burst_to = lower(r.email)))
    from r, written where r.email_enabled
    on conflict (burst_key, burst_to) where burst_key is not null and attempts = 0 and status in ('pending', 'held')
    do update set burst = outbox.burst + 1,
      payload = replace(excluded.burst_digest::text, '{{count}}', (outbox.burst + 1)::text)::jsonb,
      created_at = now())
  select (select id from written) as id, (select status from r) as status,
    (select count(pg_notify('app_events', '[{"topic":"activity","audience":"staff","subject":"' || r.id
      || '"},{"topic":"messages","audience":' || to_json(r.user_id)::text
      || ',"staff":true},{"topic":"notifications","audience":' || to_json(r.user_id)::text || '}]'))
     from r, written) as notified`;

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");

/** The app's email layout (src/server/mail/templates.ts, copied: the floor imports no app code). */
function layout(heading: string, paragraphs: string[], quote: string, url: string) {
  const p = paragraphs
    .map((x) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.65;color:#2b2a28">${x}</p>`)
    .join("");
  const html = `<!doctype html><html><body style="margin:0;padding:0;background:#EFE9DE">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#EFE9DE;padding:40px 16px"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#FBF8F3;border:1px solid #E7E1D6">
<tr><td style="padding:28px 40px;background:#0B0B0C;font-family:Georgia,'Times New Roman',serif;font-size:26px;color:#F7F3EC;letter-spacing:0.04em">Maison</td></tr>
<tr><td style="padding:40px;font-family:Helvetica,Arial,sans-serif">
<h1 style="margin:0 0 24px;font-family:Georgia,'Times New Roman',serif;font-weight:normal;font-size:28px;color:#0B0B0C">${escapeHtml(heading)}</h1>
${p}<div style="margin:8px 0 24px;padding:16px 20px;border-left:2px solid #B08D57;background:#F7F3EC;font-size:15px;line-height:1.6;color:#0B0B0C;white-space:pre-wrap">${escapeHtml(quote)}</div><p style="margin:28px 0"><a href="${escapeHtml(url)}" style="display:inline-block;padding:14px 28px;background:#0B0B0C;color:#F7F3EC;text-decoration:none;font-size:13px;letter-spacing:0.12em;text-transform:uppercase">Open your request</a></p>
</td></tr>
<tr><td style="padding:20px 40px;border-top:1px solid #E7E1D6;font-family:Helvetica,Arial,sans-serif;font-size:12px;color:#5B5650">Maison · Designed in Portugal</td></tr>
</table></td></tr></table></body></html>`;
  return html;
}
const plain = (heading: string, paragraphs: string[], quote: string, url: string) =>
  [
    heading,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    quote.replace(/^/gm, "> "),
    "",
    `Open your request: ${url}`,
    "",
    "Maison · Designed in Portugal",
  ].join("\n");

const excerpt = (text: string) => {
  const line = text.trim().split("\n")[0];
  return line.length > 140 ? `${line.slice(0, 139)}…` : line;
};

const app = Fastify();
app.get("/api/health", async () => ({ status: "ok" }));

app.post<{ Params: { id: string }; Body: { body: string } }>(
  "/api/requests/:id/messages",
  {
    schema: {
      params: { type: "object", properties: { id: { type: "string", format: "uuid" } }, required: ["id"] },
      body: {
        type: "object",
        properties: { body: { type: "string", minLength: 1, maxLength: 5000 } },
        required: ["body"],
      },
      response: { 201: { type: "object", properties: { id: { type: "string" } }, required: ["id"] } },
    },
  },
  async (request, reply) => {
    const who = await caller(request.headers.cookie);
    if (!who) return reply.status(401).send({ error: "Please sign in to continue." });
    // The member's side (rate limit, the team's notice) is not built: the bench sends staff replies.
    if (!who.staff) return reply.status(403).send({ error: "The floor takes staff replies only." });
    const { id } = request.params;
    const body = request.body.body;
    const sender = who.name || who.email;
    const link = `/requests/${id}`;
    const url = `${APP_URL}${link}`;
    // \u0001N and \u0001T: the member's name and the request's title, filled in (escaped) by the statement.
    const said = escapeHtml(sender);
    const reply1 = ["Dear \u0001N,", `${said} replied on your request &quot;\u0001T&quot;:`];
    const burst = [
      "Dear \u0001N,",
      `Our team wrote {{count}} messages on your request &quot;\u0001T&quot;. The latest, from ${said}:`,
    ];
    const plainReply = ["Dear \u0001N,", `${sender} replied on your request "\u0001T":`];
    const plainBurst = [
      "Dear \u0001N,",
      `Our team wrote {{count}} messages on your request "\u0001T". The latest, from ${sender}:`,
    ];
    const { rows } = await pool.query<{ id: string | null; status: string | null }>({
      name: "floor_staff_reply",
      text: STAFF_REPLY,
      values: [
        id,
        who.user_id,
        body,
        who.staff,
        `${sender}: ${excerpt(body)}`,
        layout("Our team replied", reply1, body, url),
        plain("Our team replied", plainReply, body, url),
        layout("Our team wrote {{count}} times", burst, body, url),
        plain("Our team wrote {{count}} times", plainBurst, body, url),
        link,
      ],
    });
    const [row] = rows;
    if (!row?.id) {
      if (row?.status === "Withdrawn") return reply.status(409).send({ error: "This request is closed." });
      return reply.status(404).send({ error: "Request not found" });
    }
    return reply.status(201).send({ id: row.id });
  },
);

interface Stream {
  userId: string;
  staff: boolean;
  reply: FastifyReply;
}
const byUser = new Map<string, Set<Stream>>();
const staffStreams = new Set<Stream>();

app.get("/api/events", async (request, reply) => {
  const who = await caller(request.headers.cookie);
  if (!who) return reply.status(401).send({ error: "Please sign in to continue." });
  reply.hijack();
  reply.raw.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-store",
    connection: "keep-alive",
    "x-accel-buffering": "no",
  });
  reply.raw.write("retry: 3000\n\n");
  const heartbeat = setInterval(() => reply.raw.write(": keep-alive\n\n"), 25_000);
  const stream: Stream = { userId: who.user_id, staff: who.staff, reply };
  const own = byUser.get(who.user_id) ?? new Set<Stream>();
  byUser.set(who.user_id, own);
  own.add(stream);
  if (who.staff) staffStreams.add(stream);
  request.raw.on("close", () => {
    clearInterval(heartbeat);
    own.delete(stream);
    staffStreams.delete(stream);
  });
  return reply;
});

interface Event {
  topic: string;
  audience: string;
  staff?: boolean;
}

/** Each stream gets every event of one notification it may see in one write, as in the app. */
function route(events: Event[]) {
  const frames = new Map<Stream, string>();
  for (const event of events) {
    const frame = `event: ${event.topic}\ndata: ${JSON.stringify(event)}\n\n`;
    const add = (stream: Stream) => frames.set(stream, (frames.get(stream) ?? "") + frame);
    for (const stream of byUser.get(event.audience) ?? []) add(stream);
    if (event.audience === "staff" || event.staff) {
      for (const stream of staffStreams) if (stream.userId !== event.audience) add(stream);
    }
  }
  for (const [stream, text] of frames) stream.reply.raw.write(text);
}

const listener = new pg.Client({ connectionString: process.env.DATABASE_URL });
await listener.connect();
listener.on("notification", (n) => {
  const parsed = JSON.parse(n.payload ?? "[]") as Event | Event[];
  route(Array.isArray(parsed) ? parsed : [parsed]);
});
await listener.query("LISTEN app_events");

await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
const stop = async () => {
  for (const stream of [...staffStreams, ...[...byUser.values()].flatMap((s) => [...s])]) stream.reply.raw.end();
  await app.close();
  await listener.end();
  await pool.end();
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
