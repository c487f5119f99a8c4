/**
 * Files in conversations (issue 22 item 6): photos and PDFs attached to a request thread's or the concierge
 * chat's messages. Uploaded first (pending, the uploader's), then referenced by id from the message.
 */
import { z } from "zod";
import { MESSAGE_FILE_TEXTS } from "./contracts/common-texts";
import { MESSAGE_FILES_MAX } from "./limits";

export { MESSAGE_FILES_MAX };
/** A file uploaded but never sent is dropped after this many hours. */
export const MESSAGE_FILE_PENDING_HOURS = 24;
/** What may be attached, as recognised from the file's first bytes. */
export const MESSAGE_FILE_TYPES = ["image/jpeg", "image/png", "image/webp", "application/pdf"] as const;
/** What the composer's file chooser offers (the server reads the bytes, whatever the name says). */
export const MESSAGE_FILE_ACCEPT = ".jpg,.jpeg,.png,.webp,.pdf,image/jpeg,image/png,image/webp,application/pdf";

/** A file as a thread shows it. */
export const messageFileSchema = z.object({ id: z.string(), name: z.string(), type: z.string(), size: z.number() });

export const isImage = (type: string) => type.startsWith("image/");

/** The ids of the files a message carries: uploaded first, at most MESSAGE_FILES_MAX, each once. */
export const messageFileIds = z
  .array(z.uuid(MESSAGE_FILE_TEXTS.notYours))
  .max(MESSAGE_FILES_MAX, MESSAGE_FILE_TEXTS.tooMany)
  .refine((ids) => new Set(ids).size === ids.length, MESSAGE_FILE_TEXTS.notYours)
  .default([]);
