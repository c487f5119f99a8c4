/**
 * The spec's texts that both sides say, in one zod-free module: the schemas (./schemas.ts) carry the validation
 * messages, the server answers with the error texts, and the client can import either without pulling zod into
 * a page's first load.
 */
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
  controlCharacters: "Please remove the unsupported characters",
  phoneDigits: "Phone must contain only digits",
} as const;

/** Spec section 8: the monthly request limit is reached. */
export const LIMIT_REACHED =
  "You have reached your monthly request limit. Please upgrade your plan or wait until next month.";

/** A member writing faster than a person types (request threads, concierge and sales together). */
export const MESSAGES_TOO_FAST = "You are sending messages too quickly. Please wait a minute and try again.";

/** Spec section 8: checkout could not be started (the payment provider's own message is shown when it gives one). */
export const CHECKOUT_FAILED = "Failed to start checkout. Please try again.";
