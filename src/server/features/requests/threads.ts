/**
 * A request's thread: the messages both ways (the member's are throttled, decision 019 item 5), read marks
 * (with the reader's notifications about the thread), the unread counts of the badge, the member's
 * conversations and the staff inbox's Requests tab. A message is one prepared statement with its activity, its
 * notice and its events (`ctx.write.one`, decision 012).
 */
import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { Served } from "@/shared/contracts/common";
import { MESSAGE_FILE_TEXTS, PUSH_TEXTS } from "@/shared/contracts/common-texts";
import { BURST_COUNT, excerpt, type Notice } from "@/shared/contracts/notifications";
import type { conversationsSchema, threadSchema } from "@/shared/contracts/requests";
import { REQUEST_CHANGE_MESSAGES, REQUEST_ERROR_TEXTS } from "@/shared/contracts/requests-texts";
import { staffPhotoUrl } from "@/shared/staff-card";
import { withValues } from "@/shared/texts";
import { authorize, owns, requestBadgeScope } from "../../auth/policies";
import { senderNameOf, type Viewer } from "../../auth/viewer";
import { type Queryable, rowsOf } from "../../db";
import { FOREIGN_KEY_VIOLATION, sqlState } from "../../db/errors";
import { displayName, senderName } from "../../db/people";
import { activityLogs, messageReads, messages, profiles, requests, users } from "../../db/schema";
import { conflict, notFound } from "../../http/errors";
import { MAIL_TEXTS } from "../../mail/texts";
import { limitMemberMessages } from "../../rate-limit";
import { toMemberAndStaff } from "../../realtime/events";
import { claimMessageFiles, filesOfMessages } from "../../storage/message-files";
import {
  activityChanged,
  memberLink,
  ownerAsRecipient,
  type RequestsContext,
  requestNotFound,
  requestWithOwner,
  staffLink,
  visibleRequest,
} from "./service";
import { REQUEST_TEXTS as T } from "./texts";

/** The thread, oldest first, with each sender's name and whether they are staff. */
export async function thread(ctx: RequestsContext, viewer: Viewer, id: string): Promise<Served<typeof threadSchema>> {
  const request = await visibleRequest(ctx.db, viewer, id);
  const rows = await ctx.db
    .select({
      id: messages.id,
      body: messages.body,
      createdAt: messages.createdAt,
      senderId: messages.senderUserId,
      senderEmail: users.email,
      senderName: senderName(),
      senderPhotoKey: profiles.photoKey,
      aboutOptionId: messages.aboutOptionId,
      senderIsStaff: sql<boolean>`exists (select 1 from user_roles r where r.user_id = ${messages.senderUserId}
        and r.role in ('staff', 'admin'))`,
      read: sql<boolean>`case when ${messages.senderUserId} = ${request.userId}
        then exists (select 1 from ${messageReads} mr where mr.message_id = ${messages.id} and mr.user_id <> ${request.userId})
        else exists (select 1 from ${messageReads} mr where mr.message_id = ${messages.id} and mr.user_id = ${request.userId}) end`,
    })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderUserId))
    .leftJoin(profiles, eq(profiles.id, messages.senderUserId))
    .where(eq(messages.requestId, id))
    .orderBy(asc(messages.createdAt), asc(messages.id));
  const [files, about] = await Promise.all([
    filesOfMessages(ctx.db, { domain: "requests", requestId: id }),
    ctx.domains.quotes.optionsAskedAbout(
      ctx.db,
      id,
      rows.flatMap((m) => m.aboutOptionId ?? []),
    ),
  ]);
  return {
    messages: rows.map((m) => ({
      files: files.get(m.id) ?? [],
      about: (m.aboutOptionId && about.get(m.aboutOptionId)) || null,
      id: m.id,
      body: m.body,
      createdAt: m.createdAt,
      mine: m.senderId === viewer.userId,
      read: Boolean(m.read),
      sender:
        m.senderId && m.senderEmail
          ? {
              id: m.senderId,
              email: m.senderEmail,
              name: m.senderName || m.senderEmail,
              isStaff: Boolean(m.senderIsStaff),
              photoUrl: m.senderIsStaff ? staffPhotoUrl(m.senderId, m.senderPhotoKey) : null,
            }
          : null,
    })),
  };
}

/**
 * Marks every message from others on the request as read by the viewer (idempotent) and then, in the same
 * transaction, the viewer's message notifications about the request (through the notifications port).
 */
export async function markRead(ctx: RequestsContext, viewer: Viewer, id: string): Promise<number> {
  const request = await visibleRequest(ctx.db, viewer, id);
  return ctx.write(async (tx, out) => {
    const [counts] = await rowsOf<{ messages: number; seen: string | null }>(
      tx,
      sql`
        with marked as (
          insert into ${messageReads} (message_id, user_id, read_at)
          select m.id, ${viewer.userId}, now() from ${messages} m
          where m.request_id = ${id}::uuid and m.sender_user_id is distinct from ${viewer.userId}
          on conflict do nothing
          returning message_id)
        select (select count(*)::int from marked) as messages,
          (select max(created_at)::text from ${messages} where request_id = ${id}::uuid) as seen`,
    );
    const notices = await ctx.domains.notifications.markThreadRead(tx, viewer.userId, { requestId: id }, counts.seen);
    // The reader's badges drop, and the other side sees its messages read.
    if (counts.messages) out.publish(toMemberAndStaff("messages", request.userId));
    // Every tab's bell drops.
    if (notices) out.publish(ctx.domains.notifications.readerEvent(viewer.userId));
    return counts.messages;
  });
}

type MessageValues = {
  requestId: string;
  senderId: string;
  body: string;
  aboutOptionId: string | null;
  action: "message" | "replied";
};

/** A message with its activity entry (the statement's first parts; the unit of work adds the notice). */
const messageParts = (ctx: RequestsContext) =>
  ctx.write.one<MessageValues>("maison_request_message", (p) => [
    ctx.db.$with("written", { id: sql<string>`id` }).as(sql`
      insert into ${messages} (request_id, sender_user_id, body, about_option_id)
      values (${p.requestId}::uuid, ${p.senderId}, ${p.body}, ${p.aboutOptionId}::uuid)
      returning id`),
    ctx.db.$with("activity", {}).as(sql`
      insert into ${activityLogs} (request_id, actor_user_id, action)
      select ${p.requestId}::uuid, ${p.senderId}, ${p.action} from written`),
  ]);

/**
 * A message on a request's thread: from its member (the team is emailed; members' messages are throttled) or
 * from staff (the member is emailed, the reply labelled with the staff member's name or email). Who may post
 * and whom to tell are read first; everything it changes is then written at once.
 */
export async function postMessage(
  ctx: RequestsContext,
  viewer: Viewer,
  id: string,
  { body, fileIds = [], aboutOptionId }: { body: string; fileIds?: string[]; aboutOptionId?: string },
) {
  const { owner: member, ...row } = await requestWithOwner(ctx, viewer, id);
  // A withdrawn request's thread stays readable to both sides; nobody writes on it any more (issue 22 item 7).
  if (row.status === "Withdrawn") throw conflict(REQUEST_CHANGE_MESSAGES.threadClosed, "withdrawn");
  // It may ask about an option of this request's sent quotes only (issue 34 item 2).
  if (aboutOptionId) await ctx.domains.quotes.checkAskedAbout(ctx.db, id, aboutOptionId);
  const about = aboutOptionId ?? null;
  const fromMember = owns(viewer, row);
  if (fromMember) await limitMemberMessages(ctx.limiter, viewer.userId);
  const sender = senderNameOf(viewer);
  // An owned request's member hears from a person (issue 34 item 1); else from the team.
  const named = row.assigneeUserId ? withValues(PUSH_TEXTS.namedReply, { name: sender }) : null;
  const facts = { name: sender, email: viewer.email, title: row.title, count: BURST_COUNT };
  // A reply is the member's notice: their channels are read (the team's, for a member's message, by the engine).
  const owner = fromMember ? null : await ownerAsRecipient(ctx, ctx.db, member);
  const notice: Notice = !owner
    ? {
        type: "message_received",
        to: "staff",
        teamMail: true,
        requestId: id,
        link: staffLink(id),
        // The request's owner's devices, when it has one (decision 020); else every staff member's.
        push: { body: PUSH_TEXTS.staffRequestMessage, to: row.assigneeUserId },
        texts: ({ t }) => {
          const title = t(T.memberMessageTitle, facts);
          const burstTitle = t(T.memberBurstTitle, facts);
          return {
            title,
            body: `${sender}: ${excerpt(body)}`,
            email: {
              reason: "client_message",
              subject: title,
              heading: t(T.memberMessageHeading),
              paragraphs: [t(T.memberMessageText, facts)],
              quote: body,
              actionLabel: t(MAIL_TEXTS.openRequest),
            },
            burst: {
              title: burstTitle,
              email: {
                subject: burstTitle,
                heading: t(T.memberBurstHeading, facts),
                paragraphs: [t(T.memberBurstText, facts)],
              },
            },
          };
        },
      }
    : {
        type: "message_received",
        to: row.userId,
        recipients: [owner],
        requestId: id,
        link: memberLink(id),
        push: { body: named ?? PUSH_TEXTS.memberRequestReply },
        texts: ({ t }) => {
          const title = t(T.replyTitle, facts);
          const burstTitle = t(T.replyBurstTitle, facts);
          return {
            title,
            body: `${sender}: ${excerpt(body)}`,
            email: {
              reason: "admin_reply",
              subject: title,
              heading: t(named ?? T.replyHeading),
              paragraphs: [t(MAIL_TEXTS.dear, { name: owner.name }), t(T.replyText, facts)],
              quote: body,
              actionLabel: t(MAIL_TEXTS.openYourRequest),
            },
            burst: {
              title: burstTitle,
              email: {
                subject: burstTitle,
                heading: t(T.replyBurstHeading, facts),
                paragraphs: [t(MAIL_TEXTS.dear, { name: owner.name }), t(T.replyBurstText, facts)],
              },
            },
          };
        },
      };
  const events = [activityChanged(id), toMemberAndStaff("messages", row.userId)];
  const action = fromMember ? "message" : "replied";
  try {
    if (fileIds.length === 0) {
      return await messageParts(ctx)(
        { requestId: id, senderId: viewer.userId, body, aboutOptionId: about, action },
        { notice, events },
      );
    }
    // With files (issue 22 item 6): the message claims them in the same transaction, or nothing is written.
    return await ctx.write(async (tx, out) => {
      const [written] = await tx
        .insert(messages)
        .values({ requestId: id, senderUserId: viewer.userId, body, aboutOptionId: about })
        .returning({ id: messages.id });
      await claimMessageFiles(tx, { domain: "requests", requestId: id }, fileIds, viewer.userId, written.id);
      await tx.insert(activityLogs).values({ requestId: id, actorUserId: viewer.userId, action });
      await out.notify(withFilesNoted(notice, fileIds.length));
      for (const event of events) out.publish(event);
      return { id: written.id };
    });
  } catch (error) {
    // The request was deleted between the read and the write.
    if (sqlState(error) === FOREIGN_KEY_VIOLATION) throw requestNotFound(viewer);
    throw error;
  }
}

/** The thread's files: its member and staff, as for its messages (`request:read`); to anyone else a 404. */
export async function threadOfFiles(db: Queryable, viewer: Viewer, id: string): Promise<void> {
  const [row] = await db.select({ userId: requests.userId }).from(requests).where(eq(requests.id, id));
  authorize("request:read", viewer, row);
}

/** A notice about a message that may be only files: its excerpt says so rather than quote nothing. */
function withFilesNoted(notice: Notice, count: number): Notice {
  return {
    ...notice,
    texts: (reader) => {
      const texts = notice.texts(reader);
      const files = reader.t(MAIL_TEXTS.files, { count });
      const body = texts.body.endsWith(": ") ? `${texts.body}${files}` : `${texts.body} (${files})`;
      return { ...texts, body, email: { ...texts.email, quote: texts.email.quote || `(${files})` } };
    },
  };
}

/**
 * Unread messages on requests, one query: for a member, messages on their own requests not sent by them and not
 * read by them; for staff, every message not sent by them and not read by them (spec section 6). The badge
 * adds the concierge's (`unreadBadge`).
 */
async function unreadRequestMessages(db: Queryable, viewer: Viewer): Promise<number> {
  const notMine = or(isNull(messages.senderUserId), ne(messages.senderUserId, viewer.userId));
  const unread = sql`not exists (select 1 from ${messageReads} mr where mr.message_id = ${messages.id} and mr.user_id = ${viewer.userId})`;
  // Staff: the members' messages on their requests they have not read, as the inbox's Requests tab lists them
  // (another staff member's reply is not a message to read; issue 34 item 14).
  const [row] =
    requestBadgeScope(viewer) === "all"
      ? await db
          .select({ n: count() })
          .from(messages)
          .innerJoin(requests, eq(requests.id, messages.requestId))
          .where(and(eq(messages.senderUserId, requests.userId), unread))
      : await db
          .select({ n: count() })
          .from(messages)
          .innerJoin(requests, eq(requests.id, messages.requestId))
          .where(and(eq(requests.userId, viewer.userId), notMine, unread));
  return Number(row?.n ?? 0);
}

/**
 * The unread badge (the floating chat button, the admin's Messages): request messages, and the concierge's
 * (staff: the members' unread messages; a member with the concierge in their plan: its unread replies,
 * decision 014 extends spec section 6), asked of the concierge domain.
 */
export async function unreadBadge(ctx: Pick<RequestsContext, "db" | "domains">, viewer: Viewer): Promise<number> {
  const [own, concierge] = await Promise.all([
    unreadRequestMessages(ctx.db, viewer),
    ctx.domains.concierge.unreadFor(ctx.db, viewer),
  ]);
  return own + concierge;
}

/**
 * The staff's Messages count (the sidebar's badge and the dashboard's counter): what the inbox's tabs count
 * together, the members' unread request and concierge messages and the open sales inquiries.
 */
export async function staffInboxCount(ctx: Pick<RequestsContext, "db" | "domains">, staff: Viewer): Promise<number> {
  const [messagesUnread, inquiries] = await Promise.all([
    unreadBadge(ctx, staff),
    ctx.domains.sales.openInquiries(ctx.db),
  ]);
  return messagesUnread + inquiries;
}

/** /messages: the member's requests with their last message, newest activity first. */
export async function conversations(ctx: RequestsContext, viewer: Viewer): Promise<Served<typeof conversationsSchema>> {
  const list = await rowsOf<{
    id: string;
    title: string;
    category: Served<typeof conversationsSchema>["items"][number]["category"];
    last_message: string | null;
    last_message_at: string | Date | null;
    message_count: number;
    unread: number;
  }>(
    ctx.db,
    sql`
    select r.id, r.title, r.category,
           case when last.body = '' then ${MESSAGE_FILE_TEXTS.filesOnly} else last.body end as last_message,
           last.created_at as last_message_at,
           (select count(*) from ${messages} m where m.request_id = r.id)::int as message_count,
           (select count(*) from ${messages} m where m.request_id = r.id
              and m.sender_user_id is distinct from ${viewer.userId}
              and not exists (select 1 from ${messageReads} mr where mr.message_id = m.id and mr.user_id = ${viewer.userId}))::int as unread
    from ${requests} r
    left join lateral (select m.body, m.created_at from ${messages} m where m.request_id = r.id
                       order by m.created_at desc limit 1) last on true
    where r.user_id = ${viewer.userId}
    order by coalesce(last.created_at, r.created_at) desc`,
  );
  return {
    items: list.map((r) => ({
      id: r.id,
      title: r.title,
      category: r.category,
      lastMessage: r.last_message,
      lastMessageAt: r.last_message_at ? new Date(r.last_message_at) : null,
      messageCount: Number(r.message_count),
      unread: Number(r.unread),
    })),
  };
}

/** Staff inbox, Requests tab: members' messages this staff member has not read, newest first. */
export async function staffUnreadMessages(ctx: RequestsContext, staff: Viewer) {
  const rows = await ctx.db
    .select({
      id: messages.id,
      body: messages.body,
      createdAt: messages.createdAt,
      requestId: requests.id,
      requestTitle: requests.title,
      memberName: displayName(),
      memberEmail: users.email,
    })
    .from(messages)
    .innerJoin(requests, eq(requests.id, messages.requestId))
    .innerJoin(users, eq(users.id, requests.userId))
    .leftJoin(profiles, eq(profiles.id, requests.userId))
    .where(
      and(
        eq(messages.senderUserId, requests.userId),
        sql`not exists (select 1 from ${messageReads} mr where mr.message_id = ${messages.id} and mr.user_id = ${staff.userId})`,
      ),
    )
    .orderBy(desc(messages.createdAt))
    .limit(200);
  return {
    items: rows.map(({ memberName, memberEmail, requestId, requestTitle, ...m }) => ({
      ...m,
      body: m.body || MESSAGE_FILE_TEXTS.filesOnly,
      request: { id: requestId, title: requestTitle },
      member: { name: memberName, email: memberEmail },
    })),
  };
}

/** Staff inbox: marks one message read or unread for this staff member. */
export async function setMessageRead(ctx: RequestsContext, staff: Viewer, messageId: string, read: boolean) {
  return ctx.write(async (tx, out) => {
    const [message] = await tx.select({ id: messages.id }).from(messages).where(eq(messages.id, messageId));
    if (!message) throw notFound(REQUEST_ERROR_TEXTS.messageNotFound);
    if (read) await tx.insert(messageReads).values({ messageId, userId: staff.userId }).onConflictDoNothing();
    else
      await tx
        .delete(messageReads)
        .where(and(eq(messageReads.messageId, messageId), eq(messageReads.userId, staff.userId)));
    out.publish({ topic: "messages", audience: staff.userId });
  });
}

/** The admin sidebar's badges, for one staff member (the notifications domain gives its two). */
export async function adminBadges(ctx: RequestsContext, staff: Viewer) {
  const [[open], messagesUnread, notificationCount, held] = await Promise.all([
    ctx.db
      .select({ n: count() })
      .from(requests)
      .where(inArray(requests.status, ["New", "Sourcing"])),
    staffInboxCount(ctx, staff),
    ctx.domains.notifications.unread(ctx.db, staff.userId),
    ctx.domains.notifications.heldMail(ctx.db),
  ]);
  return {
    requests: Number(open.n),
    messages: messagesUnread,
    notifications: notificationCount,
    mail: { configured: ctx.mailEnabled, held },
  };
}
