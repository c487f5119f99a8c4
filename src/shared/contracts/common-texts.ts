/**
 * The words several domains say, keyed (decision 028; how a keyed text works: ../texts.ts). Each domain's own
 * texts live beside its contract (`<domain>-texts.ts`); only what more than one domain says is here:
 * - the validation messages of ../schemas.ts, whose fields (an email, a name, a message, a phone) several
 *   domains' forms share;
 * - the refusals every call may meet (the fallbacks, the infrastructure's, the access rules) and the few two
 *   domains answer with;
 * - files in conversations, internal notes, devices and push previews, which requests and the concierge (and
 *   account and notifications) both show;
 * - a preference saved, which the notifications page and the requests' round-robin switch both say.
 *
 * Each group is its descriptors (`…_TEXTS`, for the server's errors: `throw notFound(ERROR_TEXTS.x)`) and their
 * English (`keyed(…)`: the strings schemas, tests and older code compare). A new text is added to its domain's
 * file, with an id under its group's prefix, then `npm run i18n:extract` and its Portuguese in
 * src/shared/locales/pt-PT.po. Zod-free, so a page can import it without zod.
 */
import { MESSAGE_FILES_MAX, PASSWORD_MAX_LENGTH } from "../limits";
import { type Keyed, keyed } from "../texts";

/** Validation messages (spec section 5, and our own limits). */
export const VALIDATION_TEXTS = {
  invalidEmail: /*i18n*/ { id: "validation.invalid_email", message: "Invalid email address" },
  passwordTooShort: /*i18n*/ { id: "validation.password_too_short", message: "Password must be at least 6 characters" },
  passwordTooLong: /*i18n*/ {
    id: "validation.password_too_long",
    message: "Password must be at most {max} characters",
    values: { max: PASSWORD_MAX_LENGTH },
  },
  nameRequired: /*i18n*/ { id: "validation.name_required", message: "Name is required" },
  nameTooLong: /*i18n*/ { id: "validation.name_too_long", message: "Name must be at most 120 characters" },
  phoneRequired: /*i18n*/ { id: "validation.phone_required", message: "Phone is required" },
  titleTooShort: /*i18n*/ { id: "validation.title_too_short", message: "Title must be at least 3 characters" },
  titleTooLong: /*i18n*/ { id: "validation.title_too_long", message: "Title must be less than 200 characters" },
  categoryRequired: /*i18n*/ { id: "validation.category_required", message: "Category is required" },
  budgetTooLow: /*i18n*/ { id: "validation.budget_too_low", message: "Budget must be greater than 0" },
  budgetTooLarge: /*i18n*/ { id: "validation.budget_too_large", message: "Budget is too large" },
  notesTooLong: /*i18n*/ { id: "validation.notes_too_long", message: "Notes must be less than 2000 characters" },
  phoneTooShort: /*i18n*/ {
    id: "validation.phone_too_short",
    message: "Phone number must be at least 8 characters",
  },
  phoneTooLong: /*i18n*/ {
    id: "validation.phone_too_long",
    message: "Phone number must be less than 20 characters",
  },
  enterMessage: /*i18n*/ { id: "validation.enter_message", message: "Please enter a message" },
  subjectRequired: /*i18n*/ { id: "validation.subject_required", message: "Subject is required" },
  subjectTooLong: /*i18n*/ {
    id: "validation.subject_too_long",
    message: "Subject must be less than 200 characters",
  },
  messageRequired: /*i18n*/ { id: "validation.message_required", message: "Message is required" },
  messageTooLong: /*i18n*/ {
    id: "validation.message_too_long",
    message: "Message must be less than 5000 characters",
  },
  shortMessageTooLong: /*i18n*/ {
    id: "validation.short_message_too_long",
    message: "Message must be less than 2000 characters",
  },
  enterUserEmail: /*i18n*/ { id: "validation.enter_user_email", message: "Please enter a user email" },
  controlCharacters: /*i18n*/ {
    id: "validation.control_characters",
    message: "Please remove the unsupported characters",
  },
  phoneDigits: /*i18n*/ { id: "validation.phone_digits", message: "Phone must contain only digits" },
  linkInvalid: /*i18n*/ { id: "validation.link_invalid", message: "This link is invalid." },
  currentPasswordRequired: /*i18n*/ {
    id: "validation.current_password_required",
    message: "Please enter your current password.",
  },
  samePassword: /*i18n*/ {
    id: "validation.same_password",
    message: "Your new password must be different from the current one.",
  },
  invalidDate: /*i18n*/ { id: "validation.invalid_date", message: "Please choose a valid date." },
  // Invoicing details on the profile (issue 30, decision 034).
  nifInvalid: /*i18n*/ { id: "validation.nif_invalid", message: "Enter a valid Portuguese NIF (9 digits)" },
  billingNameTooLong: /*i18n*/ {
    id: "validation.billing_name_too_long",
    message: "The billing name must be at most 120 characters",
  },
  billingAddressTooLong: /*i18n*/ {
    id: "validation.billing_address_too_long",
    message: "The billing address must be at most 500 characters",
  },
  // The client's own checks, on fields the server never sees as such (a confirmation, a code's two kinds).
  passwordsDiffer: /*i18n*/ { id: "validation.passwords_differ", message: "The passwords do not match" },
  enterCode: /*i18n*/ { id: "validation.enter_code", message: "Please enter the 6-digit code" },
  enterBackupCode: /*i18n*/ { id: "validation.enter_backup_code", message: "Please enter a backup code" },
  /** A value the forms never send (a malformed call): the schema library's own words, under this key. */
  invalidInput: /*i18n*/ { id: "validation.invalid_input", message: "Invalid input" },
} satisfies Record<string, Keyed>;
export const MESSAGES = keyed(VALIDATION_TEXTS);

/**
 * What the server answers when it refuses, in words every domain's calls may meet: the fallbacks, the
 * infrastructure's refusals (database, storage, uploads, rate limits, request bodies), the access rules every
 * domain checks, and the few refusals two domains answer with (a request or file not found, an assignee, the
 * QA tools' switches).
 */
export const ERROR_TEXTS = {
  /** The fallback for sign-in and sign-up failures, and for any failure without a text of its own. */
  generic: /*i18n*/ { id: "error.generic", message: "An error occurred" },
  /** A text from the payment provider or the auth library, shown as it is. */
  external: /*i18n*/ { id: "error.external", message: "{detail}" },
  unexpected: /*i18n*/ { id: "error.unexpected", message: "Something went wrong. Please try again." },
  notFound: /*i18n*/ { id: "error.not_found", message: "Not found" },
  /** The database cannot be reached (a restart, a failover): 503, try again (decision 027). */
  serviceUnavailable: /*i18n*/ {
    id: "error.service_unavailable",
    message: "The service is briefly unavailable. Please try again in a moment.",
  },
  /** The object store cannot be reached: nothing of the upload is kept (decision 027). */
  storageUnavailable: /*i18n*/ {
    id: "error.storage_unavailable",
    message: "File storage is unavailable right now. Please try again in a few minutes.",
  },
  serverRestarting: /*i18n*/ { id: "error.server_restarting", message: "The server is restarting. Please try again." },
  unreachable: /*i18n*/ {
    id: "error.unreachable",
    message: "We could not reach the server. Please check your connection and try again.",
  },
  crossSite: /*i18n*/ { id: "error.cross_site", message: "Cross-site requests are not allowed." },
  jsonTooDeep: /*i18n*/ {
    id: "error.json_too_deep",
    message: "The request body is nested too deeply (at most {depth} levels).",
  },
  tooManyAttempts: /*i18n*/ {
    id: "error.too_many_attempts",
    message: "Too many attempts. Please wait a few minutes and try again.",
  },
  tooManyRequests: /*i18n*/ {
    id: "error.too_many_requests",
    message: "Too many requests. Please wait a minute and try again.",
  },
  messagesTooFast: /*i18n*/ {
    id: "error.messages_too_fast",
    message: "You are sending messages too quickly. Please wait a minute and try again.",
  },
  filesTooFast: /*i18n*/ {
    id: "error.files_too_fast",
    message: "You are attaching files very quickly. Please wait a few minutes and try again.",
  },
  signInRequired: /*i18n*/ { id: "error.sign_in_required", message: "Please sign in to continue." },
  membershipRequired: /*i18n*/ {
    id: "error.membership_required",
    message: "To access the product, you need an active membership. Choose a plan to get started.",
  },
  staffOnly: /*i18n*/ { id: "error.staff_only", message: "This area is reserved for the Maison team." },
  adminOnly: /*i18n*/ { id: "error.admin_only", message: "This area is reserved for administrators." },
  twoFactorSetupRequired: /*i18n*/ {
    id: "error.two_factor_setup_required",
    message: "Two-factor authentication is required for the team. Please set it up before you continue.",
  },
  secondFactorRequired: /*i18n*/ {
    id: "error.second_factor_required",
    message: "Please confirm it is you with a code from your authenticator app.",
  },
  paidPlanRequired: /*i18n*/ {
    id: "error.paid_plan_required",
    message: "A paid membership (Silver, Gold or Black) is required for this.",
  },
  requestNotFound: /*i18n*/ { id: "error.request_not_found", message: "Request not found" },
  assigneeNotStaff: /*i18n*/ { id: "error.assignee_not_staff", message: "Only staff can be assigned." },
  fileNotFound: /*i18n*/ { id: "error.file_not_found", message: "File not found" },
  noFile: /*i18n*/ { id: "error.no_file", message: "Please choose a file to attach." },
  emptyFile: /*i18n*/ { id: "error.empty_file", message: "The file is empty. Please choose another file." },
  oneFile: /*i18n*/ { id: "error.one_file", message: "Please attach one file at a time." },
  uploadBroken: /*i18n*/ {
    id: "error.upload_broken",
    message: "The upload was cut short or malformed. Please try again.",
  },
  fileTooLarge: /*i18n*/ { id: "error.file_too_large", message: "The file is too large. The limit is {limit} MB." },
  qaDisabled: /*i18n*/ { id: "error.qa_disabled", message: "QA tools are turned off on this deployment." },
  qaClockTestModeOnly: /*i18n*/ {
    id: "error.qa_clock_test_mode_only",
    message: "The payment clock can be moved only in test mode.",
  },
} satisfies Record<string, Keyed>;
export const ERRORS = keyed(ERROR_TEXTS);

/** A preference saved or not: the notifications page and the staff's round-robin switch say it. */
export const NOTICE_TEXTS = {
  preferenceUpdated: /*i18n*/ { id: "notices.preference_updated", message: "Preference updated" },
  preferenceFailed: /*i18n*/ { id: "notices.preference_failed", message: "Failed to update preference" },
} satisfies Record<string, Keyed>;
export const NOTICES = keyed(NOTICE_TEXTS);

/** Files in conversations (decision 022). */
export const MESSAGE_FILE_DESCRIPTORS = {
  typeRefused: /*i18n*/ {
    id: "files.type_refused",
    message: "Only JPEG, PNG and WebP images and PDF files can be attached.",
  },
  tooMany: /*i18n*/ {
    id: "files.too_many",
    message: "Please attach at most {max} files to a message.",
    values: { max: MESSAGE_FILES_MAX },
  },
  notYours: /*i18n*/ {
    id: "files.not_yours",
    message: "One of the files could not be attached. Please upload it again.",
  },
  notFound: /*i18n*/ { id: "files.not_found", message: "File not found" },
  /** How a list previews a message of files only (its text is empty). */
  filesOnly: /*i18n*/ { id: "files.files_only", message: "Sent a file" },
} satisfies Record<string, Keyed>;
export const MESSAGE_FILE_TEXTS = keyed(MESSAGE_FILE_DESCRIPTORS);

/** Internal notes (decision 021). */
export const NOTE_TEXTS = {
  label: /*i18n*/ { id: "notes.label", message: "Internal note · only staff see this" },
  empty: /*i18n*/ { id: "notes.empty", message: "Please write a note" },
  tooLong: /*i18n*/ { id: "notes.too_long", message: "A note must be less than 5000 characters" },
  added: /*i18n*/ { id: "notes.added", message: "Note added" },
  failed: /*i18n*/ { id: "notes.failed", message: "Failed to add the note" },
} satisfies Record<string, Keyed>;
export const NOTE_MESSAGES = keyed(NOTE_TEXTS);

/** A browser as the account's sessions and push devices name it (from its user agent). */
export const DEVICE_TEXTS = {
  browserOnOs: /*i18n*/ { id: "device.browser_on_os", message: "{browser} on {os}" },
  aBrowserOnOs: /*i18n*/ { id: "device.a_browser_on_os", message: "A browser on {os}" },
  unknown: /*i18n*/ { id: "device.unknown", message: "Unknown device" },
} satisfies Record<string, Keyed>;

/** What a push says when the person has not turned previews on: that there is something, not what it is. */
export const PUSH_TEXTS = {
  memberRequestReply: /*i18n*/ { id: "push.member_request_reply", message: "New reply on your request" },
  memberConciergeReply: /*i18n*/ { id: "push.member_concierge_reply", message: "New reply from your concierge" },
  /** A reply on a request or conversation that has an owner (issue 34 item 1): the push and the email's heading. */
  namedReply: /*i18n*/ { id: "push.named_reply", message: "{name} from Maison replied" },
  staffRequestMessage: /*i18n*/ { id: "push.staff_request_message", message: "New message from a member" },
  staffConciergeMessage: /*i18n*/ { id: "push.staff_concierge_message", message: "New message to the concierge" },
} satisfies Record<string, Keyed>;
