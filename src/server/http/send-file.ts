/**
 * A stored file's download: its type, its Content-Disposition (an ASCII fallback and the UTF-8 name, RFC 6266),
 * no sniffing and a private cache. A quote's file or a request's attachment always downloads and is not kept;
 * a thread's file (`thread: true`) opens in the browser when it is an image and may be kept for an hour.
 */
import type { Readable } from "node:stream";
import type { FastifyReply } from "fastify";

export interface StoredFile {
  stream: Readable;
  name: string;
  type: string;
}

/** Content-Disposition for a download: an ASCII fallback and the UTF-8 name (RFC 6266). */
function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function sendFile(reply: FastifyReply, file: StoredFile, options: { thread?: boolean } = {}): FastifyReply {
  const disposition = attachmentDisposition(file.name);
  const inline = options.thread && file.type.startsWith("image/");
  return reply
    .type(file.type)
    .header("content-disposition", inline ? disposition.replace(/^attachment/, "inline") : disposition)
    .header("x-content-type-options", "nosniff")
    .header("cache-control", options.thread ? "private, max-age=3600" : "private, no-store")
    .send(file.stream);
}
