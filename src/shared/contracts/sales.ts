/** Sales inquiries: every member writes to sales; staff reply and close. */
import { z } from "zod";
import { ERRORS } from "../messages";
import { INQUIRY_STATUSES } from "../requests";
import { adminReplySchema, salesInquirySchema } from "../schemas";
import { createdIdSchema, timestamp } from "./common";
import { endpoints } from "./endpoint";

export { adminReplySchema, salesInquirySchema };

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
export const inquiryParams = z.object({ id: z.uuid(ERRORS.inquiryNotFound) });
export const inquiryStatusSchema = z.object({ id: z.string(), status: z.enum(INQUIRY_STATUSES) });

export const salesApi = endpoints({
  "GET /sales/inquiries": { access: "member", answer: inquiryListSchema },
  "POST /sales/inquiries": { access: "member", body: salesInquirySchema, answer: createdIdSchema, created: true },
});

export const salesAdminApi = endpoints({
  "GET /admin/sales": { access: "staff", answer: staffInquiryListSchema },
  /** Sets responded, with the reply and the replying staff member; the member is emailed. */
  "POST /admin/sales/:id/reply": {
    access: "staff",
    params: inquiryParams,
    body: adminReplySchema,
    answer: inquiryStatusSchema,
  },
  "POST /admin/sales/:id/close": { access: "staff", params: inquiryParams, answer: inquiryStatusSchema },
});
