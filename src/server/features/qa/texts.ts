/** The QA tools' test notification, keyed (decision 028; Portuguese in src/server/locales). */
export const QA_TEXTS = {
  title: /*i18n*/ { id: "notice.test.title", message: "Test notification" },
  body: /*i18n*/ { id: "notice.test.body", message: "About: {title}" },
  text: /*i18n*/ {
    id: "notice.test.text",
    message: 'This is a test notification from the QA tools, about the request "{title}".',
  },
};
