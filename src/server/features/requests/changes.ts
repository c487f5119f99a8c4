/**
 * The member's changes to their own request while it is New or Sourcing (issue 22 item 7): budget, notes,
 * urgency and deadline, each change an activity entry (field, from, to), or withdrawing it (a Withdrawn status
 * that keeps its history, unlike a deletion). Staff are told by a notice and live. Once Quoted (or closed) the
 * server refuses with 409: changes go through messages. No hold exists before Quoted, so withdrawing releases
 * nothing.
 */
import { eq } from "drizzle-orm";
import type { NoticeReader } from "@/shared/contracts/notifications";
import { REQUEST_CHANGE_MESSAGES } from "@/shared/contracts/requests-texts";
import { STATUS_LABELS, URGENCY_LABELS } from "@/shared/labels";
import { type EditableField, isMemberEditable, type Urgency } from "@/shared/requests";
import type { RequestChanges } from "@/shared/schemas";
import type { Keyed } from "@/shared/texts";
import { authorize } from "../../auth/policies";
import type { Viewer } from "../../auth/viewer";
import type { Queryable } from "../../db";
import { requests } from "../../db/schema";
import { conflict } from "../../http/errors";
import { teamNotice } from "../../mail/team-notice";
import { toMemberAndStaff } from "../../realtime/events";
import { logActivity, type RequestsContext } from "./service";
import { REQUEST_TEXTS as T } from "./texts";

type RequestRow = typeof requests.$inferSelect;

/** The member's own request, locked: anyone else (staff included) is told it does not exist. */
async function ownRequestForChange(tx: Queryable, viewer: Viewer, id: string): Promise<RequestRow> {
  const [found] = await tx.select().from(requests).where(eq(requests.id, id)).for("update");
  const row = authorize("request:change:own", viewer, found);
  if (row.status === "Withdrawn") throw conflict(REQUEST_CHANGE_MESSAGES.withdrawn, "withdrawn");
  if (!isMemberEditable(row.status)) throw conflict(REQUEST_CHANGE_MESSAGES.locked, "locked");
  return row;
}

type Change = { field: EditableField; from: string | number | null; to: string | number | null };

/** What the changes alter, field by field (a value set to what it already is is no change). */
function changesOf(row: RequestRow, input: RequestChanges): Change[] {
  const changes: Change[] = [];
  if (input.budget_eur !== undefined && input.budget_eur !== row.budgetEur) {
    changes.push({ field: "budget", from: row.budgetEur, to: input.budget_eur });
  }
  if (input.urgency !== undefined && input.urgency !== row.urgency) {
    changes.push({ field: "urgency", from: row.urgency, to: input.urgency });
  }
  if (input.notes !== undefined && input.notes !== row.notes) {
    changes.push({ field: "notes", from: row.notes, to: input.notes });
  }
  if (input.deadline !== undefined && input.deadline !== row.deadline) {
    changes.push({ field: "deadline", from: row.deadline, to: input.deadline });
  }
  return changes;
}

const FIELD_NAMES: Record<EditableField, Keyed> = {
  budget: T.budget,
  notes: T.notes,
  urgency: T.urgency,
  deadline: T.deadline,
};

/** A change as a line of the notice, in the reader's language. */
function describeChange(change: Change, { t, euro, date }: NoticeReader): string {
  const value = (v: string | number | null) => {
    if (v === null || v === "") return t(T.none);
    if (change.field === "budget") return euro(Number(v));
    if (change.field === "urgency") return t(URGENCY_LABELS[v as Urgency]);
    if (change.field === "deadline") return date(String(v), "long");
    return String(v);
  };
  if (change.field === "notes") return t(T.notesUpdated);
  return t(T.changedField, { field: t(FIELD_NAMES[change.field]), from: value(change.from), to: value(change.to) });
}

/** The member changes their request; answers the fields that changed (none: nothing is written). */
export async function changeRequest(ctx: RequestsContext, viewer: Viewer, id: string, input: RequestChanges) {
  return ctx.write(async (tx, out) => {
    const row = await ownRequestForChange(tx, viewer, id);
    const changes = changesOf(row, input);
    if (!changes.length) return { changed: [] as EditableField[] };
    await tx
      .update(requests)
      .set({
        budgetEur: input.budget_eur ?? row.budgetEur,
        urgency: input.urgency ?? row.urgency,
        notes: input.notes ?? row.notes,
        deadline: input.deadline === undefined ? row.deadline : input.deadline,
      })
      .where(eq(requests.id, id));
    for (const change of changes) {
      await logActivity(tx, out, {
        requestId: id,
        actorUserId: viewer.userId,
        action: "request_changed",
        details: change,
      });
    }
    const name = viewer.profile?.name ?? viewer.name;
    await out.notify(
      teamNotice({
        type: "request_changed",
        requestId: id,
        texts: (reader) => {
          const { t } = reader;
          const lines = changes.map((change) => describeChange(change, reader));
          return {
            title: t(T.changedTitle, { title: row.title }),
            body: `${name} · ${lines.join(" · ")}`,
            heading: t(T.changedHeading),
            paragraphs: [t(T.changedText, { name, email: viewer.email, title: row.title }), ...lines],
          };
        },
      }),
    );
    out.publish(toMemberAndStaff("requests", row.userId));
    return { changed: changes.map((c) => c.field) };
  });
}

/** The member withdraws their request: Withdrawn, kept with its history; staff told. */
export async function withdrawRequest(ctx: RequestsContext, viewer: Viewer, id: string) {
  return ctx.write(async (tx, out) => {
    const row = await ownRequestForChange(tx, viewer, id);
    await tx.update(requests).set({ status: "Withdrawn" }).where(eq(requests.id, id));
    await logActivity(tx, out, {
      requestId: id,
      actorUserId: viewer.userId,
      action: "status_changed",
      details: { from: row.status, to: "Withdrawn" },
    });
    const name = viewer.profile?.name ?? viewer.name;
    await out.notify(
      teamNotice({
        type: "request_withdrawn",
        requestId: id,
        texts: ({ t }) => {
          const facts = { name, email: viewer.email, title: row.title, status: t(STATUS_LABELS[row.status]) };
          return {
            title: t(T.withdrawnTitle, facts),
            body: t(T.withdrawnBody, facts),
            heading: t(T.withdrawnHeading),
            paragraphs: [t(T.withdrawnText, facts)],
          };
        },
      }),
    );
    out.publish(toMemberAndStaff("requests", row.userId));
    return { id, status: "Withdrawn" as const };
  });
}
