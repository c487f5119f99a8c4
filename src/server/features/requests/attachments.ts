/**
 * A request's one attachment: the upload is read to its end into a private spool file, its type is then read
 * from its bytes (never its name), and only a whole, well-formed, non-empty upload of an accepted type reaches
 * storage and the request's row. Anything else is refused at once and leaves nothing behind: no spool file, no
 * open descriptor, no stored object, no row or activity change. Served back only to those who may see the request.
 */
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { fileTypeFromFile } from "file-type/node";
import type { Viewer } from "../../auth/viewer";
import type { AppContext } from "../../context";
import { requests } from "../../db/schema";
import { badRequest, forbidden, HttpError, notFound } from "../../http/errors";
import { cleanFileName, nameForType } from "./file-names";
import { logActivity, REQUEST_NOT_FOUND, visibleRequest } from "./service";

/** What may be attached: images and PDF, as recognised from the file's first bytes. */
export const ATTACHMENT_TYPES = ["image/jpeg", "image/png", "image/webp", "image/heic", "application/pdf"] as const;
export const TYPE_REFUSED = "Only images (JPEG, PNG, WebP, HEIC) and PDF files can be attached.";
export const NO_ATTACHMENT = "This request has no attachment.";
export const NOT_YOUR_REQUEST = "Only the member who made this request can attach a file to it.";
export const NO_FILE = "Please choose a file to attach.";
export const EMPTY_FILE = "The file is empty. Please choose another file.";
export const ONE_FILE = "Please attach one file at a time.";
export const UPLOAD_BROKEN = "The upload was cut short or malformed. Please try again.";
export const tooLarge = (maxMb: number) => `The file is too large. The limit is ${maxMb} MB.`;

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route reads a multipart upload (the malformed-input test sends it broken ones). */
    upload?: boolean;
  }
}

type AttachmentContext = Pick<AppContext, "db" | "storage" | "config" | "write">;

/** The request, if the viewer may attach a file to it: only its member. */
export async function attachableRequest(ctx: AttachmentContext, viewer: Viewer, requestId: string) {
  const row = await visibleRequest(ctx.db, viewer, requestId);
  if (row.userId !== viewer.userId) throw forbidden(NOT_YOUR_REQUEST, "not_yours");
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
    const file = await receiveUpload(ctx, request, spooled);
    const type = (await fileTypeFromFile(spooled))?.mime;
    if (!type || !(ATTACHMENT_TYPES as readonly string[]).includes(type)) {
      throw new HttpError(415, TYPE_REFUSED, "type_refused");
    }
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
        if (!current) throw notFound(REQUEST_NOT_FOUND);
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

/**
 * Reads the multipart body to its end, its one file part into `spooled`. Refuses (4xx) an empty, oversize or
 * second file, a body that is not multipart, is malformed or is cut short, and drops a client that stops
 * sending for UPLOAD_IDLE_SECONDS. The parts are read here, with Node's own stream plumbing: the file stream of
 * an empty part has already ended when it is handed over and never emits 'readable', on which the detection
 * stream of file-type (fileTypeStream) waited for ever.
 */
async function receiveUpload(ctx: AttachmentContext, request: FastifyRequest, spooled: string) {
  const idle = dropWhenIdle(request, ctx.config.UPLOAD_IDLE_SECONDS * 1000);
  let spoolFailure: unknown;
  try {
    // A client gone before its body was read: no parser would ever see the body end.
    if (request.raw.destroyed) throw new HttpError(400, UPLOAD_BROKEN, "upload_broken");
    let received: { name: string; size: number } | undefined;
    for await (const part of request.parts()) {
      // Only one file part is ever handed over (a second one is the files-limit error); fields are ignored.
      if (part.type !== "file") continue;
      const out = createWriteStream(spooled, { mode: 0o600, flags: "wx" });
      out.once("error", (error: NodeJS.ErrnoException) => {
        // The disk's own failures carry the system call; an upload cut short reaches here as the parser's error.
        if (error.syscall) spoolFailure = error;
      });
      await pipeline(part.file, out);
      if (part.file.truncated) throw new HttpError(413, tooLarge(ctx.config.UPLOAD_MAX_MB), "too_large");
      if (out.bytesWritten === 0) throw badRequest(EMPTY_FILE, "empty_file");
      received = { name: part.filename, size: out.bytesWritten };
    }
    if (!received) throw badRequest(NO_FILE, "no_file");
    return received;
  } catch (error) {
    // A failing spool disk is ours (5xx); everything else here is the upload's doing.
    const refusal = spoolFailure ? error : uploadRefusal(error, ctx.config.UPLOAD_MAX_MB);
    // Refused before its body has all arrived: close the connection rather than wait for (or read) the rest.
    if (refusal instanceof HttpError && request.raw.complete === false) {
      throw new HttpError(refusal.statusCode, refusal.message, refusal.code, {
        ...refusal.headers,
        connection: "close",
      });
    }
    throw refusal;
  } finally {
    idle.stop();
  }
}

/** The answer to an error met while reading an upload. */
function uploadRefusal(error: unknown, maxMb: number): unknown {
  if (error instanceof HttpError) return error;
  switch ((error as { code?: unknown }).code) {
    case "FST_REQ_FILE_TOO_LARGE":
      return new HttpError(413, tooLarge(maxMb), "too_large");
    case "FST_FILES_LIMIT":
      return badRequest(ONE_FILE, "one_file");
    case "FST_INVALID_MULTIPART_CONTENT_TYPE":
      return badRequest(NO_FILE, "no_file");
    default:
      // The parser's (a malformed or truncated body, too many parts or fields) or the connection's (closed).
      return badRequest(UPLOAD_BROKEN, "upload_broken");
  }
}

/**
 * Drops the connection of an upload that sends nothing for `ms` (the server itself sets no request timeout),
 * which ends the reading with an error and so frees the spool file. Off again once the body has been read.
 */
function dropWhenIdle(request: FastifyRequest, ms: number) {
  const socket = request.raw.socket as typeof request.raw.socket | undefined;
  // Injected requests (tests) have no real socket.
  if (typeof socket?.setTimeout !== "function") return { stop() {} };
  const drop = () => socket.destroy();
  const previous = socket.timeout ?? 0;
  socket.setTimeout(ms);
  socket.on("timeout", drop);
  return {
    stop() {
      socket.off("timeout", drop);
      socket.setTimeout(previous);
    },
  };
}

/** The attachment's stream and what the download headers say about it. */
export async function openAttachment(ctx: AttachmentContext, viewer: Viewer, requestId: string) {
  const row = await visibleRequest(ctx.db, viewer, requestId);
  if (!row.fileUrl) throw notFound(NO_ATTACHMENT);
  const stream = await ctx.storage.get(row.fileUrl).catch(() => {
    throw notFound(NO_ATTACHMENT);
  });
  // Names stored before they followed the type are given its extension here too.
  const name = nameForType(row.fileName ?? "attachment", row.fileType);
  return { stream, name, type: row.fileType ?? "application/octet-stream" };
}

/** Content-Disposition for a download: an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
