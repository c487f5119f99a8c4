/** Reads one-time links out of the outbox, as the recipient would read them in their mail. */
import { and, desc, sql } from "drizzle-orm";
import { outbox } from "../../src/server/db/schema";
import type { TestContext } from "./app";

async function linkToken(ctx: TestContext, email: string, reason: string): Promise<string> {
  const [row] = await ctx.database.db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(and(sql`${outbox.payload}->>'to' = ${email}`, sql`${outbox.payload}->>'reason' = ${reason}`))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  const match = String(row?.payload.text ?? "").match(/[?&]token=([^\s&]+)/);
  if (!match) throw new Error(`no ${reason} link for ${email}`);
  return decodeURIComponent(match[1]);
}

export const verificationToken = (ctx: TestContext, email: string) => linkToken(ctx, email, "email_verification");
export const resetToken = (ctx: TestContext, email: string) => linkToken(ctx, email, "password_reset");

/** The outbox's messages of one reason whose text holds `text`. */
export async function outboxMails(ctx: TestContext, reason: string, text: string) {
  const rows = await ctx.database.db.select().from(outbox).where(sql`${outbox.payload}->>'reason' = ${reason}`);
  return rows.filter((m) => String(m.payload.text).includes(text));
}
