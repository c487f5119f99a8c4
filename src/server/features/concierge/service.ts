/**
 * The Executive Concierge: one chat per Gold or Black member with the staff. Members read their history even
 * after a downgrade but write only with the plan; staff see every conversation. Each message is one statement
 * with its notice (the other side is emailed) and its events (`ctx.write.one`); "typing…" is only an event.
 */
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Served } from "@/shared/contracts/common";
import { ERRORS, MESSAGE_FILE_TEXTS, PUSH_TEXTS } from "@/shared/contracts/common-texts";
import {
  type conciergeAssignedSchema,
  type conciergeConversationsSchema,
  type conciergeThreadSchema,
  REPLY_TIME_MIN_SAMPLE,
} from "@/shared/contracts/concierge";
import { CONCIERGE_ERRORS } from "@/shared/contracts/concierge-texts";
import { BURST_COUNT, excerpt, type Notice } from "@/shared/contracts/notifications";
import { DEFAULT_LOCALE, type Locale } from "@/shared/locales";
import type { notesSchema } from "@/shared/notes";
import { staffPhotoUrl } from "@/shared/staff-card";
import { withValues } from "@/shared/texts";
import { authorize, canWriteConcierge } from "../../auth/policies";
import { senderNameOf, type Viewer, viewerOfUser } from "../../auth/viewer";
import type { AppContext } from "../../context";
import { type Database, type Queryable, rowsOf } from "../../db";
import { FOREIGN_KEY_VIOLATION, sqlState } from "../../db/errors";
import { staffCardOf, staffName } from "../../db/people";
import {
  executiveConciergeMessages as concierge,
  conciergeAssignments,
  profiles,
  userRoles,
  users,
} from "../../db/schema";
import { badRequest, notFound } from "../../http/errors";
import { MAIL_TEXTS } from "../../mail/texts";
import { addNote, notesOf } from "../../notes";
import { limitMemberMessages } from "../../rate-limit";
import { type AppEvent, announce } from "../../realtime/events";
import {
  claimMessageFiles,
  type FilesContext,
  filesOfMessages,
  openMessageFile,
  uploadMessageFile,
} from "../../storage/message-files";
import { CONCIERGE_TEXTS as T } from "./texts";

export type ConciergeContext = Pick<AppContext, "db" | "config" | "mailEnabled" | "limiter" | "write" | "domains">;

async function threadOf(db: Queryable, memberId: string) {
  const [rows, files] = await Promise.all([
    messagesOf(db, memberId),
    filesOfMessages(db, { domain: "concierge", memberId }),
  ]);
  return rows.map(({ staffPhotoKey, ...m }) => ({
    ...m,
    staffPhotoUrl: m.senderRole === "admin" && m.staffId ? staffPhotoUrl(m.staffId, staffPhotoKey) : null,
    files: files.get(m.id) ?? [],
  }));
}

/** The conversation's owner as the member sees them (issue 34 item 1); null: the team. */
const conciergeOf = async (db: Queryable, memberId: string) => staffCardOf(db, await conversationOwner(db, memberId));

async function messagesOf(db: Queryable, memberId: string) {
  return db
    .select({
      id: concierge.id,
      message: concierge.message,
      senderRole: concierge.senderRole,
      staffName: sql<string | null>`case when ${concierge.senderRole} = 'admin'
        then coalesce(nullif(${profiles.publicName}, ''), ${profiles.name}, ${users.email}) end`,
      staffId: concierge.senderUserId,
      staffPhotoKey: profiles.photoKey,
      read: concierge.read,
      createdAt: concierge.createdAt,
    })
    .from(concierge)
    .leftJoin(users, eq(users.id, concierge.senderUserId))
    .leftJoin(profiles, eq(profiles.id, concierge.senderUserId))
    .where(eq(concierge.userId, memberId))
    .orderBy(asc(concierge.createdAt), asc(concierge.id));
}

/** The member's own thread: with the plan, or when there is history to read. */
export async function memberThread(
  ctx: ConciergeContext,
  viewer: Viewer,
): Promise<Served<typeof conciergeThreadSchema>> {
  const messages = await threadOf(ctx.db, viewer.userId);
  authorize("concierge:read:own", viewer, { member: viewer, hasHistory: messages.length > 0 });
  const canSend = canWriteConcierge(viewer);
  return {
    messages,
    canSend,
    unread: messages.filter((m) => m.senderRole === "admin" && !m.read).length,
    concierge: await conciergeOf(ctx.db, viewer.userId),
  };
}

/**
 * Marks one side's messages of a member's conversation read (`from`: whose messages) and then, in the same
 * transaction, the reader's notifications about the conversation (through the notifications port); tells the
 * conversation's readers and the reader's tabs.
 */
async function markConversationRead(ctx: ConciergeContext, memberId: string, from: "user" | "admin", readerId: string) {
  const notifications = ctx.domains.notifications;
  await ctx.write(async (tx, out) => {
    const [counts] = await rowsOf<{ messages: number; seen: string | null }>(
      tx,
      sql`
        with marked as (
          update ${concierge} set read = true
          where user_id = ${memberId} and sender_role = ${from}::concierge_sender_role and not read
          returning id)
        select (select count(*)::int from marked) as messages,
          (select max(created_at)::text from ${concierge} where user_id = ${memberId}) as seen`,
    );
    const notices = await notifications.markThreadRead(tx, readerId, { conciergeMemberId: memberId }, counts.seen);
    if (counts.messages) out.publish(conversationChanged(memberId));
    if (notices) out.publish(notifications.readerEvent(readerId));
  });
}

/** The member opened the thread: the staff's messages are read, and the member's notifications about them. */
export async function markMemberRead(ctx: ConciergeContext, viewer: Viewer) {
  await markConversationRead(ctx, viewer.userId, "admin", viewer.userId);
}

type MessageValues = {
  memberId: string;
  senderRole: "user" | "admin";
  senderId: string | null;
  message: string;
};

/** A concierge message (the statement's first part; the unit of work adds its notice and events). */
const writeMessage = (ctx: ConciergeContext) =>
  ctx.write.one<MessageValues>("maison_concierge_message", (p) => [
    ctx.db.$with("written", { id: sql<string>`id` }).as(sql`
      insert into ${concierge} (user_id, sender_role, sender_user_id, message)
      values (${p.memberId}, ${p.senderRole}::concierge_sender_role, ${p.senderId}, ${p.message})
      returning id`),
  ]);

/**
 * A concierge message with files (issue 22 item 6): the message claims them in its transaction, or nothing is
 * written. Without files, the one prepared statement above.
 */
const writeMessageWithFiles =
  (ctx: ConciergeContext, fileIds: string[], uploaderId: string) =>
  async (p: MessageValues, effects: { notice: Notice; events: AppEvent[] }) => {
    if (fileIds.length === 0) return writeMessage(ctx)(p, effects);
    return ctx.write(async (tx, out) => {
      const [written] = await tx
        .insert(concierge)
        .values({ userId: p.memberId, senderRole: p.senderRole, senderUserId: p.senderId, message: p.message })
        .returning({ id: concierge.id });
      await claimMessageFiles(tx, { domain: "concierge", memberId: p.memberId }, fileIds, uploaderId, written.id);
      const { notice } = effects;
      await out.notify({
        ...notice,
        texts: (reader) => {
          const texts = notice.texts(reader);
          const files = reader.t(MAIL_TEXTS.files, { count: fileIds.length });
          return {
            ...texts,
            body: texts.body ? `${texts.body} (${files})` : files,
            email: { ...texts.email, quote: texts.email.quote || `(${files})` },
          };
        },
      });
      for (const event of effects.events) out.publish(event);
      return { id: written.id };
    });
  };

/** The conversation changed: the member and every staff member refetch it. */
const conversationChanged = (memberId: string): AppEvent => ({
  topic: "concierge",
  audience: memberId,
  staff: true,
  subject: memberId,
});

/** The staff member a member's conversation is assigned to, if any (decision 020). */
async function conversationOwner(db: Queryable, memberId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: conciergeAssignments.assigneeUserId })
    .from(conciergeAssignments)
    .where(eq(conciergeAssignments.memberUserId, memberId));
  return row?.id ?? null;
}

/** The member's own thread, to write in: with the plan only (`concierge:write:own`, 403 otherwise). */
const writableOwnThread = (viewer: Viewer) =>
  authorize("concierge:write:own", viewer, { member: viewer, hasHistory: false });

/** A Gold or Black member writes; the owners are emailed. */
export async function memberSend(ctx: ConciergeContext, viewer: Viewer, message: string, fileIds: string[] = []) {
  writableOwnThread(viewer);
  const [, owner] = await Promise.all([
    limitMemberMessages(ctx.limiter, viewer.userId),
    conversationOwner(ctx.db, viewer.userId),
  ]);
  const name = viewer.profile?.name ?? viewer.name;
  return writeMessageWithFiles(
    ctx,
    fileIds,
    viewer.userId,
  )(
    { memberId: viewer.userId, senderRole: "user", senderId: null, message },
    {
      notice: {
        type: "message_received",
        to: "staff",
        teamMail: true,
        conciergeMemberId: viewer.userId,
        link: `/admin/inbox?tab=concierge&member=${viewer.userId}`,
        // The conversation's owner's devices, when it has one (decision 020); else every staff member's.
        push: { body: PUSH_TEXTS.staffConciergeMessage, to: owner },
        texts: ({ t }) => {
          const facts = { name, email: viewer.email, count: BURST_COUNT };
          const title = t(T.memberTitle, facts);
          const burstTitle = t(T.memberBurstTitle, facts);
          return {
            title,
            body: excerpt(message),
            email: {
              reason: "concierge_message",
              subject: title,
              heading: t(T.memberHeading),
              paragraphs: [t(T.memberText, facts)],
              quote: message,
              actionLabel: t(T.openInbox),
            },
            burst: {
              title: burstTitle,
              email: { subject: burstTitle, heading: t(T.memberHeading), paragraphs: [t(T.memberBurstText, facts)] },
            },
          };
        },
      },
      events: [conversationChanged(viewer.userId)],
    },
  );
}

/** Staff: every conversation, newest first, with the member's unread messages counted and its owner. */
export async function conversations(
  ctx: ConciergeContext,
  staff: Viewer,
  assignee: "all" | "me" | "none" = "all",
): Promise<Served<typeof conciergeConversationsSchema>> {
  const rows = await ctx.db
    .select({
      userId: concierge.userId,
      name: sql<string>`coalesce(max(${profiles.name}), max(${users.name}))`,
      email: sql<string>`max(${users.email})`,
      language: sql<Locale>`coalesce(max(${profiles.language}), ${DEFAULT_LOCALE})`,
      lastMessage: sql<string>`(array_agg(${concierge.message} order by ${concierge.createdAt} desc))[1]`,
      lastMessageAt: sql<Date>`max(${concierge.createdAt})`.mapWith((v) => new Date(v)),
      unread: sql<number>`count(*) filter (where ${concierge.senderRole} = 'user' and not ${concierge.read})`.mapWith(
        Number,
      ),
      assigneeId: sql<string | null>`max(${conciergeAssignments.assigneeUserId})`,
    })
    .from(concierge)
    .innerJoin(users, eq(users.id, concierge.userId))
    .leftJoin(profiles, eq(profiles.id, concierge.userId))
    .leftJoin(conciergeAssignments, eq(conciergeAssignments.memberUserId, concierge.userId))
    .where(
      assignee === "me"
        ? eq(conciergeAssignments.assigneeUserId, staff.userId)
        : assignee === "none"
          ? isNull(conciergeAssignments.assigneeUserId)
          : undefined,
    )
    .groupBy(concierge.userId)
    .orderBy(desc(sql`max(${concierge.createdAt})`));
  const names = await staffNames(
    ctx.db,
    rows.flatMap((r) => (r.assigneeId ? [r.assigneeId] : [])),
  );
  return {
    items: rows.map(({ assigneeId, ...r }) => ({
      ...r,
      lastMessage: r.lastMessage || MESSAGE_FILE_TEXTS.filesOnly,
      assignee: assigneeId ? { id: assigneeId, name: names.get(assigneeId) ?? "" } : null,
    })),
  };
}

/** Staff members' names, by id, among those given (only staff and admins). */
async function staffNames(db: Queryable, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      id: users.id,
      name: staffName(),
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(
      and(
        inArray(users.id, [...new Set(ids)]),
        sql`exists (select 1 from ${userRoles} r where r.user_id = ${users.id} and r.role in ('staff', 'admin'))`,
      ),
    );
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * Staff give a member's conversation to a staff member (or to no one): 400 unless the assignee is staff, 404
 * unless the member may have a thread. The new owner is told (unless they took it themselves); staff see it live.
 */
export async function assignConversation(
  ctx: ConciergeContext,
  staff: Viewer,
  memberId: string,
  assigneeId: string | null,
): Promise<Served<typeof conciergeAssignedSchema>> {
  const names = assigneeId ? await staffNames(ctx.db, [assigneeId]) : new Map<string, string>();
  if (assigneeId && !names.has(assigneeId)) throw badRequest(ERRORS.assigneeNotStaff);
  const member = await memberOf(ctx.db, staff, memberId);
  return ctx.write(async (tx, out) => {
    if (!assigneeId) {
      await tx.delete(conciergeAssignments).where(eq(conciergeAssignments.memberUserId, memberId));
    } else {
      const [previous] = await tx
        .select({ assignee: conciergeAssignments.assigneeUserId })
        .from(conciergeAssignments)
        .where(eq(conciergeAssignments.memberUserId, memberId))
        .for("update");
      await tx
        .insert(conciergeAssignments)
        .values({ memberUserId: memberId, assigneeUserId: assigneeId })
        .onConflictDoUpdate({
          target: conciergeAssignments.memberUserId,
          set: { assigneeUserId: assigneeId, assignedAt: sql`now()` },
        });
      if (previous?.assignee !== assigneeId && assigneeId !== staff.userId) {
        const by = staff.profile?.name ?? staff.name ?? staff.email;
        await out.notify({
          type: "assigned",
          to: assigneeId,
          conciergeMemberId: memberId,
          link: `/admin/inbox?tab=concierge&member=${memberId}`,
          texts: ({ t }) => {
            const title = t(T.assignedTitle, { member: member.name });
            return {
              title,
              body: t(T.assignedBy, { name: by }),
              email: {
                reason: "assigned",
                subject: title,
                heading: t(T.assignedHeading),
                paragraphs: [t(T.assignedText, { name: by, member: member.name })],
                actionLabel: t(T.openInbox),
              },
            };
          },
        });
      }
    }
    out.publish(conversationChanged(memberId));
    return {
      userId: memberId,
      assignee: assigneeId ? { id: assigneeId, name: names.get(assigneeId) ?? "" } : null,
    };
  });
}

/** The team's median first reply this month, shown to members only on enough replies. */
export async function replyTime(ctx: ConciergeContext) {
  const { medianMinutes, replied } = await ctx.domains.requests.teamFirstReply(ctx.db);
  return { medianMinutes: replied >= REPLY_TIME_MIN_SAMPLE ? medianMinutes : null };
}

/** The member whose thread staff open or write: 404 unless they may have one (`concierge:thread`). */
export async function memberOf(db: Database, staff: Viewer, memberId: string) {
  const [found, [history]] = await Promise.all([
    viewerOfUser(db, memberId),
    db.select({ id: concierge.id }).from(concierge).where(eq(concierge.userId, memberId)).limit(1),
  ]);
  const { member } = authorize("concierge:thread", staff, found && { member: found, hasHistory: Boolean(history) });
  return { id: member.userId, email: member.email, name: member.profile?.name ?? member.name };
}

/** Staff: one member's thread. */
export async function staffThread(
  ctx: ConciergeContext,
  staff: Viewer,
  memberId: string,
): Promise<Served<typeof conciergeThreadSchema>> {
  await memberOf(ctx.db, staff, memberId);
  const [messages, owner] = await Promise.all([threadOf(ctx.db, memberId), conciergeOf(ctx.db, memberId)]);
  return {
    messages,
    canSend: true,
    unread: messages.filter((m) => m.senderRole === "user" && !m.read).length,
    concierge: owner,
  };
}

/**
 * Staff read a conversation: the member's messages are read (for the whole team, as the spec's one read flag
 * says), and this staff member's notifications about the conversation (theirs only: each reads their own).
 */
export async function markStaffRead(ctx: ConciergeContext, staff: Viewer, memberId: string) {
  await memberOf(ctx.db, staff, memberId);
  await markConversationRead(ctx, memberId, "user", staff.userId);
}

/** Staff reply; the member is emailed. */
export async function staffReply(
  ctx: ConciergeContext,
  staff: Viewer,
  memberId: string,
  message: string,
  fileIds: string[] = [],
) {
  const [member, owner] = await Promise.all([memberOf(ctx.db, staff, memberId), conversationOwner(ctx.db, memberId)]);
  const sender = senderNameOf(staff);
  // An owned conversation's member hears from a person (issue 34 item 1); else from their concierge team.
  const named = owner ? withValues(PUSH_TEXTS.namedReply, { name: sender }) : null;
  try {
    return await writeMessageWithFiles(
      ctx,
      fileIds,
      staff.userId,
    )(
      { memberId, senderRole: "admin", senderId: staff.userId, message },
      {
        notice: {
          type: "message_received",
          to: member.id,
          conciergeMemberId: memberId,
          link: "/messages?view=concierge",
          push: { body: named ?? PUSH_TEXTS.memberConciergeReply },
          texts: ({ t }) => {
            const facts = { name: sender, count: BURST_COUNT };
            const title = t(named ?? T.replyTitle);
            const burstTitle = t(T.replyBurstTitle, facts);
            return {
              title,
              body: `${sender}: ${excerpt(message)}`,
              email: {
                reason: "concierge_reply",
                subject: title,
                heading: t(named ?? T.replyHeading),
                paragraphs: [t(MAIL_TEXTS.dear, { name: member.name }), t(T.replyText, facts)],
                quote: message,
                actionLabel: t(T.openConversation),
              },
              burst: {
                title: burstTitle,
                email: {
                  subject: burstTitle,
                  heading: t(T.replyBurstHeading),
                  paragraphs: [t(MAIL_TEXTS.dear, { name: member.name }), t(T.replyBurstText, facts)],
                },
              },
            };
          },
        },
        events: [conversationChanged(memberId)],
      },
    );
  } catch (error) {
    // The member's account was deleted between the read and the write.
    if (sqlState(error) === FOREIGN_KEY_VIOLATION) throw notFound(CONCIERGE_ERRORS.memberNotFound);
    throw error;
  }
}

/** "…is typing", the member's: an event to the team, never stored (with the plan only, as writing is). */
export async function memberTyping(ctx: ConciergeContext, viewer: Viewer) {
  writableOwnThread(viewer);
  await announce(ctx.db, [{ topic: "concierge-typing", audience: "staff", subject: viewer.userId }]);
}

/** "…is typing", a staff member's: an event to the member, never stored. */
export async function staffTyping(ctx: ConciergeContext, staff: Viewer, memberId: string) {
  await memberOf(ctx.db, staff, memberId);
  await announce(ctx.db, [{ topic: "concierge-typing", audience: memberId, subject: memberId }]);
}

/** A member's photo or PDF for their next message: with the plan only (as writing is). */
export async function memberUpload(ctx: ConciergeContext & FilesContext, viewer: Viewer, request: FastifyRequest) {
  writableOwnThread(viewer);
  return uploadMessageFile(ctx, request, { domain: "concierge", memberId: viewer.userId }, viewer.userId);
}

/** Staff: a photo or PDF for their next reply to a member who may have a thread. */
export async function staffUpload(
  ctx: ConciergeContext & FilesContext,
  staff: Viewer,
  memberId: string,
  request: FastifyRequest,
) {
  await memberOf(ctx.db, staff, memberId);
  return uploadMessageFile(ctx, request, { domain: "concierge", memberId }, staff.userId);
}

/** A sent file of a member's chat: the member's own (history stays readable after a downgrade), or staff's. */
export async function openConciergeFile(ctx: ConciergeContext & FilesContext, memberId: string, fileId: string) {
  return openMessageFile(ctx, { domain: "concierge", memberId }, fileId);
}

/** Staff: the notes on a member's conversation, oldest first (404 as the thread for who has none). */
export async function conciergeNotesOf(
  ctx: ConciergeContext,
  staff: Viewer,
  memberId: string,
): Promise<Served<typeof notesSchema>> {
  await memberOf(ctx.db, staff, memberId);
  return notesOf(ctx.db, staff, { domain: "concierge", memberId });
}

/** Staff: a note on the member's conversation; every staff member sees it live, the member never. */
export async function addConciergeNote(ctx: ConciergeContext, staff: Viewer, memberId: string, body: string) {
  await memberOf(ctx.db, staff, memberId);
  try {
    return await ctx.write((tx, out) => addNote(tx, out, staff, { domain: "concierge", memberId }, body));
  } catch (error) {
    // The member's account went meanwhile.
    if (sqlState(error) === FOREIGN_KEY_VIOLATION) throw notFound(CONCIERGE_ERRORS.memberNotFound);
    throw error;
  }
}
