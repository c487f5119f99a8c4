/**
 * The account domain's texts both sides say, keyed (decision 028; how a keyed text works: ../texts.ts), beside its
 * contract (./account.ts): the server answers with them, the client shows their translation. Words other domains
 * say too are in ./common-texts.ts. Zod-free, so a page can import it without zod. A new text gets an id under
 * its group's prefix, then `npm run i18n:extract` and its Portuguese in src/shared/locales/pt-PT.po.
 */
import { type Keyed, keyed } from "../texts";

/** What the server answers when it refuses, in the account domain (spec section 8, and its rules). */
export const ACCOUNT_ERROR_TEXTS = {
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
  publicNameTooLong: /*i18n*/ {
    id: "error.public_name_too_long",
    message: "The name members see must be 60 characters or less.",
  },
  headlineTooLong: /*i18n*/ { id: "error.headline_too_long", message: "Your line must be 80 characters or less." },
  photoRefused: /*i18n*/ { id: "error.photo_refused", message: "Only JPEG, PNG and WebP images can be used." },
  accountNotFound: /*i18n*/ { id: "error.account_not_found", message: "No account uses this email address." },
  ownTwoFactorFirst: /*i18n*/ {
    id: "error.own_two_factor_first",
    message: "Set up two-factor authentication for your own account before you make it mandatory.",
  },
  ownRole: /*i18n*/ {
    id: "error.own_role",
    message: "You cannot change your own role. Ask another administrator.",
  },
} satisfies Record<string, Keyed>;
export const ACCOUNT_ERRORS = keyed(ACCOUNT_ERROR_TEXTS);
