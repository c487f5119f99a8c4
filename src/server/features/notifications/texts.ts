/** The admin's test email, keyed (decision 028; Portuguese in src/server/locales). */
export const TEST_EMAIL_TEXTS = {
  subject: /*i18n*/ { id: "mail.test.subject", message: "{app}: test email" },
  heading: /*i18n*/ { id: "mail.test.heading", message: "Test email" },
  text: /*i18n*/ {
    id: "mail.test.text",
    message: "This is a test email from the admin settings. If you can read it, email delivery works.",
  },
};
