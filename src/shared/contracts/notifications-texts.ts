/**
 * The notifications domain's texts both sides say, keyed (decision 028; how a keyed text works: ../texts.ts), beside its
 * contract (./notifications.ts): the server answers with them, the client shows their translation. Words other domains
 * say too are in ./common-texts.ts. Zod-free, so a page can import it without zod. A new text gets an id under
 * its group's prefix, then `npm run i18n:extract` and its Portuguese in src/shared/locales/pt-PT.po.
 */
import { type Keyed, keyed } from "../texts";

/** What the server answers when it refuses, in the notifications domain (spec section 8, and its rules). */
export const NOTIFICATION_ERROR_TEXTS = {
  pushInvalidSubscription: /*i18n*/ {
    id: "error.push_invalid_subscription",
    message: "This device's push subscription is not valid.",
  },
  pushServiceRefused: /*i18n*/ {
    id: "error.push_service_refused",
    message: "This device's push service is not one we send to.",
  },
  deviceNotFound: /*i18n*/ { id: "error.device_not_found", message: "Device not found" },
  notificationNotFound: /*i18n*/ { id: "error.notification_not_found", message: "Notification not found" },
  deliveryNotFound: /*i18n*/ { id: "error.delivery_not_found", message: "Delivery not found" },
  retryOnlyFailed: /*i18n*/ { id: "error.retry_only_failed", message: "Only a failed delivery can be retried." },
  staffChannelOnly: /*i18n*/ {
    id: "error.staff_channel_only",
    message: "Slack and SMS notifications are for staff only.",
  },
  slackNotConfigured: /*i18n*/ {
    id: "error.slack_not_configured",
    message: "Slack is not configured: set SLACK_WEBHOOK_URL to send Slack-style messages.",
  },
} satisfies Record<string, Keyed>;
export const NOTIFICATION_ERRORS = keyed(NOTIFICATION_ERROR_TEXTS);

/** What the server answers when something went well in the notifications domain, shown as it is. */
export const NOTIFICATION_NOTICE_TEXTS = {
  mailHeld: /*i18n*/ {
    id: "notices.mail_held",
    message: "SMTP is not configured: the message is held in the outbox.",
  },
  deviceRemoved: /*i18n*/ { id: "notices.device_removed", message: "Device removed" },
} satisfies Record<string, Keyed>;
export const NOTIFICATION_NOTICES = keyed(NOTIFICATION_NOTICE_TEXTS);

/**
 * The outbox screen's words the server writes (admin/outbox): who and what a delivery is when it has no address
 * or subject of its own, and why a delivery failed (the stored error's English, keyed again by outbox-service).
 */
export const OUTBOX_DESCRIPTORS = {
  device: /*i18n*/ { id: "outbox.device", message: "A device" },
  slackWebhook: /*i18n*/ { id: "outbox.slack_webhook", message: "Slack webhook" },
  slackMessage: /*i18n*/ { id: "outbox.slack_message", message: "Slack-style message" },
  secretHidden: /*i18n*/ {
    id: "outbox.secret_hidden",
    message: "Hidden: this message holds a one-time link for its recipient only.",
  },
  webhookUnreachable: /*i18n*/ { id: "outbox.error.webhook_unreachable", message: "The webhook could not be reached" },
  webhookUnreachableCause: /*i18n*/ {
    id: "outbox.error.webhook_unreachable_cause",
    message: "The webhook could not be reached ({cause})",
  },
  webhookAnswered: /*i18n*/ { id: "outbox.error.webhook_answered", message: "The webhook answered {status}" },
  pushUnreachable: /*i18n*/ { id: "outbox.error.push_unreachable", message: "The push service could not be reached" },
  pushUnreachableCause: /*i18n*/ {
    id: "outbox.error.push_unreachable_cause",
    message: "The push service could not be reached ({cause})",
  },
  pushAnswered: /*i18n*/ { id: "outbox.error.push_answered", message: "The push service answered {status}" },
  pushUnavailable: /*i18n*/ { id: "outbox.error.push_unavailable", message: "Push is not available on this instance" },
  pushGone: /*i18n*/ {
    id: "outbox.error.push_gone",
    message: "The push service answered {status}: the device is gone and was removed.",
  },
  pushRefused: /*i18n*/ {
    id: "outbox.error.push_refused",
    message: "The push service refused the message ({status})",
  },
  smtpNotConfigured: /*i18n*/ { id: "outbox.error.smtp_not_configured", message: "SMTP is not configured" },
  mailUnavailable: /*i18n*/ {
    id: "outbox.error.mail_unavailable",
    message: "The mail server is unavailable: {detail}",
  },
  slackNotConfigured: /*i18n*/ {
    id: "outbox.error.slack_not_configured",
    message: "SLACK_WEBHOOK_URL is not configured",
  },
  unknownWebhook: /*i18n*/ { id: "outbox.error.unknown_webhook", message: "Unknown webhook" },
  serverStopping: /*i18n*/ {
    id: "outbox.error.server_stopping",
    message: "The server is stopping: the message went back to the outbox",
  },
} satisfies Record<string, Keyed>;
export const OUTBOX_TEXTS = keyed(OUTBOX_DESCRIPTORS);
