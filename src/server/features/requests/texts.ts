/**
 * What the requests domain writes to people (notifications and emails), keyed (decision 028): English here,
 * Portuguese in src/server/locales/pt-PT.po; each reader gets them in their language.
 */

export const REQUEST_TEXTS = {
  // A new request, to the team
  createdTitle: /*i18n*/ { id: "notice.request_created.title", message: "New request: {title}" },
  createdBody: /*i18n*/ {
    id: "notice.request_created.body",
    message: "{name} · {category} · {budget} · {urgency}",
  },
  createdHeading: /*i18n*/ { id: "notice.request_created.heading", message: "A new sourcing request" },
  createdAsks: /*i18n*/ { id: "notice.request_created.asks", message: "{name} ({email}) asks for: {title}." },
  createdFacts: /*i18n*/ {
    id: "notice.request_created.facts",
    message: "Category: {category} · Budget: {budget} · Urgency: {urgency}",
  },
  // Assigned to a staff member
  assignedTitle: /*i18n*/ { id: "notice.assigned.title", message: "Assigned to you: {title}" },
  assignedBy: /*i18n*/ { id: "notice.assigned.by", message: "By {name}" },
  assignedInTurn: /*i18n*/ { id: "notice.assigned.in_turn", message: "In turn, as a new request" },
  assignedHeading: /*i18n*/ { id: "notice.assigned.heading", message: "A request is yours" },
  assignedText: /*i18n*/ { id: "notice.assigned.text", message: 'The request "{title}" was assigned to you.' },
  assignedTextBy: /*i18n*/ {
    id: "notice.assigned.text_by",
    message: 'The request "{title}" was assigned to you by {name}.',
  },
  // A status change, to the member
  statusTitle: /*i18n*/ { id: "notice.status_changed.title", message: "Your request is now {status}" },
  statusSubject: /*i18n*/ { id: "notice.status_changed.subject", message: "Your request is now {status}: {title}" },
  statusText: /*i18n*/ {
    id: "notice.status_changed.text",
    message: 'The status of your request "{title}" changed from {from} to {to}.',
  },
  // A member's message, to the team
  memberMessageTitle: /*i18n*/ { id: "notice.member_message.title", message: "New message on: {title}" },
  memberMessageHeading: /*i18n*/ { id: "notice.member_message.heading", message: "A member wrote to the team" },
  memberMessageText: /*i18n*/ {
    id: "notice.member_message.text",
    message: '{name} ({email}) wrote on the request "{title}":',
  },
  memberBurstTitle: /*i18n*/ {
    id: "notice.member_message.burst_title",
    message: "{count} new messages from {name} on: {title}",
  },
  memberBurstHeading: /*i18n*/ {
    id: "notice.member_message.burst_heading",
    message: "{count} new messages from a member",
  },
  memberBurstText: /*i18n*/ {
    id: "notice.member_message.burst_text",
    message: '{name} ({email}) wrote {count} messages on the request "{title}". The latest:',
  },
  // The team's reply, to the member
  replyTitle: /*i18n*/ { id: "notice.reply.title", message: "A reply on your request: {title}" },
  replyHeading: /*i18n*/ { id: "notice.reply.heading", message: "Our team replied" },
  replyText: /*i18n*/ { id: "notice.reply.text", message: '{name} replied on your request "{title}":' },
  replyBurstTitle: /*i18n*/ {
    id: "notice.reply.burst_title",
    message: "{count} new replies on your request: {title}",
  },
  replyBurstHeading: /*i18n*/ { id: "notice.reply.burst_heading", message: "Our team wrote {count} times" },
  replyBurstText: /*i18n*/ {
    id: "notice.reply.burst_text",
    message: 'Our team wrote {count} messages on your request "{title}". The latest, from {name}:',
  },
  // A member's changes, to the team
  changedTitle: /*i18n*/ { id: "notice.request_changed.title", message: "Request changed: {title}" },
  changedHeading: /*i18n*/ { id: "notice.request_changed.heading", message: "A member changed their request" },
  changedText: /*i18n*/ {
    id: "notice.request_changed.text",
    message: '{name} ({email}) changed the request "{title}":',
  },
  changedField: /*i18n*/ { id: "notice.request_changed.field", message: "{field}: {from} → {to}" },
  notesUpdated: /*i18n*/ { id: "notice.request_changed.notes", message: "Notes updated" },
  none: /*i18n*/ { id: "notice.request_changed.none", message: "none" },
  budget: /*i18n*/ { id: "notice.field.budget", message: "Budget" },
  notes: /*i18n*/ { id: "notice.field.notes", message: "Notes" },
  urgency: /*i18n*/ { id: "notice.field.urgency", message: "Urgency" },
  deadline: /*i18n*/ { id: "notice.field.deadline", message: "Deadline" },
  // A member withdrew their request, to the team
  withdrawnTitle: /*i18n*/ { id: "notice.request_withdrawn.title", message: "Request withdrawn: {title}" },
  withdrawnBody: /*i18n*/ {
    id: "notice.request_withdrawn.body",
    message: "{name} withdrew this request while it was {status}.",
  },
  withdrawnHeading: /*i18n*/ {
    id: "notice.request_withdrawn.heading",
    message: "A member withdrew their request",
  },
  withdrawnText: /*i18n*/ {
    id: "notice.request_withdrawn.text",
    message: '{name} ({email}) withdrew the request "{title}" while it was {status}.',
  },
};
