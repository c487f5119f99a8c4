/** What the service levels write to people (decision 049): the breach warning, keyed (server only). */
export const BREACH_TEXTS = {
  firstReply: /*i18n*/ { id: "notice.service_level.first_reply", message: "First reply" },
  nextReply: /*i18n*/ { id: "notice.service_level.next_reply", message: "Next reply" },
  resolution: /*i18n*/ { id: "notice.service_level.resolution", message: "Resolution" },
  title: /*i18n*/ {
    id: "notice.service_level.title",
    message: "{target} due at {due}: {member}",
  },
  body: /*i18n*/ {
    id: "notice.service_level.body",
    message: "{member} ({tier}) is waiting. The {target} target falls due at {due}.",
  },
  heading: /*i18n*/ { id: "notice.service_level.heading", message: "A service level is about to be missed" },
  text: /*i18n*/ {
    id: "notice.service_level.text",
    message: "{member}, a {tier} member, is waiting for the team. The {target} target falls due at {due}.",
  },
  unowned: /*i18n*/ {
    id: "notice.service_level.unowned",
    message: "Nobody owns this conversation yet: please assign it.",
  },
  action: /*i18n*/ { id: "notice.service_level.action", message: "Open the conversation" },
};
