/** Saved replies (issue 22, item 3): the staff's shared snippets; staff only, listed, added, edited, deleted. */
import { z } from "zod";
import {
  REPLY_TEXT_MAX,
  REPLY_TITLE_MAX,
  SHORTCUT_PATTERN,
  unknownPlaceholder,
  unknownPlaceholderMessage,
} from "../replies";
import { multiLine, singleLine } from "../schemas";
import { createdIdSchema, okSchema, timestamp } from "./common";
import { endpoints } from "./endpoint";
import { REPLY_TEXTS } from "./replies-texts";

export const savedReplyInputSchema = z.object({
  title: singleLine().pipe(z.string().min(1, REPLY_TEXTS.titleRequired).max(REPLY_TITLE_MAX, REPLY_TEXTS.titleTooLong)),
  text: multiLine().pipe(
    z
      .string()
      .trim()
      .min(1, REPLY_TEXTS.textRequired)
      .max(REPLY_TEXT_MAX, REPLY_TEXTS.textTooLong)
      .superRefine((text, check) => {
        const found = unknownPlaceholder(text);
        if (found) check.addIssue({ code: "custom", message: unknownPlaceholderMessage(found) });
      }),
  ),
  /** The short name typed after "/" (issue 31 item 8); empty or absent: none. */
  shortcut: z
    .string(REPLY_TEXTS.shortcutInvalid)
    .trim()
    .toLowerCase()
    .refine((value) => value === "" || SHORTCUT_PATTERN.test(value), REPLY_TEXTS.shortcutInvalid)
    .nullable()
    .optional()
    .transform((value) => value || null),
});
export type SavedReplyInput = z.output<typeof savedReplyInputSchema>;

export const savedReplySchema = z.object({
  id: z.string(),
  title: z.string(),
  text: z.string(),
  shortcut: z.string().nullable(),
  updatedAt: timestamp,
  /** Who last wrote it (null once their account is gone). */
  updatedBy: z.string().nullable(),
});
export const savedReplyListSchema = z.object({ items: z.array(savedReplySchema) });
export const savedReplyParams = z.object({ id: z.uuid(REPLY_TEXTS.notFound) });

export const repliesAdminApi = endpoints({
  /** Every saved reply, by title. */
  "GET /admin/replies": { access: "staff", answer: savedReplyListSchema },
  "POST /admin/replies": { access: "staff", body: savedReplyInputSchema, answer: createdIdSchema, created: true },
  "PUT /admin/replies/:id": {
    access: "staff",
    params: savedReplyParams,
    body: savedReplyInputSchema,
    answer: createdIdSchema,
  },
  "DELETE /admin/replies/:id": { access: "staff", params: savedReplyParams, answer: okSchema },
});
