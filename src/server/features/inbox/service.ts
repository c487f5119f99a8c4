/**
 * The staff's inbox (issue 31, items 1 and 2; decision 048): the list of conversations (./conversations.ts),
 * snoozes (this domain's one table) and the bulk actions, passed on to each conversation's domain through its
 * port. A snooze is never woken by a job: whether one holds is read at list time (until > now, and no message
 * from the member since it was set), so the member's message wakes it in the very transaction that writes it.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Served } from "@/shared/contracts/common";
import type {
  ConversationKey,
  ConversationKind,
  InboxAction,
  InboxOwner,
  InboxShow,
  InboxSort,
  inboxActionResultSchema,
  inboxPageSchema,
  snoozedSchema,
} from "@/shared/contracts/inbox";
import { INBOX_TEXTS } from "@/shared/contracts/inbox-texts";
import { SNOOZE_MAX_DAYS } from "@/shared/limits";
import type { Viewer } from "../../auth/viewer";
import type { AppContext } from "../../context";
import { inboxSnoozes } from "../../db/schema";
import { badRequest, notFound } from "../../http/errors";
import type { AppEvent } from "../../realtime/events";
import { conversationsByKey, listConversations } from "./conversations";
import type { ConversationActions } from "./port";

type InboxContext = Pick<AppContext, "db" | "write" | "domains">;

/** Every staff member's inbox refetches (a snooze set or lifted). */
const inboxChanged: AppEvent = { topic: "inbox", audience: "staff" };

export async function inbox(
  ctx: InboxContext,
  staff: Viewer,
  query: { kind?: ConversationKind; owner: InboxOwner; show: InboxShow; sort: InboxSort; after?: string },
  now = new Date(),
): Promise<Served<typeof inboxPageSchema>> {
  const page = await listConversations(ctx.db, { viewerId: staff.userId, now, ...query });
  // Each request's and concierge chat's clock, from the service levels (one call for the page).
  const keys = page.items.flatMap((row) => (row.kind === "sales" ? [] : [`${row.kind}:${row.id}`]));
  const clocks = new Map((await ctx.domains.serviceLevels.clocksOf(ctx.db, keys)).map((clock) => [clock.key, clock]));
  return {
    ...page,
    items: page.items.map((row) => ({ ...row, serviceLevel: clocks.get(`${row.kind}:${row.id}`) ?? null })),
  };
}

/** The conversations named, each once; 404 when one is not an open conversation. */
async function existing(ctx: InboxContext, staff: Viewer, keys: ConversationKey[], now: Date) {
  const unique = [...new Map(keys.map((k) => [`${k.kind}:${k.id}`, k])).values()];
  const found = await conversationsByKey(ctx.db, unique, staff.userId, now);
  if (found.length !== unique.length) throw notFound(INBOX_TEXTS.conversationNotFound);
  return found;
}

/** Snoozes conversations until a time in the future (a year at most), with an optional note. */
export async function snooze(
  ctx: InboxContext,
  staff: Viewer,
  input: { conversations: ConversationKey[]; until: string; note?: string },
  now = new Date(),
): Promise<Served<typeof snoozedSchema>> {
  const until = new Date(input.until);
  if (until.getTime() <= now.getTime()) throw badRequest(INBOX_TEXTS.untilPast);
  if (until.getTime() > now.getTime() + SNOOZE_MAX_DAYS * 86_400_000) throw badRequest(INBOX_TEXTS.untilFar);
  const note = input.note?.trim() ? input.note.trim() : null;
  const found = await existing(ctx, staff, input.conversations, now);
  await ctx.write(async (tx, out) => {
    for (const conversation of found) {
      const values = {
        kind: conversation.kind,
        conversationId: conversation.id,
        memberUserId: conversation.member_id,
        until,
        note,
        snoozedBy: staff.userId,
        snoozedAt: sql`now()`,
      };
      await tx
        .insert(inboxSnoozes)
        .values(values)
        .onConflictDoUpdate({
          target: [inboxSnoozes.kind, inboxSnoozes.conversationId],
          set: { until, note, snoozedBy: staff.userId, snoozedAt: sql`now()` },
        });
    }
    out.publish(inboxChanged);
  });
  return { snoozed: found.length, until };
}

/** Brings a snoozed conversation back now (nothing to do when it is not snoozed). */
export async function unsnooze(ctx: InboxContext, key: ConversationKey) {
  await ctx.write(async (tx, out) => {
    const removed = await tx
      .delete(inboxSnoozes)
      .where(and(eq(inboxSnoozes.kind, key.kind), eq(inboxSnoozes.conversationId, key.id)))
      .returning({ kind: inboxSnoozes.kind });
    if (!removed.length) throw notFound(INBOX_TEXTS.conversationNotFound);
    out.publish(inboxChanged);
  });
  return { ok: true as const };
}

/** Each kind's actions, from its domain's port. */
const actionsOf = (ctx: InboxContext): Record<ConversationKind, ConversationActions> => ({
  request: ctx.domains.requests.inbox,
  concierge: ctx.domains.concierge.inbox,
  sales: ctx.domains.sales.inbox,
});

/**
 * The same action on each conversation, through its domain (its own rules, transaction, notices and events);
 * conversations the action does not apply to are counted as skipped.
 */
export async function act(
  ctx: InboxContext,
  staff: Viewer,
  input: { conversations: ConversationKey[]; action: InboxAction; assignee?: string | null },
  now = new Date(),
): Promise<Served<typeof inboxActionResultSchema>> {
  if (input.action === "assign" && input.assignee === undefined) throw badRequest(INBOX_TEXTS.badAction);
  const found = await existing(ctx, staff, input.conversations, now);
  const actions = actionsOf(ctx);
  let done = 0;
  let skipped = 0;
  for (const conversation of found) {
    const of = actions[conversation.kind];
    if (input.action === "assign") {
      if (!of.assign) skipped++;
      else {
        await of.assign(staff, conversation.id, input.assignee ?? null);
        done++;
      }
    } else if (input.action === "read") {
      if (!of.markRead) skipped++;
      else {
        await of.markRead(staff, conversation.id);
        done++;
      }
    } else {
      await of.done(staff, conversation.id);
      done++;
    }
  }
  return { done, skipped };
}
