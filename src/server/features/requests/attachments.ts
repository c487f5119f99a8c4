/**
 * A request's one attachment: streamed from the upload to a private spool file while its type is read from its
 * bytes (never its name), then handed to storage; served back only to those who may see the request.
 */
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { MultipartFile } from "@fastify/multipart";
import { eq } from "drizzle-orm";
import { fileTypeStream } from "file-type/node";
import type { Viewer } from "../../auth/viewer";
import type { AppContext } from "../../context";
import { requests } from "../../db/schema";
import { forbidden, HttpError, notFound } from "../../http/errors";
import { logActivity, visibleRequest } from "./service";

/** What may be attached: images and PDF, as recognised from the file's first bytes. */
export const ATTACHMENT_TYPES = ["image/jpeg", "image/png", "image/webp", "image/heic", "application/pdf"] as const;
export const TYPE_REFUSED = "Only images (JPEG, PNG, WebP, HEIC) and PDF files can be attached.";
export const NO_ATTACHMENT = "This request has no attachment.";
export const NOT_YOUR_REQUEST = "Only the member who made this request can attach a file to it.";
export const tooLarge = (maxMb: number) => `The file is too large. The limit is ${maxMb} MB.`;

type AttachmentContext = Pick<AppContext, "db" | "storage" | "config">;

/** A file name safe to store and to send back in a header: no path, no control characters, bounded. */
export function cleanFileName(name: string): string {
  const base = path.basename(name.replace(/\\/g, "/"));
  let clean = "";
  for (const char of base) if (char.charCodeAt(0) >= 32 && char.charCodeAt(0) !== 127) clean += char;
  return clean.trim().slice(0, 200) || "attachment";
}

/** The request, if the viewer may attach a file to it: only its member. */
export async function attachableRequest(ctx: AttachmentContext, viewer: Viewer, requestId: string) {
  const row = await visibleRequest(ctx.db, viewer, requestId);
  if (row.userId !== viewer.userId) throw forbidden(NOT_YOUR_REQUEST, "not_yours");
  return row;
}

/** Stores the uploaded file as the request's attachment (replacing an earlier one). */
export async function saveAttachment(
  ctx: AttachmentContext,
  row: Awaited<ReturnType<typeof attachableRequest>>,
  file: MultipartFile,
) {
  const requestId = row.id;
  await mkdir(ctx.storage.spoolDir, { recursive: true, mode: 0o700 });
  const spooled = path.join(ctx.storage.spoolDir, randomUUID());
  try {
    const typed = await fileTypeStream(file.file);
    const sized = { bytes: 0 };
    typed.on("data", (chunk: Buffer) => {
      sized.bytes += chunk.length;
    });
    await pipeline(typed, createWriteStream(spooled, { mode: 0o600 }));
    if (file.file.truncated) throw new HttpError(413, tooLarge(ctx.config.UPLOAD_MAX_MB), "too_large");
    const type = typed.fileType?.mime;
    if (!type || !(ATTACHMENT_TYPES as readonly string[]).includes(type)) {
      throw new HttpError(415, TYPE_REFUSED, "type_refused");
    }
    const key = `requests/${requestId}/${randomUUID()}`;
    await ctx.storage.putFile(key, spooled, type);
    const name = cleanFileName(file.filename);
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(requests)
        .set({ fileUrl: key, fileName: name, fileType: type, fileSize: sized.bytes })
        .where(eq(requests.id, requestId));
      await logActivity(tx, {
        requestId,
        actorUserId: row.userId,
        action: row.fileUrl ? "attachment_replaced" : "attachment_added",
        details: row.fileName ? { name, previous: row.fileName } : { name },
      });
    });
    if (row.fileUrl) await ctx.storage.delete(row.fileUrl).catch(() => {});
    return { name, type, size: sized.bytes };
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      throw new HttpError(413, tooLarge(ctx.config.UPLOAD_MAX_MB), "too_large");
    }
    throw error;
  } finally {
    await rm(spooled, { force: true });
  }
}

/** The attachment's stream and what the download headers say about it. */
export async function openAttachment(ctx: AttachmentContext, viewer: Viewer, requestId: string) {
  const row = await visibleRequest(ctx.db, viewer, requestId);
  if (!row.fileUrl) throw notFound(NO_ATTACHMENT);
  const stream = await ctx.storage.get(row.fileUrl).catch(() => {
    throw notFound(NO_ATTACHMENT);
  });
  return { stream, name: row.fileName ?? "attachment", type: row.fileType ?? "application/octet-stream" };
}

/** Content-Disposition for a download: an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
