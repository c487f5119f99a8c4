/** Words every email and notice may use, keyed (decision 028); each domain keeps its own beside its service. */
export const MAIL_TEXTS = {
  designedIn: /*i18n*/ { id: "mail.designed_in_portugal", message: "Designed in Portugal" },
  dear: /*i18n*/ { id: "notice.dear", message: "Dear {name}," },
  files: /*i18n*/ { id: "notice.files", message: "{count, plural, one {# file} other {# files}}" },
  openRequest: /*i18n*/ { id: "notice.open_request", message: "Open the request" },
  openYourRequest: /*i18n*/ { id: "notice.open_your_request", message: "Open your request" },
};
