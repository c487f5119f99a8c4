/**
 * A quote's files: the photos of a quote's options and of the handover (JPEG, PNG, WebP, or a PDF), uploaded by
 * staff through the shared upload path (storage/uploads.ts: spooled, refused whole, typed from the bytes) and
 * served only to those who may see them: staff, and the member once a sent quote or the delivery shows them
 * (a draft's photos stay the team's).
 */
import { randomUUID } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { and, eq, ne, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { ERRORS } from "@/shared/messages";
import { authorize, FILE_NOT_FOUND } from "../../auth/policies";
import type { Viewer } from "../../auth/viewer";
import { deliveries, quoteFiles, quoteOptions, quotes } from "../../db/schema";
import { HttpError, notFound } from "../../http/errors";
import { isStorageUnavailable } from "../../storage";
import { cleanFileName, nameForType } from "../../storage/file-names";
import { receiveUpload, sniffedType } from "../../storage/uploads";
import { type QuotesContext, quotedRequest } from "./common";

export const QUOTE_FILE_TYPES = ["image/jpeg", "image/png", "image/webp", "application/pdf"] as const;
export const QUOTE_FILE_REFUSED = ERRORS.quoteFileRefused;
export { FILE_NOT_FOUND };

/** Staff: one uploaded file, kept for the request's quote. */
export async function uploadQuoteFile(ctx: QuotesContext, staff: Viewer, requestId: string, request: FastifyRequest) {
  await quotedRequest(ctx, ctx.db, requestId);
  await mkdir(ctx.storage.spoolDir, { recursive: true, mode: 0o700 });
  const spooled = path.join(ctx.storage.spoolDir, randomUUID());
  try {
    const file = await receiveUpload(request, spooled, ctx.config);
    const type = await sniffedType(spooled, QUOTE_FILE_TYPES);
    if (!type) throw new HttpError(415, QUOTE_FILE_REFUSED, "type_refused");
    const name = nameForType(cleanFileName(file.name), type);
    const key = `quote-files/${requestId}/${randomUUID()}`;
    await ctx.storage.putFile(key, spooled, type);
    try {
      return await ctx.write(async (tx) => {
        // The request may have gone while the file was read.
        await quotedRequest(ctx, tx, requestId, { lock: true });
        const [row] = await tx
          .insert(quoteFiles)
          .values({ requestId, storageKey: key, name, type, size: file.size, uploadedBy: staff.userId })
          .returning({ id: quoteFiles.id, name: quoteFiles.name, type: quoteFiles.type, size: quoteFiles.size });
        return row;
      });
    } catch (error) {
      await ctx.storage.delete(key).catch(() => {});
      throw error;
    }
  } finally {
    await rm(spooled, { force: true });
  }
}

/** Whether a sent quote or the delivery shows the file to the member (a draft's photos stay the team's). */
async function shownToMember(ctx: QuotesContext, requestId: string, fileId: string): Promise<boolean> {
  const shown = sql`${JSON.stringify([fileId])}::jsonb`;
  const [inQuote] = await ctx.db
    .select({ id: quoteOptions.id })
    .from(quoteOptions)
    .innerJoin(quotes, eq(quotes.id, quoteOptions.quoteId))
    .where(and(eq(quotes.requestId, requestId), ne(quotes.status, "draft"), sql`${quoteOptions.photoIds} @> ${shown}`))
    .limit(1);
  if (inQuote) return true;
  const [inDelivery] = await ctx.db
    .select({ id: deliveries.requestId })
    .from(deliveries)
    .where(and(eq(deliveries.requestId, requestId), sql`${deliveries.photoIds} @> ${shown}`));
  return Boolean(inDelivery);
}

/** The file's stream and its headers' facts, if the viewer may see it (`request:read`, then `quote-file:read`). */
export async function openQuoteFile(ctx: QuotesContext, viewer: Viewer, requestId: string, fileId: string) {
  authorize("request:read", viewer, await ctx.domains.requests.forQuotes(ctx.db, requestId));
  const [row] = await ctx.db
    .select()
    .from(quoteFiles)
    .where(and(eq(quoteFiles.id, fileId), eq(quoteFiles.requestId, requestId)));
  const file = authorize(
    "quote-file:read",
    viewer,
    row && { ...row, shownToMember: await shownToMember(ctx, requestId, fileId) },
  );
  const stream = await ctx.storage.get(file.storageKey).catch((error) => {
    throw isStorageUnavailable(error) ? error : notFound(FILE_NOT_FOUND);
  });
  return { stream, name: file.name, type: file.type };
}
