/** What the ratings domain writes to people (the low-rating alert), keyed (decision 028). */

export const RATING_NOTICE_TEXTS = {
  lowTitle: /*i18n*/ { id: "notice.rating_low.title", message: "Rated {score}/5: {title}" },
  lowBody: /*i18n*/ { id: "notice.rating_low.body", message: "{name} rated the service {score} out of 5." },
  lowHeading: /*i18n*/ { id: "notice.rating_low.heading", message: "A member was not satisfied" },
  lowText: /*i18n*/ {
    id: "notice.rating_low.text",
    message: '{name} rated "{title}" {score} out of 5. Please get in touch with them.',
  },
};
