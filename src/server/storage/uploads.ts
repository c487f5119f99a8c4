/**
 * Uploads, shared by every domain that takes files (a request's attachment, a quote's photos): the multipart body
 * is read to its end into a private spool file, refused at once when empty, oversize, a second file, cut short
 * or malformed, and its type is then read from its bytes (never its name).
 */
import { createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import type { FastifyRequest } from "fastify";
import { ERROR_TEXTS, ERRORS } from "@/shared/contracts/common-texts";
import { fill, withValues } from "@/shared/texts";
import type { Config } from "../config";
import { badRequest, HttpError } from "../http/errors";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route reads a multipart upload (the malformed-input test sends it broken ones). */
    upload?: boolean;
  }
}

/** The refusal of a file over the limit: its keyed text, and its English. */
export const tooLargeText = (maxMb: number) => withValues(ERROR_TEXTS.fileTooLarge, { limit: maxMb });
export const tooLarge = (maxMb: number) => fill(ERROR_TEXTS.fileTooLarge.message, { limit: maxMb });

/** The MIME type read from a spooled file's first bytes, if it is one of `accepted`; null otherwise. */
export async function sniffedType(spooled: string, accepted: readonly string[]): Promise<string | null> {
  // Loaded with the first upload, not at start (decision 044).
  const { fileTypeFromFile } = await import("file-type/node");
  const type = (await fileTypeFromFile(spooled))?.mime;
  return type && accepted.includes(type) ? type : null;
}

/**
 * Reads the multipart body to its end, its one file part into `spooled`. Refuses (4xx) an empty, oversize or
 * second file, a body that is not multipart, is malformed or is cut short, and drops a client that stops
 * sending for UPLOAD_IDLE_SECONDS. The parts are read here, with Node's own stream plumbing: the file stream of
 * an empty part has already ended when it is handed over and never emits 'readable', on which the detection
 * stream of file-type (fileTypeStream) waited for ever.
 */
export async function receiveUpload(
  request: FastifyRequest,
  spooled: string,
  config: Pick<Config, "UPLOAD_IDLE_SECONDS" | "UPLOAD_MAX_MB">,
) {
  const idle = dropWhenIdle(request, config.UPLOAD_IDLE_SECONDS * 1000);
  let spoolFailure: unknown;
  try {
    // A client gone before its body was read: no parser would ever see the body end.
    if (request.raw.destroyed) throw new HttpError(400, ERRORS.uploadBroken, "upload_broken");
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
      if (part.file.truncated) throw new HttpError(413, tooLargeText(config.UPLOAD_MAX_MB), "too_large");
      if (out.bytesWritten === 0) throw badRequest(ERRORS.emptyFile, "empty_file");
      received = { name: part.filename, size: out.bytesWritten };
    }
    if (!received) throw badRequest(ERRORS.noFile, "no_file");
    return received;
  } catch (error) {
    // A failing spool disk is ours (5xx); everything else here is the upload's doing.
    const refusal = spoolFailure ? error : uploadRefusal(error, config.UPLOAD_MAX_MB);
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
      return new HttpError(413, tooLargeText(maxMb), "too_large");
    case "FST_FILES_LIMIT":
      return badRequest(ERRORS.oneFile, "one_file");
    case "FST_INVALID_MULTIPART_CONTENT_TYPE":
      return badRequest(ERRORS.noFile, "no_file");
    default:
      // The parser's (a malformed or truncated body, too many parts or fields) or the connection's (closed).
      return badRequest(ERRORS.uploadBroken, "upload_broken");
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
