/** What the quotes domain writes to people (quotes, card holds, delivery), keyed (decision 028). */

export const QUOTE_NOTICE_TEXTS = {
  item: /*i18n*/ { id: "notice.hold.item", message: "{option} · {title}" },
  // Holds, to the member
  heldTitle: /*i18n*/ { id: "notice.hold_placed.title", message: "Hold placed: {amount}" },
  heldSubject: /*i18n*/ {
    id: "notice.hold_placed.subject",
    message: "Your hold of {amount} is in place: {title}",
  },
  heldHeading: /*i18n*/ { id: "notice.hold_placed.heading", message: "Your hold is in place" },
  heldText: /*i18n*/ {
    id: "notice.hold_placed.text",
    message: "A refundable hold of {amount} is reserved on your card for {option}.",
  },
  heldUntil: /*i18n*/ {
    id: "notice.hold_placed.until",
    message: "Nothing is taken until the team confirms your purchase. The hold stays in place until {date}.",
  },
  capturedTitle: /*i18n*/ { id: "notice.payment_captured.title", message: "Payment captured: {amount}" },
  capturedSubject: /*i18n*/ {
    id: "notice.payment_captured.subject",
    message: "Payment of {amount} received: {title}",
  },
  capturedHeading: /*i18n*/ { id: "notice.payment_captured.heading", message: "Payment received" },
  capturedText: /*i18n*/ {
    id: "notice.payment_captured.text",
    message: "We have taken {amount} from the hold on your card for {option}.",
  },
  capturedRest: /*i18n*/ { id: "notice.payment_captured.rest", message: "The remaining {amount} has been released." },
  capturedReason: /*i18n*/ { id: "notice.payment_captured.reason", message: "{amount} off: {reason}" },
  releasedTitle: /*i18n*/ { id: "notice.hold_released.title", message: "Hold released: {amount}" },
  releasedSubject: /*i18n*/ {
    id: "notice.hold_released.subject",
    message: "Your hold of {amount} was released: {title}",
  },
  releasedHeading: /*i18n*/ { id: "notice.hold_released.heading", message: "Your hold was released" },
  releasedText: /*i18n*/ {
    id: "notice.hold_released.text",
    message: "The hold of {amount} on your card for {option} has been released. Nothing was taken.",
  },
  expiredTitle: /*i18n*/ { id: "notice.hold_expired.title", message: "Hold expired: {amount}" },
  expiredSubject: /*i18n*/ { id: "notice.hold_expired.subject", message: "Your hold has expired: {title}" },
  expiredHeading: /*i18n*/ { id: "notice.hold_expired.heading", message: "Your hold has expired" },
  expiredText: /*i18n*/ {
    id: "notice.hold_expired.text",
    message: "The hold of {amount} on your card for {option} has lapsed. Nothing was taken.",
  },
  expiredNext: /*i18n*/ {
    id: "notice.hold_expired.next",
    message: "You can authorise it again from your request while it is Found.",
  },
  reauthTitle: /*i18n*/ {
    id: "notice.reauthorization.title",
    message: "Please authorise your hold again: {amount}",
  },
  reauthSubject: /*i18n*/ {
    id: "notice.reauthorization.subject",
    message: "Please authorise your hold again: {title}",
  },
  reauthHeading: /*i18n*/ { id: "notice.reauthorization.heading", message: "Please authorise your hold again" },
  reauthText: /*i18n*/ {
    id: "notice.reauthorization.text",
    message: 'The hold of {amount} for "{title}" lapsed before your purchase was completed. Nothing was taken.',
  },
  reauthNext: /*i18n*/ {
    id: "notice.reauthorization.next",
    message: "To continue, please authorise the hold again from your request.",
  },
  reauthAction: /*i18n*/ { id: "notice.reauthorization.action", message: "Authorise again" },
  // Holds, to the team
  acceptedTitle: /*i18n*/ { id: "notice.quote_accepted.title", message: "Option accepted: {title}" },
  acceptedHeading: /*i18n*/ { id: "notice.quote_accepted.heading", message: "An option was accepted" },
  acceptedText: /*i18n*/ {
    id: "notice.quote_accepted.text",
    message: '{name} accepted {option} for "{title}".',
  },
  reheldTitle: /*i18n*/ { id: "notice.hold_reauthorised.title", message: "Hold authorised again: {title}" },
  reheldHeading: /*i18n*/ { id: "notice.hold_reauthorised.heading", message: "A hold was authorised again" },
  reheldText: /*i18n*/ {
    id: "notice.hold_reauthorised.text",
    message: '{name} authorised again {option} for "{title}".',
  },
  heldBody: /*i18n*/ { id: "notice.hold_held.body", message: "{name} · {option} · {amount} held" },
  heldOnCard: /*i18n*/ {
    id: "notice.hold_held.text",
    message: "{amount} is held on their card until {date}.",
  },
  staffExpiredTitle: /*i18n*/ { id: "notice.hold_expired_staff.title", message: "Hold expired: {title}" },
  staffExpiredBody: /*i18n*/ {
    id: "notice.hold_expired_staff.body",
    message: "{name} · {amount} · nothing was captured",
  },
  staffExpiredHeading: /*i18n*/ { id: "notice.hold_expired_staff.heading", message: "A hold expired" },
  staffExpiredText: /*i18n*/ {
    id: "notice.hold_expired_staff.text",
    message: 'The hold of {amount} for "{title}" lapsed before it was captured.',
  },
  staffExpiredNext: /*i18n*/ {
    id: "notice.hold_expired_staff.next",
    message: "The member can authorise it again on their own; you can also ask them to from the request.",
  },
};

export const QUOTE_SENT_TEXTS = {
  title: /*i18n*/ { id: "notice.quote_sent.title", message: "A quote for {title}" },
  revisedTitle: /*i18n*/ { id: "notice.quote_sent.revised_title", message: "A revised quote for {title}" },
  body: /*i18n*/ {
    id: "notice.quote_sent.body",
    message: "{count, plural, one {One option} other {# options}}, valid until {date}",
  },
  subject: /*i18n*/ { id: "notice.quote_sent.subject", message: "Your quote: {title}" },
  revisedSubject: /*i18n*/ { id: "notice.quote_sent.revised_subject", message: "A revised quote: {title}" },
  heading: /*i18n*/ { id: "notice.quote_sent.heading", message: "Your quote is ready" },
  revisedHeading: /*i18n*/ { id: "notice.quote_sent.revised_heading", message: "A revised quote" },
  found: /*i18n*/ {
    id: "notice.quote_sent.found",
    message: 'We have found {count, plural, one {an option} other {# options}} for your request "{title}".',
  },
  option: /*i18n*/ { id: "notice.quote_sent.option", message: "Option {position}: {title} · {price}" },
  delivery: /*i18n*/ { id: "notice.quote_sent.delivery", message: "Estimated delivery {date}" },
  vatIncluded: /*i18n*/ { id: "notice.quote_sent.vat", message: "incl. VAT {percent} % ({amount})" },
  marginScheme: /*i18n*/ { id: "notice.quote_sent.margin", message: "Margin scheme — VAT not shown separately" },
  hold: /*i18n*/ {
    id: "notice.quote_sent.hold",
    message: "Accepting it places a refundable hold of {amount} on your card.",
  },
  validUntil: /*i18n*/ { id: "notice.quote_sent.valid_until", message: "This quote is valid until {date}." },
  action: /*i18n*/ { id: "notice.quote_sent.action", message: "View the quote" },
  // Declined, to the team
  declinedTitle: /*i18n*/ { id: "notice.quote_declined.title", message: "Quote declined: {title}" },
  declinedBody: /*i18n*/ { id: "notice.quote_declined.body", message: "{name} declined the quote." },
  declinedHeading: /*i18n*/ { id: "notice.quote_declined.heading", message: "A quote was declined" },
  declinedText: /*i18n*/ {
    id: "notice.quote_declined.text",
    message: '{name} declined the quote for "{title}".',
  },
};

export const DELIVERY_TEXTS = {
  title: /*i18n*/ { id: "notice.delivered.title", message: "Delivered: {title}" },
  confirmPlease: /*i18n*/ { id: "notice.delivered.body", message: "Please confirm you have received it." },
  heading: /*i18n*/ { id: "notice.delivered.heading", message: "Your request has been delivered" },
  text: /*i18n*/ {
    id: "notice.delivered.text",
    message:
      '"{title}" has been handed over. Please confirm you have received it, or tell us within 30 days if anything is not as it should be.',
  },
  action: /*i18n*/ { id: "notice.delivered.action", message: "Confirm receipt" },
  confirmedTitle: /*i18n*/ { id: "notice.receipt_confirmed.title", message: "Receipt confirmed: {title}" },
  confirmedBody: /*i18n*/ { id: "notice.receipt_confirmed.body", message: "{name} confirmed receipt." },
  confirmedHeading: /*i18n*/ { id: "notice.receipt_confirmed.heading", message: "Receipt confirmed" },
  confirmedText: /*i18n*/ {
    id: "notice.receipt_confirmed.text",
    message: '{name} confirmed receipt of "{title}".',
  },
  problemTitle: /*i18n*/ { id: "notice.problem_reported.title", message: "Problem reported: {title}" },
  problemHeading: /*i18n*/ { id: "notice.problem_reported.heading", message: "A problem was reported" },
  problemText: /*i18n*/ {
    id: "notice.problem_reported.text",
    message: '{name} reported a problem with "{title}".',
  },
};

/** A held authorisation lapses within 48 hours (issue 30, item 6): the member and the team are told once. */
export const HOLD_LAPSE_TEXTS = {
  memberTitle: /*i18n*/ { id: "notice.hold_lapsing.title", message: "Your hold lapses on {date}" },
  memberSubject: /*i18n*/ {
    id: "notice.hold_lapsing.subject",
    message: "Your hold lapses on {date}: {title}",
  },
  memberHeading: /*i18n*/ { id: "notice.hold_lapsing.heading", message: "Your hold will lapse soon" },
  memberText: /*i18n*/ {
    id: "notice.hold_lapsing.text",
    message: "The hold of {amount} on your card for {option} lapses on {date}. Nothing has been charged.",
  },
  memberNext: /*i18n*/ {
    id: "notice.hold_lapsing.next",
    message:
      "If your purchase is not completed by then, the hold ends by itself and you can authorise it again from your request. Nothing is needed from you now.",
  },
  staffTitle: /*i18n*/ { id: "notice.hold_lapsing_staff.title", message: "Hold lapses within 48 h: {title}" },
  staffBody: /*i18n*/ { id: "notice.hold_lapsing_staff.body", message: "{name} · {amount} · lapses {date}" },
  staffHeading: /*i18n*/ { id: "notice.hold_lapsing_staff.heading", message: "A hold lapses within 48 hours" },
  staffText: /*i18n*/ {
    id: "notice.hold_lapsing_staff.text",
    message: 'The hold of {amount} for "{title}" lapses on {date}. Nothing has been captured.',
  },
  staffNext: /*i18n*/ {
    id: "notice.hold_lapsing_staff.next",
    message:
      "Capture it before then if the purchase is complete; otherwise the member will need to authorise it again.",
  },
};

/** Refunds (issue 30, decision 033): to the member, and to the team. */
export const REFUND_NOTICE_TEXTS = {
  title: /*i18n*/ { id: "notice.payment_refunded.title", message: "Refund: {amount}" },
  body: /*i18n*/ { id: "notice.payment_refunded.body", message: "{amount} refunded to your card · {title}" },
  subject: /*i18n*/ { id: "notice.payment_refunded.subject", message: "{amount} refunded to your card: {title}" },
  heading: /*i18n*/ { id: "notice.payment_refunded.heading", message: "Your refund is on its way" },
  text: /*i18n*/ {
    id: "notice.payment_refunded.text",
    message: "We have refunded {amount} of your payment for {title} to the card you paid with.",
  },
  reason: /*i18n*/ { id: "notice.payment_refunded.reason", message: "Reason: {reason}" },
  timing: /*i18n*/ {
    id: "notice.payment_refunded.timing",
    message: "Your bank usually shows it within 5 to 10 business days.",
  },
  staffTitle: /*i18n*/ { id: "notice.payment_refunded_staff.title", message: "Refunded {amount}: {title}" },
  staffBody: /*i18n*/ {
    id: "notice.payment_refunded_staff.body",
    message: "{amount} refunded to {name}'s card",
  },
  staffHeading: /*i18n*/ { id: "notice.payment_refunded_staff.heading", message: "A refund went through" },
  staffText: /*i18n*/ {
    id: "notice.payment_refunded_staff.text",
    message: "{amount} was refunded to {name} for {title}. Reason: {reason}",
  },
  failedTitle: /*i18n*/ { id: "notice.refund_failed_staff.title", message: "Refund failed: {title}" },
  failedBody: /*i18n*/ {
    id: "notice.refund_failed_staff.body",
    message: "The refund of {amount} to {name} failed: {failure}",
  },
  failedHeading: /*i18n*/ { id: "notice.refund_failed_staff.heading", message: "A refund failed" },
  failedNext: /*i18n*/ {
    id: "notice.refund_failed_staff.next",
    message: "Nothing was refunded. The amount can be refunded again from the request.",
  },
};

/** Card disputes (decision 036), to the team. */
export const DISPUTE_NOTICE_TEXTS = {
  openedTitle: /*i18n*/ { id: "notice.dispute_opened.title", message: "Card dispute: {title}" },
  openedBody: /*i18n*/ {
    id: "notice.dispute_opened.body",
    message: "{name} · {amount} · respond by {date}",
  },
  openedHeading: /*i18n*/ { id: "notice.dispute_opened.heading", message: "A payment was disputed" },
  openedText: /*i18n*/ {
    id: "notice.dispute_opened.text",
    message:
      "{name}'s bank disputes {amount} paid for \u201c{title}\u201d (reason: {reason}). The evidence must reach the bank by {date}.",
  },
  closedTitle: /*i18n*/ { id: "notice.dispute_closed.title", message: "Dispute {outcome}: {title}" },
  closedHeading: /*i18n*/ { id: "notice.dispute_closed.heading", message: "A dispute was decided" },
  closedText: /*i18n*/ {
    id: "notice.dispute_closed.text",
    message: "The bank decided the dispute of {amount} on \u201c{title}\u201d: {outcome}.",
  },
  won: /*i18n*/ { id: "notice.dispute.won", message: "won" },
  lost: /*i18n*/ { id: "notice.dispute.lost", message: "lost" },
};
