/**
 * Internal notes (issue 22, item 2): what staff write on a request or a concierge conversation for each other.
 * Members never see one (decision 021): they live in their own tables, only staff routes read them, and only
 * staff receive their realtime events.
 */
import { z } from "zod";
import { timestamp } from "./contracts/common";
import { NOTE_MESSAGES } from "./contracts/common-texts";
import { requiredMultiLine } from "./schemas";

export const newNoteSchema = z.object({ body: requiredMultiLine(NOTE_MESSAGES.empty, 5000, NOTE_MESSAGES.tooLong) });

export const internalNoteSchema = z.object({
  id: z.string(),
  body: z.string(),
  /** The staff member who wrote it; null once their account is gone. */
  author: z.object({ id: z.string(), name: z.string() }).nullable(),
  mine: z.boolean(),
  createdAt: timestamp,
});

/** A thread's notes, oldest first: the staff's thread merges them with the messages by time. */
export const notesSchema = z.object({ notes: z.array(internalNoteSchema) });
