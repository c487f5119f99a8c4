/**
 * A request's one attachment: the upload is read to its end into a private spool file, its type is then read
 * from its bytes (never its name), and only a whole, well-formed, non-empty upload of an accepted type reaches
 * storage and the request's row. Anything else is refused at once and leaves nothing behind: no spool file, no
 * open descriptor, no stored object, no row or activity change. Served back only to those who may see the request.
 */
import { randomUUID } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { ERRORS, MESSAGE_FILE_TEXTS } from "@/shared/contracts/common-texts";
import { REQUEST_CHANGE_MESSAGES, REQUEST_ERRORS } from "@/shared/contracts/requests-texts";
import { MESSAGE_FILE_TYPES } from "@/shared/message-files";
import type { Viewer } from "../../auth/viewer";
import type { AppContext } from "../../context";
import { requests } from "../../db/schema";
import { conflict, HttpError, notFound } from "../../http/errors";
import { isStorageUnavailable } from "../../storage";
import { cleanFileName, nameForType } from "../../storage/file-names";
import { receiveUpload, sniffedType } from "../../storage/uploads";
import { logActivity, visibleRequest } from "./service";

export { tooLarge } from "../../storage/uploads";

/**
 * What may be attached: the types a conversation's files may be (JPEG, PNG and WebP images, PDF), as recognised
 * from the file's first bytes, refused in the same words (issue 34 item 10: one rule for images everywhere; HEIC,
 * which most browsers cannot show, is refused, and iPhones' Safari sends JPEG when HEIC is not asked for).
 */
export const ATTACHMENT_TYPES = MESSAGE_FILE_TYPES;

type AttachmentContext = Pick<AppContext, "db" | "storage" | "config" | "write">;

/** The request, if the viewer may attach a file to it: only its member (`request:attach:own`). */
export async function attachableRequest(ctx: AttachmentContext, viewer: Viewer, requestId: string) {
  const row = await visibleRequest(ctx.db, viewer, requestId, "request:attach:own");
  if (row.status === "Withdrawn") throw conflict(REQUEST_CHANGE_MESSAGES.withdrawn, "withdrawn");
  return row;
}

/** Stores the request's upload as its attachment (replacing an earlier one). */
export async function saveAttachment(
  ctx: AttachmentContext,
  row: Awaited<ReturnType<typeof attachableRequest>>,
  request: FastifyRequest,
) {
  await mkdir(ctx.storage.spoolDir, { recursive: true, mode: 0o700 });
  const spooled = path.join(ctx.storage.spoolDir, randomUUID());
  try {
    const file = await receiveUpload(request, spooled, ctx.config);
    const type = await sniffedType(spooled, ATTACHMENT_TYPES);
    if (!type) throw new HttpError(415, MESSAGE_FILE_TEXTS.typeRefused, "type_refused");
    const name = nameForType(cleanFileName(file.name), type);
    const key = `requests/${row.id}/${randomUUID()}`;
    await ctx.storage.putFile(key, spooled, type);
    let previous: { fileUrl: string | null; fileName: string | null };
    try {
      previous = await ctx.write(async (tx, out) => {
        // The row as it is now (locked), not as it was read before the upload: a concurrent upload or deletion.
        const [current] = await tx
          .select({ fileUrl: requests.fileUrl, fileName: requests.fileName })
          .from(requests)
          .where(eq(requests.id, row.id))
          .for("update");
        if (!current) throw notFound(ERRORS.requestNotFound);
        await tx
          .update(requests)
          .set({ fileUrl: key, fileName: name, fileType: type, fileSize: file.size })
          .where(eq(requests.id, row.id));
        await logActivity(tx, out, {
          requestId: row.id,
          actorUserId: row.userId,
          action: current.fileUrl ? "attachment_replaced" : "attachment_added",
          details: current.fileName ? { name, previous: current.fileName } : { name },
        });
        return current;
      });
    } catch (error) {
      await ctx.storage.delete(key).catch(() => {});
      throw error;
    }
    if (previous.fileUrl) await ctx.storage.delete(previous.fileUrl).catch(() => {});
    return { name, type, size: file.size };
  } finally {
    await rm(spooled, { force: true });
  }
}

/** The attachment's stream and what the download headers say about it. */
export async function openAttachment(ctx: AttachmentContext, viewer: Viewer, requestId: string) {
  const row = await visibleRequest(ctx.db, viewer, requestId);
  if (!row.fileUrl) throw notFound(REQUEST_ERRORS.noAttachment);
  const stream = await ctx.storage.get(row.fileUrl).catch((error) => {
    throw isStorageUnavailable(error) ? error : notFound(REQUEST_ERRORS.noAttachment);
  });
  // Names stored before they followed the type are given its extension here too.
  const name = nameForType(row.fileName ?? "attachment", row.fileType);
  return { stream, name, type: row.fileType ?? "application/octet-stream" };
}
