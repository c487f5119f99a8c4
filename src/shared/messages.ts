/**
 * The spec's texts that both sides say, keyed (decision 028), in one zod-free module: the schemas (./schemas.ts)
 * carry the validation messages, the server answers with the error texts (and their keys), and the client shows
 * a key's translation, importing this without pulling zod into a page.
 *
 * Each group is its descriptors (`…_TEXTS`, for the server's errors: `throw notFound(ERROR_TEXTS.x)`) and their
 * English (`keyed(…)`: the strings schemas, tests and older code compare). A new text is added here, with an
 * id under its group's prefix, then `npm run i18n:extract` and its Portuguese in src/shared/locales/pt-PT.po.
 */
import {
  MESSAGE_FILES_MAX,
  PASSWORD_MAX_LENGTH,
  QUOTE_MAX_OPTIONS,
  QUOTE_OPTION_MAX_PHOTOS,
  REPLY_TEXT_MAX,
  REPLY_TITLE_MAX,
  SAVED_REPLIES_MAX,
  SEARCH_PAGE_MAX,
  SEARCH_QUERY_MAX,
  SEARCH_QUERY_MIN,
} from "./limits";
import { type Keyed, keyed } from "./texts";

export type { Keyed };

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

/** What the server answers when it refuses (spec section 8, and the rules it enforces). */
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
  pushInvalidSubscription: /*i18n*/ {
    id: "error.push_invalid_subscription",
    message: "This device's push subscription is not valid.",
  },
  pushServiceRefused: /*i18n*/ {
    id: "error.push_service_refused",
    message: "This device's push service is not one we send to.",
  },
  deviceNotFound: /*i18n*/ { id: "error.device_not_found", message: "Device not found" },
  /** GET /api/ready (decision 024): what is not ready, for the operator ("database, listener"). */
  notReady: /*i18n*/ { id: "error.not_ready", message: "Not ready: {failing}." },
  serverRestarting: /*i18n*/ { id: "error.server_restarting", message: "The server is restarting. Please try again." },
  metricsTokenMissing: /*i18n*/ { id: "error.metrics_token_missing", message: "Metrics need a bearer token." },
  metricsTokenWrong: /*i18n*/ {
    id: "error.metrics_token_wrong",
    message: "This token does not give access to the metrics.",
  },
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
  // Access
  signInRequired: /*i18n*/ { id: "error.sign_in_required", message: "Please sign in to continue." },
  membershipRequired: /*i18n*/ {
    id: "error.membership_required",
    message: "To access the product, you need an active membership. Choose a plan to get started.",
  },
  staffOnly: /*i18n*/ { id: "error.staff_only", message: "This area is reserved for the Maison team." },
  adminOnly: /*i18n*/ { id: "error.admin_only", message: "This area is reserved for administrators." },
  paidPlanRequired: /*i18n*/ {
    id: "error.paid_plan_required",
    message: "A paid membership (Silver, Gold or Black) is required for this.",
  },
  conciergePlanRequired: /*i18n*/ {
    id: "error.concierge_plan_required",
    message: "The Executive Concierge is available to Gold and Black members.",
  },
  staffCannotCreate: /*i18n*/ {
    id: "error.staff_cannot_create",
    message: "Access Restricted: staff and admins manage requests from the admin area.",
  },
  requestsPlanRequired: /*i18n*/ {
    id: "error.requests_plan_required",
    message: "A paid membership (Silver, Gold or Black) is required to create requests.",
  },
  // Accounts
  accountExists: /*i18n*/ {
    id: "error.account_exists",
    message: "An account with this email already exists. Please sign in instead.",
  },
  invalidCredentials: /*i18n*/ { id: "error.invalid_credentials", message: "Invalid email or password" },
  invalidCode: /*i18n*/ { id: "error.invalid_code", message: "Invalid code" },
  invalidBackupCode: /*i18n*/ { id: "error.invalid_backup_code", message: "Invalid backup code" },
  invalidPassword: /*i18n*/ { id: "error.invalid_password", message: "Invalid password" },
  libraryTooManyRequests: /*i18n*/ {
    id: "error.library_too_many_requests",
    message: "Too many requests. Please try again later.",
  },
  resetRequested: /*i18n*/ {
    id: "error.reset_requested",
    message:
      "If an account exists for this email, we have sent a link to choose a new password. It is valid for 60 minutes.",
  },
  resetLinkInvalid: /*i18n*/ {
    id: "error.reset_link_invalid",
    message: "This reset link is invalid or has expired. Please ask for a new one.",
  },
  verifyLinkInvalid: /*i18n*/ {
    id: "error.verify_link_invalid",
    message: "This verification link is invalid or has expired. Please ask for a new one.",
  },
  alreadyVerified: /*i18n*/ { id: "error.already_verified", message: "Your email is already verified." },
  verificationSent: /*i18n*/ {
    id: "error.verification_sent",
    message: "We have sent you a new link. Please check your inbox.",
  },
  passwordRequired: /*i18n*/ {
    id: "error.password_required",
    message: "Please enter your password to delete your account.",
  },
  wrongPassword: /*i18n*/ { id: "error.wrong_password", message: "The password is not correct." },
  wrongCurrentPassword: /*i18n*/ {
    id: "error.wrong_current_password",
    message: "Your current password is not correct.",
  },
  passwordNotChanged: /*i18n*/ { id: "error.password_not_changed", message: "Your password could not be changed." },
  sessionIsCurrent: /*i18n*/ {
    id: "error.session_is_current",
    message: "This is the session you are using. Use Sign Out to end it.",
  },
  sessionEnded: /*i18n*/ { id: "error.session_ended", message: "This session has already ended." },
  // Requests and their files
  requestNotFound: /*i18n*/ { id: "error.request_not_found", message: "Request not found" },
  noPermission: /*i18n*/ { id: "error.no_permission", message: "You do not have permission to view this request" },
  limitReached: /*i18n*/ {
    id: "error.limit_reached",
    message: "You have reached your monthly request limit. Please upgrade your plan or wait until next month.",
  },
  transitionRefused: /*i18n*/ { id: "error.transition_refused", message: "This status change is not allowed." },
  messageNotFound: /*i18n*/ { id: "error.message_not_found", message: "Message not found" },
  assigneeNotStaff: /*i18n*/ { id: "error.assignee_not_staff", message: "Only staff can be assigned." },
  notYourRequest: /*i18n*/ {
    id: "error.not_your_request",
    message: "Only the member who made this request can attach a file to it.",
  },
  attachmentRefused: /*i18n*/ {
    id: "error.attachment_refused",
    message: "Only images (JPEG, PNG, WebP, HEIC) and PDF files can be attached.",
  },
  noAttachment: /*i18n*/ { id: "error.no_attachment", message: "This request has no attachment." },
  fileNotFound: /*i18n*/ { id: "error.file_not_found", message: "File not found" },
  photoNotFound: /*i18n*/ { id: "error.photo_not_found", message: "Photo not found" },
  quoteFileRefused: /*i18n*/ {
    id: "error.quote_file_refused",
    message: "Only JPEG, PNG and WebP images and PDF files can be added.",
  },
  noFile: /*i18n*/ { id: "error.no_file", message: "Please choose a file to attach." },
  emptyFile: /*i18n*/ { id: "error.empty_file", message: "The file is empty. Please choose another file." },
  oneFile: /*i18n*/ { id: "error.one_file", message: "Please attach one file at a time." },
  uploadBroken: /*i18n*/ {
    id: "error.upload_broken",
    message: "The upload was cut short or malformed. Please try again.",
  },
  fileTooLarge: /*i18n*/ { id: "error.file_too_large", message: "The file is too large. The limit is {limit} MB." },
  // Concierge and sales
  memberNotFound: /*i18n*/ { id: "error.member_not_found", message: "This member was not found." },
  inquiryNotFound: /*i18n*/ { id: "error.inquiry_not_found", message: "Inquiry not found" },
  inquiryClosed: /*i18n*/ { id: "error.inquiry_closed", message: "This inquiry is already closed." },
  // Memberships and payments
  checkoutFailed: /*i18n*/ { id: "error.checkout_failed", message: "Failed to start checkout. Please try again." },
  portalFailed: /*i18n*/ { id: "error.portal_failed", message: "Failed to open billing portal" },
  chargesFailed: /*i18n*/ { id: "error.charges_failed", message: "Failed to load your membership payments" },
  planSame: /*i18n*/ { id: "error.plan_same", message: "You already have the {plan} membership." },
  planDowngrade: /*i18n*/ {
    id: "error.plan_downgrade",
    message: "You cannot downgrade from {from} to {to}. Please manage your subscription in your profile.",
  },
  blackByInvitation: /*i18n*/ {
    id: "error.black_by_invitation",
    message: "The Black membership is by invitation only. Please send us an inquiry.",
  },
  noBillingAccount: /*i18n*/ {
    id: "error.no_billing_account",
    message: "No billing account was found. Please choose a membership plan first.",
  },
  noComplimentary: /*i18n*/ {
    id: "error.no_complimentary",
    message: "There is no complimentary membership to cancel.",
  },
  upgradeNotPaid: /*i18n*/ {
    id: "error.upgrade_not_paid",
    message:
      "We could not charge your card for the upgrade. Please update your payment method in Manage Subscription and try again.",
  },
  noMembershipToManage: /*i18n*/ {
    id: "error.no_membership_to_manage",
    message: "You have no active membership to manage.",
  },
  checkoutSessionNotFound: /*i18n*/ {
    id: "error.checkout_session_not_found",
    message: "This checkout session was not found.",
  },
  checkoutSessionClosed: /*i18n*/ {
    id: "error.checkout_session_closed",
    message: "This checkout session is no longer open.",
  },
  subscriptionUnchangeable: /*i18n*/ {
    id: "error.subscription_unchangeable",
    message: "This subscription can no longer be changed.",
  },
  cardPageNotFound: /*i18n*/ { id: "error.card_page_not_found", message: "This card page was not found." },
  receiptNotFound: /*i18n*/ { id: "error.receipt_not_found", message: "This receipt was not found." },
  cardPageExpired: /*i18n*/ {
    id: "error.card_page_expired",
    message: "This card page has expired. Please start again from your request.",
  },
  cardPageClosed: /*i18n*/ { id: "error.card_page_closed", message: "This card page is no longer open." },
  holdAlreadyAuthorised: /*i18n*/ { id: "error.hold_already_authorised", message: "This hold is already authorised." },
  nothingToDispute: /*i18n*/ {
    id: "error.nothing_to_dispute",
    message: "Only a captured payment can be disputed.",
  },
  nothingToConfirm: /*i18n*/ {
    id: "error.nothing_to_confirm",
    message: "There is nothing to confirm on this card page.",
  },
  holdDeclined: /*i18n*/ { id: "error.hold_declined", message: "Your card was declined." },
  holdAuthenticationFailed: /*i18n*/ {
    id: "error.hold_authentication_failed",
    message:
      "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
  },
  providerFailed: /*i18n*/ {
    id: "error.provider_failed",
    message: "The payment provider could not be reached. Please try again.",
  },
  syncAllRunning: /*i18n*/ {
    id: "error.sync_all_running",
    message: "A sync of all subscriptions is already running. Please wait for it to finish.",
  },
  reconciliationRunning: /*i18n*/ {
    id: "error.reconciliation_running",
    message: "A reconciliation with the payment provider is already running. Please wait for it to finish.",
  },
  testModeOnly: /*i18n*/ {
    id: "error.test_mode_only",
    message: "Simulated checkout is only available in test mode.",
  },
  // Notifications and the outbox
  notificationNotFound: /*i18n*/ { id: "error.notification_not_found", message: "Notification not found" },
  deliveryNotFound: /*i18n*/ { id: "error.delivery_not_found", message: "Delivery not found" },
  retryOnlyFailed: /*i18n*/ { id: "error.retry_only_failed", message: "Only a failed delivery can be retried." },
  staffChannelOnly: /*i18n*/ {
    id: "error.staff_channel_only",
    message: "Slack and SMS notifications are for staff only.",
  },
  slackNotConfigured: /*i18n*/ {
    id: "error.slack_not_configured",
    message: "Slack is not configured: set SLACK_WEBHOOK_URL to send Slack-style messages.",
  },
  // QA tools
  qaDisabled: /*i18n*/ { id: "error.qa_disabled", message: "QA tools are turned off on this deployment." },
  qaNoClient: /*i18n*/ { id: "error.qa_no_client", message: "No client user found. Please seed data first." },
  qaNoRequest: /*i18n*/ { id: "error.qa_no_request", message: "No requests found. Create a fake request first." },
  qaClockTestModeOnly: /*i18n*/ {
    id: "error.qa_clock_test_mode_only",
    message: "The payment clock can be moved only in test mode.",
  },
  qaLimitReached: /*i18n*/ {
    id: "error.qa_limit_reached",
    message: "{name} has reached their monthly request limit. Please choose another client or wait until next month.",
  },
} satisfies Record<string, Keyed>;
export const ERRORS = keyed(ERROR_TEXTS);

/** A request's changes by its member (issue 22 item 7). */
export const REQUEST_CHANGE_TEXTS = {
  /** Quoted and after (and Failed): the member writes to the team instead. */
  locked: /*i18n*/ { id: "requests.locked", message: "Once quoted, changes go through messages." },
  withdrawn: /*i18n*/ { id: "requests.withdrawn", message: "This request has been withdrawn." },
  /** A withdrawn request's thread stays readable; nobody writes on it any more. */
  threadClosed: /*i18n*/ {
    id: "requests.thread_closed",
    message: "This request has been withdrawn. Its messages stay here to read; the conversation is closed.",
  },
  deadlinePast: /*i18n*/ { id: "requests.deadline_past", message: "The deadline cannot be in the past." },
  nothingToChange: /*i18n*/ { id: "requests.nothing_to_change", message: "Change at least one field." },
} satisfies Record<string, Keyed>;
export const REQUEST_CHANGE_MESSAGES = keyed(REQUEST_CHANGE_TEXTS);

/** Every text the quote loop shows or answers with (server errors and client toasts share them). */
export const QUOTE_TEXTS = {
  optionsRequired: /*i18n*/ { id: "quotes.options_required", message: "A quote needs at least one option" },
  tooManyOptions: /*i18n*/ {
    id: "quotes.too_many_options",
    message: "A quote has at most {max} options",
    values: { max: QUOTE_MAX_OPTIONS },
  },
  optionTitleRequired: /*i18n*/ { id: "quotes.option_title_required", message: "Option title is required" },
  priceTooLow: /*i18n*/ { id: "quotes.price_too_low", message: "Price must be at least €1" },
  priceTooHigh: /*i18n*/ { id: "quotes.price_too_high", message: "Price is too high" },
  vatRateInvalid: /*i18n*/ {
    id: "quotes.vat_rate_invalid",
    message: "Choose the VAT the price includes: 23 %, 13 %, 6 % or the margin scheme",
  },
  validUntilPast: /*i18n*/ { id: "quotes.valid_until_past", message: "Valid until cannot be in the past" },
  deliveryDatePast: /*i18n*/ {
    id: "quotes.delivery_date_past",
    message: "Estimated delivery cannot be in the past",
  },
  quoteNotFound: /*i18n*/ { id: "quotes.quote_not_found", message: "Quote not found" },
  optionNotFound: /*i18n*/ { id: "quotes.option_not_found", message: "Option not found" },
  quoteNotDraft: /*i18n*/ { id: "quotes.quote_not_draft", message: "Only a draft quote can be changed" },
  quoteNotCurrent: /*i18n*/ { id: "quotes.quote_not_current", message: "This quote is no longer current" },
  quoteExpired: /*i18n*/ {
    id: "quotes.quote_expired",
    message: "This quote has expired. Ask the team for a revised quote.",
  },
  cannotQuoteNow: /*i18n*/ {
    id: "quotes.cannot_quote_now",
    message: "A quote can be sent while the request is Sourcing or Quoted",
  },
  alreadyAccepted: /*i18n*/ {
    id: "quotes.already_accepted",
    message: "An option of this quote was already accepted",
  },
  holdNotAllowed: /*i18n*/ {
    id: "quotes.hold_not_allowed",
    message: "There is nothing to authorise on this request",
  },
  holdNotHeld: /*i18n*/ { id: "quotes.hold_not_held", message: "There is no hold to capture or release" },
  captureTooHigh: /*i18n*/ {
    id: "quotes.capture_too_high",
    message: "You cannot capture more than the amount held",
  },
  captureReasonRequired: /*i18n*/ {
    id: "quotes.capture_reason_required",
    message: "Please give a reason for capturing less than the hold",
  },
  disputeNotAnswerable: /*i18n*/ {
    id: "quotes.dispute_not_answerable",
    message: "There is no dispute waiting for evidence on this request",
  },
  /** A card page superseded by another choice, a decline or a revised quote: it can no longer be authorised. */
  offerChanged: /*i18n*/ {
    id: "quotes.offer_changed",
    message: "This offer has changed. Please return to your request to see the current one.",
  },
  holdNotExpired: /*i18n*/ {
    id: "quotes.hold_not_expired",
    message: "Only an expired hold can be authorised again",
  },
  /** The member asks to authorise again while the hold is still in place (issue 30, item 6). */
  holdStillLive: /*i18n*/ {
    id: "quotes.hold_still_live",
    message: "Your hold is still in place: there is nothing to authorise again",
  },
  /** … or once the request is no longer Found (delivered, withdrawn). */
  reauthorizationClosed: /*i18n*/ {
    id: "quotes.reauthorization_closed",
    message: "A hold can be authorised again only while the request is Found and not yet delivered",
  },
  /** A request reaches Quoted only by sending a quote (decision 030). */
  quotedBySending: /*i18n*/ {
    id: "quotes.quoted_by_sending",
    message: "A request becomes Quoted when a quote is sent. Write and send a quote instead.",
  },
  /** A request on which a card hold was authorised keeps its records (issue 30 item 4). */
  moneyMoved: /*i18n*/ {
    id: "quotes.money_moved",
    message: "This request cannot be deleted: a card hold was authorised on it.",
  },
  /** Staff's quick action Quoted → Found while the member is on the card page. */
  awaitingCard: /*i18n*/ { id: "quotes.awaiting_card", message: "Waiting for the member's card authorisation" },
  notFound: /*i18n*/ { id: "quotes.not_found_status", message: "Only a Found request can be marked delivered" },
  notDelivered: /*i18n*/ { id: "quotes.not_delivered", message: "This request has not been delivered" },
  alreadyAnswered: /*i18n*/ { id: "quotes.already_answered", message: "You have already answered this delivery" },
  disputeWindowClosed: /*i18n*/ {
    id: "quotes.dispute_window_closed",
    message: "The 30-day window to report a problem has closed",
  },
  problemRequired: /*i18n*/ { id: "quotes.problem_required", message: "Please describe the problem" },
  cardDeclined: /*i18n*/ {
    id: "quotes.card_declined",
    message: "Your card was declined. Please try another card.",
  },
  dateFormat: /*i18n*/ { id: "quotes.date_format", message: "Enter a date as YYYY-MM-DD" },
  /** The staff's quote editor (src/client/features/quotes/quote-form.ts). */
  priceFormat: /*i18n*/ { id: "quotes.price_format", message: "Enter a price in euro, e.g. 4500 or 4500.50" },
  tooManyPhotos: /*i18n*/ {
    id: "quotes.too_many_photos",
    message: "At most {max} photos an option",
    values: { max: QUOTE_OPTION_MAX_PHOTOS },
  },
  validUntilRequired: /*i18n*/ { id: "quotes.valid_until_required", message: "Choose until when the quote is valid" },
  wholeCents: /*i18n*/ { id: "quotes.whole_cents", message: "Amounts are whole cents" },
  amountTooLow: /*i18n*/ { id: "quotes.amount_too_low", message: "Amount must be at least €0.01" },
  quoteSent: /*i18n*/ { id: "quotes.quote_sent", message: "Quote sent" },
  quoteSaved: /*i18n*/ { id: "quotes.quote_saved", message: "Quote saved" },
  quoteDeclined: /*i18n*/ { id: "quotes.quote_declined", message: "Quote declined" },
  holdCaptured: /*i18n*/ { id: "quotes.hold_captured", message: "Payment captured" },
  holdReleased: /*i18n*/ { id: "quotes.hold_released", message: "Hold released" },
  reauthorizationRequested: /*i18n*/ {
    id: "quotes.reauthorization_requested",
    message: "The member was asked to authorise again",
  },
  markedDelivered: /*i18n*/ { id: "quotes.marked_delivered", message: "Marked as delivered" },
  receiptConfirmed: /*i18n*/ { id: "quotes.receipt_confirmed", message: "Thank you, receipt confirmed" },
  problemReported: /*i18n*/ {
    id: "quotes.problem_reported",
    message: "Problem reported. The team will contact you.",
  },
} satisfies Record<string, Keyed>;
export const QUOTE_MESSAGES = keyed(QUOTE_TEXTS);

/** Refunds of a captured payment (issue 30, decision 033): the staff's refusals and the dialog's texts. */
export const REFUND_TEXTS = {
  reasonRequired: /*i18n*/ {
    id: "refunds.reason_required",
    message: "Please give a reason for the refund (at least 3 characters)",
  },
  keyInvalid: /*i18n*/ { id: "refunds.key_invalid", message: "The refund's idempotency key must be a UUID" },
  notRefundable: /*i18n*/ {
    id: "refunds.not_refundable",
    message: "Only a captured payment can be refunded",
  },
  tooHigh: /*i18n*/ {
    id: "refunds.too_high",
    message: "You cannot refund more than what was captured and not yet refunded",
  },
  invoiceNotRefundable: /*i18n*/ {
    id: "refunds.invoice_not_refundable",
    message: "Only a paid balance invoice can be refunded",
  },
  invoiceTooHigh: /*i18n*/ {
    id: "refunds.invoice_too_high",
    message: "You cannot refund more than what was paid on the invoice and not yet refunded",
  },
  keyReused: /*i18n*/ {
    id: "refunds.key_reused",
    message: "This refund was already asked for with other details",
  },
  refundSent: /*i18n*/ { id: "refunds.sent", message: "Refund sent" },
} satisfies Record<string, Keyed>;
export const REFUND_MESSAGES = keyed(REFUND_TEXTS);

/** The balance invoice of a quote (issue 30, decision 035): staff send it, the member pays it on its page. */
export const BALANCE_TEXTS = {
  notCaptured: /*i18n*/ {
    id: "balance.not_captured",
    message: "The balance can be invoiced once the hold has been captured",
  },
  alreadyOpen: /*i18n*/ { id: "balance.already_open", message: "This request already has an open balance invoice" },
  alreadyPaid: /*i18n*/ { id: "balance.already_paid", message: "The balance of this request is already paid" },
  reasonRequired: /*i18n*/ {
    id: "balance.reason_required",
    message: "Please give a reason for changing the amount",
  },
  amountTooLow: /*i18n*/ { id: "balance.amount_too_low", message: "The balance must be at least €0.50" },
  duePast: /*i18n*/ { id: "balance.due_past", message: "The due date cannot be in the past" },
  nothingToVoid: /*i18n*/ {
    id: "balance.nothing_to_void",
    message: "There is no open, unpaid balance invoice to void",
  },
  invoiceNotFound: /*i18n*/ { id: "balance.invoice_not_found", message: "This invoice was not found." },
  invoiceNotOpen: /*i18n*/ { id: "balance.invoice_not_open", message: "This invoice is no longer open." },
  transferTooHigh: /*i18n*/ { id: "balance.transfer_too_high", message: "The amount is more than what is due" },
  noOpenInvoice: /*i18n*/ {
    id: "balance.no_open_invoice",
    message: "There is no open balance invoice on this request",
  },
  testModeOnly: /*i18n*/ {
    id: "balance.test_mode_only",
    message: "A bank transfer can be simulated in test mode only",
  },
  /** The invoice line, as the provider keeps it ("Balance for Kelly 28"). */
  balanceFor: /*i18n*/ { id: "balance.balance_for", message: "Balance for {title}" },
  sent: /*i18n*/ { id: "balance.sent", message: "Balance invoice sent" },
  voided: /*i18n*/ { id: "balance.voided", message: "Balance invoice voided" },
  transferReceived: /*i18n*/ { id: "balance.transfer_received", message: "Bank transfer received" },
} satisfies Record<string, Keyed>;
export const BALANCE_MESSAGES = keyed(BALANCE_TEXTS);

/** The staff's saved replies (decision 019). */
export const REPLY_TEXT_DESCRIPTORS = {
  titleRequired: /*i18n*/ { id: "replies.title_required", message: "Please give the reply a title" },
  titleTooLong: /*i18n*/ {
    id: "replies.title_too_long",
    message: "Title must be at most {max} characters",
    values: { max: REPLY_TITLE_MAX },
  },
  textRequired: /*i18n*/ { id: "replies.text_required", message: "Please write the reply's text" },
  textTooLong: /*i18n*/ {
    id: "replies.text_too_long",
    message: "Text must be at most {max} characters",
    values: { max: REPLY_TEXT_MAX },
  },
  duplicateTitle: /*i18n*/ {
    id: "replies.duplicate_title",
    message: "A saved reply with this title already exists.",
  },
  notFound: /*i18n*/ { id: "replies.not_found", message: "Saved reply not found" },
  tooMany: /*i18n*/ {
    id: "replies.too_many",
    message: "You can keep up to {max} saved replies. Delete one to add another.",
    values: { max: SAVED_REPLIES_MAX },
  },
} satisfies Record<string, Keyed>;
export const REPLY_TEXTS = keyed(REPLY_TEXT_DESCRIPTORS);

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

/** The staff's search (decision 019). */
export const SEARCH_DESCRIPTORS = {
  tooShort: /*i18n*/ {
    id: "search.too_short",
    message: "Enter at least {min} characters to search",
    values: { min: SEARCH_QUERY_MIN },
  },
  tooLong: /*i18n*/ {
    id: "search.too_long",
    message: "Search is limited to {max} characters",
    values: { max: SEARCH_QUERY_MAX },
  },
  badPage: /*i18n*/ {
    id: "search.bad_page",
    message: "Page must be a number from 1 to {max}",
    values: { max: SEARCH_PAGE_MAX },
  },
} satisfies Record<string, Keyed>;
export const SEARCH_TEXTS = keyed(SEARCH_DESCRIPTORS);

/** The test-mode card pages: Stripe's words for a card it refuses. */
export const CARD_TEXTS = {
  invalidNumber: /*i18n*/ { id: "card.invalid_number", message: "Your card number is invalid." },
  invalidExpiry: /*i18n*/ { id: "card.invalid_expiry", message: "Your card's expiration date is invalid." },
  expired: /*i18n*/ { id: "card.expired", message: "Your card has expired." },
  invalidCvc: /*i18n*/ { id: "card.invalid_cvc", message: "Your card's security code is invalid." },
  nameRequired: /*i18n*/ { id: "card.name_required", message: "Please enter the name on the card." },
  declined: /*i18n*/ { id: "card.declined", message: "Your card has been declined. Please try a different card." },
  onlyTestCard: /*i18n*/ {
    id: "card.only_test_card",
    message: "This test checkout accepts only the test card {card}.",
    values: { card: "4242 4242 4242 4242" },
  },
} satisfies Record<string, Keyed>;
export const CARD_MESSAGES = keyed(CARD_TEXTS);

/** What the server answers when something went well, shown as it is. */
export const NOTICE_TEXTS = {
  preferenceUpdated: /*i18n*/ { id: "notices.preference_updated", message: "Preference updated" },
  preferenceFailed: /*i18n*/ { id: "notices.preference_failed", message: "Failed to update preference" },
  mailHeld: /*i18n*/ {
    id: "notices.mail_held",
    message: "SMTP is not configured: the message is held in the outbox.",
  },
  conciergeSent: /*i18n*/ { id: "notices.concierge_sent", message: "Message sent to your concierge team" },
  deviceRemoved: /*i18n*/ { id: "notices.device_removed", message: "Device removed" },
} satisfies Record<string, Keyed>;
export const NOTICES = keyed(NOTICE_TEXTS);

/**
 * What the server writes for the team's payment tools and the test-mode pages (settings, debug, the test billing
 * and hold pages): the answer keeps the English in its text and adds the key and values (`keyedAnswer`), the
 * client shows the translation (`serverText`). `state` is `none` (no membership) or the plan's name, `status` a
 * subscription status as on the wire.
 */
export const BILLING_ADMIN_TEXTS = {
  noUser: /*i18n*/ { id: "billing_admin.no_user", message: "No user found with email {email}" },
  synced: /*i18n*/ {
    id: "billing_admin.synced",
    message:
      "Subscription synced for {email}: {plan, select, none {no membership} other {{plan}, {status, select, active {active} canceled {canceled} past_due {past due} other {{status}}}}}.",
  },
  noCustomer: /*i18n*/ {
    id: "billing_admin.no_customer",
    message:
      "{email} has no Stripe customer (never subscribed, or complimentary): {plan, select, none {no membership} other {{plan}, {status, select, active {active} canceled {canceled} past_due {past due} other {{status}}}}}.",
  },
  noActiveSubscription: /*i18n*/ {
    id: "billing_admin.no_active_subscription",
    message:
      "{email} has no active Stripe subscription: {plan, select, none {no membership} other {{plan}, {status, select, active {active} canceled {canceled} past_due {past due} other {{status}}}}}.",
  },
  syncedAll: /*i18n*/ {
    id: "billing_admin.synced_all",
    message:
      "Synced {synced}, failed {failed}, without a Stripe customer {noStripeCustomer}, without an active subscription {noActiveSubscription}.",
  },
  simulated: /*i18n*/ {
    id: "billing_admin.simulated",
    message: "Simulated a completed {plan} checkout for {email}.",
  },
  envEnvironment: /*i18n*/ { id: "billing_admin.env.environment", message: "Environment" },
  envAppUrl: /*i18n*/ { id: "billing_admin.env.app_url", message: "Application URL" },
  envDatabase: /*i18n*/ { id: "billing_admin.env.database", message: "Database" },
  envEmail: /*i18n*/ { id: "billing_admin.env.email", message: "Email" },
  envPayments: /*i18n*/ { id: "billing_admin.env.payments", message: "Payments" },
  databasePglite: /*i18n*/ { id: "billing_admin.env.database_pglite", message: "Embedded PostgreSQL (PGlite)" },
  databaseServer: /*i18n*/ { id: "billing_admin.env.database_server", message: "PostgreSQL server" },
  mailSmtp: /*i18n*/ { id: "billing_admin.env.mail_smtp", message: "Sent through SMTP" },
  mailHeld: /*i18n*/ { id: "billing_admin.env.mail_held", message: "Held in the outbox (no SMTP configured)" },
  paymentsTest: /*i18n*/ { id: "billing_admin.env.payments_test", message: "Built-in test mode" },
  paymentsStripe: /*i18n*/ { id: "billing_admin.env.payments_stripe", message: "Stripe ({mode})" },
  invoiceFirstMonth: /*i18n*/ { id: "billing_admin.invoice.first_month", message: "{plan} membership, first month" },
  invoiceUpgrade: /*i18n*/ { id: "billing_admin.invoice.upgrade", message: "Upgrade to {plan} membership, prorated" },
  invoiceRenewal: /*i18n*/ { id: "billing_admin.invoice.renewal", message: "{plan} membership, renewal" },
  holdFor: /*i18n*/ { id: "billing_admin.hold_for", message: "Hold for {title}" },
} satisfies Record<string, Keyed>;

/**
 * The outbox screen's words the server writes (admin/outbox): who and what a delivery is when it has no address
 * or subject of its own, and why a delivery failed (the stored error's English, keyed again by outbox-service).
 */
export const OUTBOX_DESCRIPTORS = {
  device: /*i18n*/ { id: "outbox.device", message: "A device" },
  slackWebhook: /*i18n*/ { id: "outbox.slack_webhook", message: "Slack webhook" },
  slackMessage: /*i18n*/ { id: "outbox.slack_message", message: "Slack-style message" },
  secretHidden: /*i18n*/ {
    id: "outbox.secret_hidden",
    message: "Hidden: this message holds a one-time link for its recipient only.",
  },
  webhookUnreachable: /*i18n*/ { id: "outbox.error.webhook_unreachable", message: "The webhook could not be reached" },
  webhookUnreachableCause: /*i18n*/ {
    id: "outbox.error.webhook_unreachable_cause",
    message: "The webhook could not be reached ({cause})",
  },
  webhookAnswered: /*i18n*/ { id: "outbox.error.webhook_answered", message: "The webhook answered {status}" },
  pushUnreachable: /*i18n*/ { id: "outbox.error.push_unreachable", message: "The push service could not be reached" },
  pushUnreachableCause: /*i18n*/ {
    id: "outbox.error.push_unreachable_cause",
    message: "The push service could not be reached ({cause})",
  },
  pushAnswered: /*i18n*/ { id: "outbox.error.push_answered", message: "The push service answered {status}" },
  pushUnavailable: /*i18n*/ { id: "outbox.error.push_unavailable", message: "Push is not available on this instance" },
  pushGone: /*i18n*/ {
    id: "outbox.error.push_gone",
    message: "The push service answered {status}: the device is gone and was removed.",
  },
  pushRefused: /*i18n*/ {
    id: "outbox.error.push_refused",
    message: "The push service refused the message ({status})",
  },
  smtpNotConfigured: /*i18n*/ { id: "outbox.error.smtp_not_configured", message: "SMTP is not configured" },
  mailUnavailable: /*i18n*/ {
    id: "outbox.error.mail_unavailable",
    message: "The mail server is unavailable: {detail}",
  },
  slackNotConfigured: /*i18n*/ {
    id: "outbox.error.slack_not_configured",
    message: "SLACK_WEBHOOK_URL is not configured",
  },
  unknownWebhook: /*i18n*/ { id: "outbox.error.unknown_webhook", message: "Unknown webhook" },
  serverStopping: /*i18n*/ {
    id: "outbox.error.server_stopping",
    message: "The server is stopping: the message went back to the outbox",
  },
} satisfies Record<string, Keyed>;
export const OUTBOX_TEXTS = keyed(OUTBOX_DESCRIPTORS);

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
  staffRequestMessage: /*i18n*/ { id: "push.staff_request_message", message: "New message from a member" },
  staffConciergeMessage: /*i18n*/ { id: "push.staff_concierge_message", message: "New message to the concierge" },
} satisfies Record<string, Keyed>;

/** Spec section 8: the monthly request limit is reached. */
export const LIMIT_REACHED = ERRORS.limitReached;
/** A member writing faster than a person types (request threads, concierge and sales together). */
export const MESSAGES_TOO_FAST = ERRORS.messagesTooFast;
/** Spec section 8: checkout could not be started (the payment provider's own message is shown when it gives one). */
export const CHECKOUT_FAILED = ERRORS.checkoutFailed;
