/**
 * Files in conversations (issue 22 item 6), the part the requests and concierge domains share; each calls it
 * with its own `domain` and so reads and writes only its own rows of message_files. A file is uploaded first
 * through the shared upload path (uploads.ts: spooled, refused whole, typed from its bytes), kept pending as
 * its uploader's, and claimed by one message of the same thread in the message's transaction; a pending file
 * is dropped after MESSAGE_FILE_PENDING_HOURS. Served only through routes that checked the thread.
 */
import { randomUUID } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { and, asc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Served } from "@/shared/contracts/common";
import { MESSAGE_FILE_TEXTS } from "@/shared/contracts/common-texts";
import { MESSAGE_FILE_PENDING_HOURS, MESSAGE_FILE_TYPES, type messageFileSchema } from "@/shared/message-files";
import type { Config } from "../config";
import type { Database, Queryable } from "../db";
import { FOREIGN_KEY_VIOLATION, sqlState } from "../db/errors";
import { messageFiles } from "../db/schema";
import type { Write } from "../db/write";
import { badRequest, HttpError, notFound } from "../http/errors";
import { limitMessageFiles, type RateLimiter } from "../rate-limit";
import { cleanFileName, nameForType } from "./file-names";
import { isStorageUnavailable, type Storage } from "./index";
import { receiveUpload, sniffedType } from "./uploads";

export type FilesContext = { db: Database; storage: Storage; config: Config; write: Write; limiter: RateLimiter };
type MessageFile = Served<typeof messageFileSchema>;

/** The thread a file belongs to: a request's, or a member's concierge chat. */
export type FileThread = { domain: "requests"; requestId: string } | { domain: "concierge"; memberId: string };

const threadColumns = (thread: FileThread) =>
  thread.domain === "requests"
    ? { domain: thread.domain, requestId: thread.requestId }
    : { domain: thread.domain, conciergeMemberId: thread.memberId };

const inThread = (thread: FileThread) =>
  thread.domain === "requests"
    ? and(eq(messageFiles.domain, "requests"), eq(messageFiles.requestId, thread.requestId))
    : and(eq(messageFiles.domain, "concierge"), eq(messageFiles.conciergeMemberId, thread.memberId));

const pending = and(isNull(messageFiles.messageId), isNull(messageFiles.conciergeMessageId));
const fresh = sql`${messageFiles.createdAt} > now() - make_interval(hours => ${MESSAGE_FILE_PENDING_HOURS})`;
const columns = { id: messageFiles.id, name: messageFiles.name, type: messageFiles.type, size: messageFiles.size };

/**
 * One uploaded file, kept pending as the uploader's. `stillThere` re-checks the thread in the transaction (it
 * may have gone while the file was read). The domain's expired pending files are dropped on the way.
 */
export async function uploadMessageFile(
  ctx: FilesContext,
  request: FastifyRequest,
  thread: FileThread,
  uploaderId: string,
  stillThere: (tx: Queryable) => Promise<void> = async () => {},
): Promise<MessageFile> {
  await limitMessageFiles(ctx.limiter, uploaderId);
  await mkdir(ctx.storage.spoolDir, { recursive: true, mode: 0o700 });
  const spooled = path.join(ctx.storage.spoolDir, randomUUID());
  try {
    const file = await receiveUpload(request, spooled, ctx.config);
    const type = await sniffedType(spooled, MESSAGE_FILE_TYPES);
    if (!type) throw new HttpError(415, MESSAGE_FILE_TEXTS.typeRefused, "type_refused");
    const name = nameForType(cleanFileName(file.name), type);
    const key = `messages/${thread.domain}/${randomUUID()}`;
    await ctx.storage.putFile(key, spooled, type);
    let row: MessageFile;
    try {
      row = await ctx.write(async (tx) => {
        await stillThere(tx);
        const [inserted] = await tx
          .insert(messageFiles)
          .values({ ...threadColumns(thread), uploadedBy: uploaderId, storageKey: key, name, type, size: file.size })
          .returning(columns);
        return inserted;
      });
    } catch (error) {
      await ctx.storage.delete(key).catch(() => {});
      // The thread's request or member was deleted while the file was read.
      if (sqlState(error) === FOREIGN_KEY_VIOLATION) throw notFound(MESSAGE_FILE_TEXTS.notFound);
      throw error;
    }
    await dropExpired(ctx, thread.domain).catch(() => {});
    return row;
  } finally {
    await rm(spooled, { force: true });
  }
}

/** The domain's pending files older than MESSAGE_FILE_PENDING_HOURS: rows, then their stored objects. */
export async function dropExpired(ctx: Pick<FilesContext, "db" | "storage">, domain: FileThread["domain"]) {
  const gone = await ctx.db
    .delete(messageFiles)
    .where(
      and(
        eq(messageFiles.domain, domain),
        pending,
        lt(messageFiles.createdAt, sql`now() - make_interval(hours => ${MESSAGE_FILE_PENDING_HOURS})`),
      ),
    )
    .returning({ key: messageFiles.storageKey });
  for (const { key } of gone) await ctx.storage.delete(key).catch(() => {});
  return gone.length;
}

/**
 * In a message's transaction: the files `ids` now belong to the message. Each must be pending, fresh, in this
 * thread and uploaded by the sender; otherwise 400 and (the transaction failing) nothing changes.
 */
export async function claimMessageFiles(
  tx: Queryable,
  thread: FileThread,
  ids: string[],
  uploaderId: string,
  messageId: string,
) {
  if (ids.length === 0) return;
  const claimed = await tx
    .update(messageFiles)
    .set(thread.domain === "requests" ? { messageId } : { conciergeMessageId: messageId })
    .where(
      and(inArray(messageFiles.id, ids), inThread(thread), eq(messageFiles.uploadedBy, uploaderId), pending, fresh),
    )
    .returning({ id: messageFiles.id });
  if (claimed.length !== ids.length) throw badRequest(MESSAGE_FILE_TEXTS.notYours, "file_refused");
}

/** The files of a thread's messages, by message id, in upload order. */
export async function filesOfMessages(db: Queryable, thread: FileThread): Promise<Map<string, MessageFile[]>> {
  const message = thread.domain === "requests" ? messageFiles.messageId : messageFiles.conciergeMessageId;
  const rows = await db
    .select({ ...columns, messageId: message })
    .from(messageFiles)
    .where(and(inThread(thread), sql`${message} is not null`))
    .orderBy(asc(messageFiles.createdAt), asc(messageFiles.id));
  const byMessage = new Map<string, MessageFile[]>();
  for (const { messageId, ...file } of rows) {
    if (!messageId) continue;
    byMessage.set(messageId, [...(byMessage.get(messageId) ?? []), file]);
  }
  return byMessage;
}

/** A sent file of the thread (the caller checked the viewer may see the thread): its stream and headers' facts. */
export async function openMessageFile(ctx: Pick<FilesContext, "db" | "storage">, thread: FileThread, fileId: string) {
  const [file] = await ctx.db
    .select({ storageKey: messageFiles.storageKey, name: messageFiles.name, type: messageFiles.type })
    .from(messageFiles)
    .where(and(eq(messageFiles.id, fileId), inThread(thread), sql`not (${pending})`));
  if (!file) throw notFound(MESSAGE_FILE_TEXTS.notFound);
  const stream = await ctx.storage.get(file.storageKey).catch((error) => {
    throw isStorageUnavailable(error) ? error : notFound(MESSAGE_FILE_TEXTS.notFound);
  });
  return { stream, name: file.name, type: file.type };
}

/** The storage keys of every file of a thread (sent or pending): what to remove once the thread is deleted. */
export async function storedMessageFiles(db: Queryable, thread: FileThread): Promise<string[]> {
  const rows = await db.select({ key: messageFiles.storageKey }).from(messageFiles).where(inThread(thread));
  return rows.map((r) => r.key);
}
