/** What the sales domain writes to members, keyed (decision 028; Portuguese in src/server/locales). */
export const SALES_TEXTS = {
  replyTitle: /*i18n*/ { id: "notice.sales_reply.title", message: "Our sales team replied: {subject}" },
  replySubject: /*i18n*/ { id: "notice.sales_reply.subject", message: "Re: {subject}" },
  replyHeading: /*i18n*/ { id: "notice.sales_reply.heading", message: "Our sales team replied" },
  dearMember: /*i18n*/ { id: "notice.dear_member", message: "Dear member," },
  about: /*i18n*/ { id: "notice.sales_reply.about", message: 'About "{subject}":' },
  seeInquiries: /*i18n*/ { id: "notice.sales_reply.action", message: "See your inquiries" },
};
