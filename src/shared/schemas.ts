/**
 * The forms of spec section 5 as zod schemas carrying the spec's exact messages.
 * The server validates every body with these; the client uses the same ones for instant feedback.
 */
import { z } from "zod";
import { MESSAGES } from "./contracts/common-texts";
import { QUOTE_MESSAGES } from "./contracts/quotes-texts";
import { REQUEST_CHANGE_MESSAGES } from "./contracts/requests-texts";
import { lisbonDate } from "./dates";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./limits";
import { messageFileIds } from "./message-files";
import { PLANS } from "./plans";
import { REQUEST_CATEGORIES, REQUEST_STATUSES, URGENCIES } from "./requests";
import { normalizeNif } from "./tax";

/** Bidirectional controls: the Arabic letter mark, LRM/RLM, embeddings and overrides, isolates. */
const BIDI_CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
/** Every character a single line refuses (controls, C1 controls included, bidirectional controls, lone surrogates). */
const NOT_IN_A_LINE = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\p{Cs}]/gu;

/**
 * A single line of text someone else chose and we must keep (a file's name): composed (NFC) and without the
 * characters `singleLine` refuses, dropped rather than refused, so "evil\u202Egnp.jpg" reads as it is.
 */
export const cleanLine = (value: string) => value.normalize("NFC").replace(NOT_IN_A_LINE, "");
/** Half of a surrogate pair with no other half: not text, and not storable as UTF-8. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Whether text holds a character a person cannot mean: a control character (NUL and the like, U+0000-U+001F
 * and U+007F) or a lone surrogate; single lines (names, titles, subjects) also refuse bidirectional controls,
 * which can make a name read backwards ("U+202E"). Multi-line text may hold tabs and line breaks, and the
 * direction marks that right-to-left writing uses.
 */
export function hasUnsupportedCharacter(value: string, multiLine: boolean): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 32 && code !== 127) continue;
    if (multiLine && (code === 9 || code === 10 || code === 13)) continue;
    return true;
  }
  return LONE_SURROGATE.test(value) || (!multiLine && BIDI_CONTROL.test(value));
}

/**
 * A single line of text: composed (NFC, so "Hermès" typed with a combining accent is one letter), trimmed, and
 * free of unsupported characters.
 */
export const singleLine = () =>
  z
    .string()
    .normalize("NFC")
    .trim()
    .refine((v) => !hasUnsupportedCharacter(v, false), MESSAGES.controlCharacters);
/** Text that may span lines: composed (NFC), no unsupported characters but tabs and line breaks. */
export const multiLine = () =>
  z
    .string()
    .normalize("NFC")
    .refine((v) => !hasUnsupportedCharacter(v, true), MESSAGES.controlCharacters);

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

const email = singleLine().pipe(z.email(MESSAGES.invalidEmail).max(254, MESSAGES.invalidEmail));
const password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, MESSAGES.passwordTooLong);
const requiredText = (message: string, max: number, tooLong: string) =>
  singleLine().pipe(z.string().min(1, message).max(max, tooLong));
export const requiredMultiLine = (message: string, max: number, tooLong: string) =>
  multiLine().pipe(z.string().trim().min(1, message).max(max, tooLong));

/** Country code plus digits, e.g. +351912345678; spaces, dots and dashes people type are dropped. */
const phoneNumber = () =>
  singleLine()
    .transform((v) => v.replace(/[\s().-]/g, ""))
    .pipe(
      z
        .string()
        .regex(/^\+\d{1,4}\d+$|^$/, MESSAGES.phoneDigits)
        .max(20, MESSAGES.phoneTooLong),
    );

/** One-time tokens from links in emails (reset, verification). */
const linkToken = z
  .string()
  .min(1)
  .max(2048)
  .regex(/^[A-Za-z0-9_.-]+$/, MESSAGES.linkInvalid);

export const signInSchema = z.object({ email, password });
export type SignInInput = z.infer<typeof signInSchema>;

export const signUpSchema = z.object({
  name: requiredText(MESSAGES.nameRequired, 120, MESSAGES.nameTooLong),
  phone: phoneNumber().pipe(z.string().min(1, MESSAGES.phoneRequired)),
  email,
  password,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const passwordResetRequestSchema = z.object({ email });
export const newPasswordSchema = z.object({ password, token: linkToken });
export const verifyEmailSchema = z.object({ token: linkToken });
/** Deleting the account asks for the password again unless the session was signed in a few minutes ago. */
export const deleteAccountSchema = z.object({ password: z.string().max(PASSWORD_MAX_LENGTH).optional() });

/** The fields of a password change (the form adds its confirmation; both refine with `differentPasswords`). */
export const changePasswordFields = z.object({
  currentPassword: z
    .string(MESSAGES.currentPasswordRequired)
    .min(1, MESSAGES.currentPasswordRequired)
    .max(PASSWORD_MAX_LENGTH, MESSAGES.passwordTooLong),
  newPassword: password,
  signOutOthers: z.boolean(),
});
export const differentPasswords: [
  (v: { currentPassword: string; newPassword: string }) => boolean,
  { message: string; path: string[] },
] = [(v) => v.newPassword !== v.currentPassword, { message: MESSAGES.samePassword, path: ["newPassword"] }];
/**
 * Changing the password while signed in: the current one proves it is the member, the new one follows the
 * usual rules and must differ; the member's other sessions may be signed out at the same time.
 */
export const changePasswordSchema = changePasswordFields.refine(...differentPasswords);
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

const budgetEur = () =>
  z.coerce
    .number(MESSAGES.budgetTooLow)
    .finite(MESSAGES.budgetTooLow)
    .min(1, MESSAGES.budgetTooLow)
    .max(1_000_000_000, MESSAGES.budgetTooLarge);
const requestNotes = () => multiLine().pipe(z.string().max(2000, MESSAGES.notesTooLong));

export const newRequestSchema = z.object({
  title: singleLine().pipe(z.string().min(3, MESSAGES.titleTooShort).max(200, MESSAGES.titleTooLong)),
  category: z.enum(REQUEST_CATEGORIES, MESSAGES.categoryRequired),
  budget_eur: budgetEur(),
  urgency: z.enum(URGENCIES).default("Medium"),
  notes: requestNotes().optional().default(""),
  phone_number: singleLine().pipe(z.string().min(8, MESSAGES.phoneTooShort).max(20, MESSAGES.phoneTooLong)),
});
export type NewRequestInput = z.input<typeof newRequestSchema>;
export type NewRequest = z.output<typeof newRequestSchema>;

/** A request's optional deadline: a calendar day, today (Lisbon) or later. */
export const requestDeadline = () =>
  z.iso.date(MESSAGES.invalidDate).refine((day) => day >= lisbonDate(), REQUEST_CHANGE_MESSAGES.deadlinePast);

/**
 * The member's changes to a request while New or Sourcing (issue 22 item 7): any of budget, urgency, notes and
 * deadline (null clears it); at least one.
 */
export const requestChangesSchema = z
  .object({
    budget_eur: budgetEur().optional(),
    urgency: z.enum(URGENCIES).optional(),
    notes: requestNotes().optional(),
    /** "" (an emptied date field) clears it, as null does. */
    deadline: z.preprocess((v) => (v === "" ? null : v), requestDeadline().nullable()).optional(),
  })
  .refine((v) => Object.values(v).some((value) => value !== undefined), REQUEST_CHANGE_MESSAGES.nothingToChange);
export type RequestChanges = z.output<typeof requestChangesSchema>;

/** Empty or whitespace-only messages cannot be sent. */
const messageBody = requiredMultiLine(MESSAGES.enterMessage, 5000, MESSAGES.messageTooLong);

export const adminReplySchema = z.object({ reply: messageBody });

/** A message's text where files may go with it (issue 22 item 6): empty is allowed only with a file. */
const optionalMessageBody = multiLine().pipe(z.string().trim().max(5000, MESSAGES.messageTooLong)).default("");
const notEmpty = (text: string, fileIds: string[]) => Boolean(text) || fileIds.length > 0;

export const requestMessageSchema = z
  .object({
    body: optionalMessageBody,
    fileIds: messageFileIds,
    /** The sent quote's option the message asks about (issue 34 item 2). */
    aboutOptionId: z.uuid(QUOTE_MESSAGES.optionNotFound).optional(),
  })
  .refine((v) => notEmpty(v.body, v.fileIds), { message: MESSAGES.enterMessage, path: ["body"] });
export const conciergeMessageSchema = z
  .object({ message: optionalMessageBody, fileIds: messageFileIds })
  .refine((v) => notEmpty(v.message, v.fileIds), { message: MESSAGES.enterMessage, path: ["message"] });
/** Staff's concierge reply: text, files, or both. */
export const conciergeReplySchema = z
  .object({ reply: optionalMessageBody, fileIds: messageFileIds })
  .refine((v) => notEmpty(v.reply, v.fileIds), { message: MESSAGES.enterMessage, path: ["reply"] });

export const salesInquirySchema = z.object({
  subject: requiredText(MESSAGES.subjectRequired, 200, MESSAGES.subjectTooLong),
  message: requiredMultiLine(MESSAGES.messageRequired, 5000, MESSAGES.messageTooLong),
});

/** A Portuguese NIF as typed ("PT 123 456 789") to its 9 digits; empty for none (decision 034). */
const nif = () =>
  singleLine().transform((value, ctx) => {
    if (value === "") return "";
    const digits = normalizeNif(value);
    if (digits) return digits;
    ctx.addIssue({ code: "custom", message: MESSAGES.nifInvalid });
    return z.NEVER;
  });

/**
 * Name and phone, and the invoicing details (issue 30): the name and address invoices are made out to and the
 * NIF. Each invoicing field left out stays as it was; an empty one is cleared.
 */
export const profileSchema = z.object({
  name: requiredText(MESSAGES.nameRequired, 120, MESSAGES.nameTooLong),
  phone: phoneNumber().default(""),
  billingName: singleLine().pipe(z.string().max(120, MESSAGES.billingNameTooLong)).optional(),
  billingAddress: multiLine()
    .transform((value) => value.trim())
    .pipe(z.string().max(500, MESSAGES.billingAddressTooLong))
    .optional(),
  taxId: nif().optional(),
});

export const blackInquirySchema = z.object({
  name: requiredText(MESSAGES.nameRequired, 120, MESSAGES.nameTooLong),
  email,
  message: requiredMultiLine(MESSAGES.messageRequired, 2000, MESSAGES.shortMessageTooLong),
});

export const syncUserSchema = z.object({
  userEmail: singleLine().pipe(z.string().min(1, MESSAGES.enterUserEmail)).pipe(z.email(MESSAGES.invalidEmail)),
});

/** A search box's text (lists' `q`). */
export const searchText = () => singleLine().pipe(z.string().max(200));

export const checkoutSchema = z.object({ plan: z.enum(PLANS) });
export const statusChangeSchema = z.object({ status: z.enum(REQUEST_STATUSES) });

/** The first error of a failed parse, for the single toast the spec shows. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? MESSAGES.invalidInput;
}
