/** Sales inquiries: every member writes to sales; staff reply and close. */
import { z } from "zod";
import { INQUIRY_STATUSES } from "../requests";
import { timestamp } from "./common";

export { adminReplySchema, salesInquirySchema } from "../schemas";

export const inquirySchema = z.object({
  id: z.string(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(INQUIRY_STATUSES),
  adminReply: z.string().nullable(),
  createdAt: timestamp,
});
export const inquiryListSchema = z.object({ items: z.array(inquirySchema) });
export const staffInquiryListSchema = z.object({
  items: z.array(inquirySchema.extend({ member: z.object({ name: z.string(), email: z.string() }) })),
});
export const inquiryParams = z.object({ id: z.uuid("Inquiry not found") });
