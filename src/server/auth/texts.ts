/** The auth library's emails (password reset, email verification), keyed (decision 028). */

export const AUTH_MAIL_TEXTS = {
  resetSubject: /*i18n*/ { id: "mail.reset.subject", message: "Reset your {app} password" },
  resetHeading: /*i18n*/ { id: "mail.reset.heading", message: "Reset your password" },
  resetText: /*i18n*/ {
    id: "mail.reset.text",
    message:
      "We received a request to reset the password of your {app} account. The link below is valid for {minutes} minutes and can be used once.",
  },
  resetIgnore: /*i18n*/ {
    id: "mail.reset.ignore",
    message: "If you did not ask for this, you can ignore this email: your password stays as it is.",
  },
  resetAction: /*i18n*/ { id: "mail.reset.action", message: "Choose a new password" },
  verifySubject: /*i18n*/ { id: "mail.verify.subject", message: "Confirm your email for {app}" },
  verifyHeading: /*i18n*/ { id: "mail.verify.heading", message: "Confirm your email" },
  verifyText: /*i18n*/ {
    id: "mail.verify.text",
    message: "Please confirm that this is your email address. The link below is valid for {hours} hours.",
  },
  verifyIgnore: /*i18n*/ {
    id: "mail.verify.ignore",
    message: "If you did not create a {app} account, you can ignore this email.",
  },
  verifyAction: /*i18n*/ { id: "mail.verify.action", message: "Confirm my email" },
};
