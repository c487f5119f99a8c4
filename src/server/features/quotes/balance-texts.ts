/** What the balance invoice writes to people (decision 035), keyed (decision 028). */

export const BALANCE_NOTICE_TEXTS = {
  payNow: /*i18n*/ { id: "notice.balance.pay_now", message: "Pay now" },
  // To the member
  sentTitle: /*i18n*/ {
    id: "notice.balance_sent.title",
    message: "Your balance invoice for {title}: {amount} due by {date}",
  },
  sentSubject: /*i18n*/ { id: "notice.balance_sent.subject", message: "Your balance invoice: {title}" },
  sentHeading: /*i18n*/ { id: "notice.balance_sent.heading", message: "Your balance invoice" },
  sentText: /*i18n*/ {
    id: "notice.balance_sent.text",
    message: "The balance of {amount} for {title} is due by {date}.",
  },
  sentHow: /*i18n*/ {
    id: "notice.balance_sent.how",
    message: "You can pay it by card or by bank transfer on the invoice's page.",
  },
  paidTitle: /*i18n*/ { id: "notice.balance_paid.title", message: "Paid in full: {title}" },
  paidSubject: /*i18n*/ { id: "notice.balance_paid.subject", message: "Thank you, your balance is paid: {title}" },
  paidHeading: /*i18n*/ { id: "notice.balance_paid.heading", message: "Paid in full" },
  paidText: /*i18n*/ {
    id: "notice.balance_paid.text",
    message: "We have received {amount} for {title}. Your purchase is paid in full.",
  },
  failedTitle: /*i18n*/ { id: "notice.balance_failed.title", message: "Your balance payment did not go through" },
  failedSubject: /*i18n*/ {
    id: "notice.balance_failed.subject",
    message: "Your balance payment did not go through: {title}",
  },
  failedHeading: /*i18n*/ { id: "notice.balance_failed.heading", message: "Your payment did not go through" },
  failedText: /*i18n*/ {
    id: "notice.balance_failed.text",
    message: "Your payment of the balance for {title} was declined. {amount} is still due by {date}.",
  },
  overdueTitle: /*i18n*/ { id: "notice.balance_overdue.title", message: "Your balance is overdue: {title}" },
  overdueSubject: /*i18n*/ { id: "notice.balance_overdue.subject", message: "Your balance is overdue: {title}" },
  overdueHeading: /*i18n*/ { id: "notice.balance_overdue.heading", message: "Your balance is overdue" },
  overdueText: /*i18n*/ {
    id: "notice.balance_overdue.text",
    message: "The balance of {amount} for {title} was due on {date}.",
  },
  reminderTitle: /*i18n*/ {
    id: "notice.balance_reminder.title",
    message: "Reminder: {amount} due by {date}",
  },
  reminderSubject: /*i18n*/ {
    id: "notice.balance_reminder.subject",
    message: "Reminder: your balance for {title} is due by {date}",
  },
  reminderLateTitle: /*i18n*/ {
    id: "notice.balance_reminder.late_title",
    message: "Reminder: {amount} was due on {date}",
  },
  reminderLateSubject: /*i18n*/ {
    id: "notice.balance_reminder.late_subject",
    message: "Reminder: your balance for {title} was due on {date}",
  },
  reminderHeading: /*i18n*/ { id: "notice.balance_reminder.heading", message: "A reminder about your balance" },
  // To the team
  staffPaidTitle: /*i18n*/ { id: "notice.balance_paid.staff_title", message: "Balance paid: {title}" },
  staffPaidText: /*i18n*/ {
    id: "notice.balance_paid.staff_text",
    message: '{name} paid the balance of {amount} for "{title}".',
  },
  staffOverdueTitle: /*i18n*/ { id: "notice.balance_overdue.staff_title", message: "Balance overdue: {title}" },
  staffOverdueText: /*i18n*/ {
    id: "notice.balance_overdue.staff_text",
    message: '{name}\'s balance of {amount} for "{title}" was due on {date}.',
  },
};
