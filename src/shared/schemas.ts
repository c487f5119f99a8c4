/**
 * The forms of spec section 5 as zod schemas carrying the spec's exact messages.
 * The server validates every body with these; the client uses the same ones for instant feedback.
 */
import { z } from "zod";
import { PLANS } from "./plans";
import { REQUEST_CATEGORIES, REQUEST_STATUSES, URGENCIES } from "./requests";

export const MESSAGES = {
  invalidEmail: "Invalid email address",
  passwordTooShort: "Password must be at least 6 characters",
  nameRequired: "Name is required",
  phoneRequired: "Phone is required",
  titleTooShort: "Title must be at least 3 characters",
  titleTooLong: "Title must be less than 200 characters",
  categoryRequired: "Category is required",
  budgetTooLow: "Budget must be greater than 0",
  notesTooLong: "Notes must be less than 2000 characters",
  phoneTooShort: "Phone number must be at least 8 characters",
  phoneTooLong: "Phone number must be less than 20 characters",
  enterMessage: "Please enter a message",
  subjectRequired: "Subject is required",
  messageRequired: "Message is required",
  enterUserEmail: "Please enter a user email",
} as const;

export const PASSWORD_MIN_LENGTH = 6;
/** better-auth's default ceiling; long enough for any passphrase, short enough to bound hashing work. */
export const PASSWORD_MAX_LENGTH = 128;

const email = z.string().trim().pipe(z.email(MESSAGES.invalidEmail).max(254, MESSAGES.invalidEmail));
const password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, "Password must be at most 128 characters");
const requiredText = (message: string, max: number, tooLong = `Must be at most ${max} characters`) =>
  z.string().trim().min(1, message).max(max, tooLong);

export const signInSchema = z.object({ email, password });
export type SignInInput = z.infer<typeof signInSchema>;

export const signUpSchema = z.object({
  name: requiredText(MESSAGES.nameRequired, 120, "Name must be at most 120 characters"),
  /** Country code plus digits, e.g. +351912345678. */
  phone: z
    .string()
    .trim()
    .regex(/^\+\d{1,4}\d+$|^$/, "Phone must contain only digits")
    .min(1, MESSAGES.phoneRequired)
    .max(20, MESSAGES.phoneTooLong),
  email,
  password,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const passwordResetRequestSchema = z.object({ email });
export const newPasswordSchema = z.object({ password, token: z.string().min(1) });

export const newRequestSchema = z.object({
  title: z.string().trim().min(3, MESSAGES.titleTooShort).max(200, MESSAGES.titleTooLong),
  category: z.enum(REQUEST_CATEGORIES, MESSAGES.categoryRequired),
  budget_eur: z.coerce
    .number(MESSAGES.budgetTooLow)
    .finite(MESSAGES.budgetTooLow)
    .min(1, MESSAGES.budgetTooLow)
    .max(1_000_000_000, "Budget is too large"),
  urgency: z.enum(URGENCIES).default("Medium"),
  notes: z.string().max(2000, MESSAGES.notesTooLong).optional().default(""),
  phone_number: z.string().trim().min(8, MESSAGES.phoneTooShort).max(20, MESSAGES.phoneTooLong),
});
export type NewRequestInput = z.input<typeof newRequestSchema>;
export type NewRequest = z.output<typeof newRequestSchema>;

/** Empty or whitespace-only messages cannot be sent. */
const messageBody = z
  .string()
  .trim()
  .min(1, MESSAGES.enterMessage)
  .max(5000, "Message must be less than 5000 characters");

export const requestMessageSchema = z.object({ body: messageBody });
export const conciergeMessageSchema = z.object({ message: messageBody });
export const adminReplySchema = z.object({ reply: messageBody });

export const salesInquirySchema = z.object({
  subject: requiredText(MESSAGES.subjectRequired, 200, "Subject must be less than 200 characters"),
  message: requiredText(MESSAGES.messageRequired, 5000, "Message must be less than 5000 characters"),
});

export const profileSchema = z.object({
  name: requiredText(MESSAGES.nameRequired, 120, "Name must be at most 120 characters"),
  phone: z.string().trim().max(20, MESSAGES.phoneTooLong).default(""),
});

export const blackInquirySchema = z.object({
  name: requiredText(MESSAGES.nameRequired, 120),
  email,
  message: requiredText(MESSAGES.messageRequired, 2000, "Message must be less than 2000 characters"),
});

export const syncUserSchema = z.object({
  userEmail: z.string().trim().min(1, MESSAGES.enterUserEmail).pipe(z.email(MESSAGES.invalidEmail)),
});

export const checkoutSchema = z.object({ plan: z.enum(PLANS) });
export const statusChangeSchema = z.object({ status: z.enum(REQUEST_STATUSES) });

/** The first error of a failed parse, for the single toast the spec shows. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Invalid input";
}
