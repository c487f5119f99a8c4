/**
 * Sales inquiries: a member writes (open), staff reply (responded, with the replying admin; the member is
 * emailed) and close (closed; once). Each change publishes its realtime topic in the same transaction.
 */
import { desc, eq } from "drizzle-orm";
import type { Served } from "@/shared/contracts/common";
import { excerpt } from "@/shared/contracts/notifications";
import type { inquiryListSchema, staffInquiryListSchema } from "@/shared/contracts/sales";
import { SALES_ERRORS } from "@/shared/contracts/sales-texts";
import type { Viewer } from "../../auth/viewer";
import type { AppContext } from "../../context";
import type { Queryable } from "../../db";
import { displayName } from "../../db/people";
import { profiles, salesInquiries, users } from "../../db/schema";
import { conflict, notFound } from "../../http/errors";
import { MAIL_TEXTS } from "../../mail/texts";
import { limitMemberMessages } from "../../rate-limit";
import { toMemberAndStaff } from "../../realtime/events";
import { SALES_TEXTS } from "./texts";

export type SalesContext = Pick<AppContext, "db" | "config" | "mailEnabled" | "limiter" | "write">;

/** The member's inquiries changed: they and the team refetch them. */
const changed = (memberId: string) => toMemberAndStaff("sales", memberId);

const fields = {
  id: salesInquiries.id,
  subject: salesInquiries.subject,
  message: salesInquiries.message,
  status: salesInquiries.status,
  adminReply: salesInquiries.adminReply,
  createdAt: salesInquiries.createdAt,
};

export async function createInquiry(ctx: SalesContext, viewer: Viewer, input: { subject: string; message: string }) {
  await limitMemberMessages(ctx.limiter, viewer.userId);
  return ctx.write(async (tx, out) => {
    const [row] = await tx
      .insert(salesInquiries)
      .values({ userId: viewer.userId, subject: input.subject, message: input.message })
      .returning({ id: salesInquiries.id });
    out.publish(changed(viewer.userId));
    return { id: row.id };
  });
}

export async function ownInquiries(ctx: SalesContext, viewer: Viewer): Promise<Served<typeof inquiryListSchema>> {
  const items = await ctx.db
    .select(fields)
    .from(salesInquiries)
    .where(eq(salesInquiries.userId, viewer.userId))
    .orderBy(desc(salesInquiries.createdAt));
  return { items };
}

export async function allInquiries(ctx: SalesContext): Promise<Served<typeof staffInquiryListSchema>> {
  const rows = await ctx.db
    .select({ ...fields, memberName: displayName(), memberEmail: users.email })
    .from(salesInquiries)
    .innerJoin(users, eq(users.id, salesInquiries.userId))
    .leftJoin(profiles, eq(profiles.id, salesInquiries.userId))
    .orderBy(desc(salesInquiries.createdAt));
  return {
    items: rows.map(({ memberName, memberEmail, ...row }) => ({
      ...row,
      member: { name: memberName, email: memberEmail },
    })),
  };
}

async function lockedInquiry(tx: Queryable, id: string) {
  const [row] = await tx.select().from(salesInquiries).where(eq(salesInquiries.id, id)).for("update");
  if (!row) throw notFound(SALES_ERRORS.inquiryNotFound);
  return row;
}

export async function reply(ctx: SalesContext, staff: Viewer, id: string, text: string) {
  return ctx.write(async (tx, out) => {
    const row = await lockedInquiry(tx, id);
    if (row.status === "closed") throw conflict(SALES_ERRORS.inquiryClosed, "closed");
    await tx
      .update(salesInquiries)
      .set({ adminReply: text, adminId: staff.userId, status: "responded", updatedAt: new Date() })
      .where(eq(salesInquiries.id, id));
    const [member] = await tx
      .select({ name: displayName() })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(eq(users.id, row.userId));
    await out.notify({
      type: "message_received",
      to: row.userId,
      link: "/sales-contact",
      texts: ({ t }) => ({
        title: t(SALES_TEXTS.replyTitle, { subject: row.subject }),
        body: excerpt(text),
        email: {
          reason: "sales_reply",
          subject: t(SALES_TEXTS.replySubject, { subject: row.subject }),
          heading: t(SALES_TEXTS.replyHeading),
          paragraphs: [
            member?.name ? t(MAIL_TEXTS.dear, { name: member.name }) : t(SALES_TEXTS.dearMember),
            t(SALES_TEXTS.about, { subject: row.subject }),
          ],
          quote: text,
          actionLabel: t(SALES_TEXTS.seeInquiries),
        },
      }),
    });
    out.publish(changed(row.userId));
    return { id, status: "responded" as const };
  });
}

export async function close(ctx: SalesContext, id: string) {
  return ctx.write(async (tx, out) => {
    const row = await lockedInquiry(tx, id);
    if (row.status === "closed") throw conflict(SALES_ERRORS.inquiryClosed, "closed");
    await tx.update(salesInquiries).set({ status: "closed", updatedAt: new Date() }).where(eq(salesInquiries.id, id));
    out.publish(changed(row.userId));
    return { id, status: "closed" as const };
  });
}
