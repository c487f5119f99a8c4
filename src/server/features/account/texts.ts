/** What the account domain writes to people (security emails), keyed (decision 028). */

export const ACCOUNT_TEXTS = {
  reviewSessions: /*i18n*/ { id: "mail.review_sessions", message: "Review your sessions" },
  newDeviceSubject: /*i18n*/ { id: "mail.new_device.subject", message: "New sign-in to your {app} account" },
  newDeviceHeading: /*i18n*/ { id: "mail.new_device.heading", message: "A new sign-in" },
  newDeviceText: /*i18n*/ {
    id: "mail.new_device.text",
    message: "Your {app} account was just signed in to from a device we had not seen before.",
  },
  device: /*i18n*/ { id: "mail.new_device.device", message: "Device: {device}" },
  address: /*i18n*/ { id: "mail.new_device.address", message: "Address: {address}" },
  unknownAddress: /*i18n*/ { id: "mail.new_device.unknown_address", message: "unknown" },
  time: /*i18n*/ { id: "mail.new_device.time", message: "Time: {time}" },
  newDeviceAdvice: /*i18n*/ {
    id: "mail.new_device.advice",
    message:
      "If this was you, there is nothing to do. If this wasn't you, change your password and sign that session out from your profile.",
  },
  passwordChangedSubject: /*i18n*/ { id: "mail.password_changed.subject", message: "Your {app} password was changed" },
  passwordChangedHeading: /*i18n*/ { id: "mail.password_changed.heading", message: "Your password was changed" },
  passwordChangedText: /*i18n*/ {
    id: "mail.password_changed.text",
    message: "The password of your {app} account was changed on {time}.",
  },
  othersSignedOut: /*i18n*/ {
    id: "mail.password_changed.others_out",
    message: "Your other sessions were signed out; the device you used stays signed in.",
  },
  othersStay: /*i18n*/ {
    id: "mail.password_changed.others_stay",
    message: "Your other sessions stay signed in; you can sign them out from your profile.",
  },
  notYou: /*i18n*/ {
    id: "mail.password_changed.not_you",
    message: "If you did not make this change, please reset your password at once and write to us.",
  },
};
