/** What the concierge domain writes to people, keyed (decision 028; Portuguese in src/server/locales). */

export const CONCIERGE_TEXTS = {
  openInbox: /*i18n*/ { id: "notice.open_inbox", message: "Open the inbox" },
  openConversation: /*i18n*/ { id: "notice.open_conversation", message: "Open the conversation" },
  // A member's message, to the team
  memberTitle: /*i18n*/ { id: "notice.concierge_member.title", message: "Concierge: a message from {name}" },
  memberHeading: /*i18n*/ { id: "notice.concierge_member.heading", message: "A member wrote to the concierge" },
  memberText: /*i18n*/ { id: "notice.concierge_member.text", message: "{name} ({email}) wrote:" },
  memberBurstTitle: /*i18n*/ {
    id: "notice.concierge_member.burst_title",
    message: "Concierge: {count} new messages from {name}",
  },
  memberBurstText: /*i18n*/ {
    id: "notice.concierge_member.burst_text",
    message: "{name} ({email}) wrote {count} messages. The latest:",
  },
  // The concierge's reply, to the member
  replyTitle: /*i18n*/ { id: "notice.concierge_reply.title", message: "Your concierge replied" },
  replyHeading: /*i18n*/ { id: "notice.concierge_reply.heading", message: "A reply from your concierge" },
  replyText: /*i18n*/ { id: "notice.concierge_reply.text", message: "{name} replied:" },
  replyBurstTitle: /*i18n*/ {
    id: "notice.concierge_reply.burst_title",
    message: "Your concierge wrote {count} messages",
  },
  replyBurstHeading: /*i18n*/ {
    id: "notice.concierge_reply.burst_heading",
    message: "Replies from your concierge",
  },
  replyBurstText: /*i18n*/ {
    id: "notice.concierge_reply.burst_text",
    message: "Your concierge wrote {count} messages. The latest, from {name}:",
  },
  // A conversation given to a staff member
  assignedTitle: /*i18n*/ {
    id: "notice.concierge_assigned.title",
    message: "Assigned to you: the concierge conversation with {member}",
  },
  assignedBy: /*i18n*/ { id: "notice.assigned.by", message: "By {name}" },
  assignedHeading: /*i18n*/ { id: "notice.concierge_assigned.heading", message: "A conversation is yours" },
  assignedText: /*i18n*/ {
    id: "notice.concierge_assigned.text",
    message: "{name} assigned you the concierge conversation with {member}.",
  },
};
