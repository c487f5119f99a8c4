/**
 * The billing domain's texts both sides say, keyed (decision 028; how a keyed text works: ../texts.ts), beside its
 * contract (./billing.ts): the server answers with them, the client shows their translation. Words other domains
 * say too are in ./common-texts.ts. Zod-free, so a page can import it without zod. A new text gets an id under
 * its group's prefix, then `npm run i18n:extract` and its Portuguese in src/shared/locales/pt-PT.po.
 */
import { type Keyed, keyed } from "../texts";

/** What the server answers when it refuses, in the billing domain (spec section 8, and its rules). */
export const BILLING_ERROR_TEXTS = {
  checkoutFailed: /*i18n*/ { id: "error.checkout_failed", message: "Failed to start checkout. Please try again." },
  portalFailed: /*i18n*/ { id: "error.portal_failed", message: "Failed to open billing portal" },
  chargesFailed: /*i18n*/ { id: "error.charges_failed", message: "Failed to load your membership payments" },
  planSame: /*i18n*/ { id: "error.plan_same", message: "You already have the {plan} membership." },
  planDowngrade: /*i18n*/ {
    id: "error.plan_downgrade",
    message: "You cannot downgrade from {from} to {to}. Please manage your subscription in your profile.",
  },
  blackByInvitation: /*i18n*/ {
    id: "error.black_by_invitation",
    message: "The Black membership is by invitation only. Please send us an inquiry.",
  },
  noBillingAccount: /*i18n*/ {
    id: "error.no_billing_account",
    message: "No billing account was found. Please choose a membership plan first.",
  },
  noComplimentary: /*i18n*/ {
    id: "error.no_complimentary",
    message: "There is no complimentary membership to cancel.",
  },
  upgradeNotPaid: /*i18n*/ {
    id: "error.upgrade_not_paid",
    message:
      "We could not charge your card for the upgrade. Please update your payment method in Manage Subscription and try again.",
  },
  noMembershipToManage: /*i18n*/ {
    id: "error.no_membership_to_manage",
    message: "You have no active membership to manage.",
  },
  checkoutSessionNotFound: /*i18n*/ {
    id: "error.checkout_session_not_found",
    message: "This checkout session was not found.",
  },
  checkoutSessionClosed: /*i18n*/ {
    id: "error.checkout_session_closed",
    message: "This checkout session is no longer open.",
  },
  subscriptionUnchangeable: /*i18n*/ {
    id: "error.subscription_unchangeable",
    message: "This subscription can no longer be changed.",
  },
  cardPageNotFound: /*i18n*/ { id: "error.card_page_not_found", message: "This card page was not found." },
  receiptNotFound: /*i18n*/ { id: "error.receipt_not_found", message: "This receipt was not found." },
  cardPageExpired: /*i18n*/ {
    id: "error.card_page_expired",
    message: "This card page has expired. Please start again from your request.",
  },
  cardPageClosed: /*i18n*/ { id: "error.card_page_closed", message: "This card page is no longer open." },
  holdAlreadyAuthorised: /*i18n*/ { id: "error.hold_already_authorised", message: "This hold is already authorised." },
  nothingToConfirm: /*i18n*/ {
    id: "error.nothing_to_confirm",
    message: "There is nothing to confirm on this card page.",
  },
  holdDeclined: /*i18n*/ { id: "error.hold_declined", message: "Your card was declined." },
  holdAuthenticationFailed: /*i18n*/ {
    id: "error.hold_authentication_failed",
    message:
      "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
  },
  syncAllRunning: /*i18n*/ {
    id: "error.sync_all_running",
    message: "A sync of all subscriptions is already running. Please wait for it to finish.",
  },
  testModeOnly: /*i18n*/ {
    id: "error.test_mode_only",
    message: "Simulated checkout is only available in test mode.",
  },
} satisfies Record<string, Keyed>;
export const BILLING_ERRORS = keyed(BILLING_ERROR_TEXTS);

/** The test-mode card pages: Stripe's words for a card it refuses. */
export const CARD_TEXTS = {
  invalidNumber: /*i18n*/ { id: "card.invalid_number", message: "Your card number is invalid." },
  invalidExpiry: /*i18n*/ { id: "card.invalid_expiry", message: "Your card's expiration date is invalid." },
  expired: /*i18n*/ { id: "card.expired", message: "Your card has expired." },
  invalidCvc: /*i18n*/ { id: "card.invalid_cvc", message: "Your card's security code is invalid." },
  nameRequired: /*i18n*/ { id: "card.name_required", message: "Please enter the name on the card." },
  declined: /*i18n*/ { id: "card.declined", message: "Your card has been declined. Please try a different card." },
  onlyTestCard: /*i18n*/ {
    id: "card.only_test_card",
    message: "This test checkout accepts only the test card {card}.",
    values: { card: "4242 4242 4242 4242" },
  },
} satisfies Record<string, Keyed>;
export const CARD_MESSAGES = keyed(CARD_TEXTS);

/**
 * What the server writes for the team's payment tools and the test-mode pages (settings, debug, the test billing
 * and hold pages): the answer keeps the English in its text and adds the key and values (`keyedAnswer`), the
 * client shows the translation (`serverText`). `state` is `none` (no membership) or the plan's name, `status` a
 * subscription status as on the wire.
 */
export const BILLING_ADMIN_TEXTS = {
  /** The invoice line, as the provider keeps it ("Balance for Kelly 28"). */
  balanceFor: /*i18n*/ { id: "balance.balance_for", message: "Balance for {title}" },
  noUser: /*i18n*/ { id: "billing_admin.no_user", message: "No user found with email {email}" },
  synced: /*i18n*/ {
    id: "billing_admin.synced",
    message:
      "Subscription synced for {email}: {plan, select, none {no membership} other {{plan}, {status, select, active {active} canceled {canceled} past_due {past due} other {{status}}}}}.",
  },
  noCustomer: /*i18n*/ {
    id: "billing_admin.no_customer",
    message:
      "{email} has no Stripe customer (never subscribed, or complimentary): {plan, select, none {no membership} other {{plan}, {status, select, active {active} canceled {canceled} past_due {past due} other {{status}}}}}.",
  },
  noActiveSubscription: /*i18n*/ {
    id: "billing_admin.no_active_subscription",
    message:
      "{email} has no active Stripe subscription: {plan, select, none {no membership} other {{plan}, {status, select, active {active} canceled {canceled} past_due {past due} other {{status}}}}}.",
  },
  syncedAll: /*i18n*/ {
    id: "billing_admin.synced_all",
    message:
      "Synced {synced}, failed {failed}, without a Stripe customer {noStripeCustomer}, without an active subscription {noActiveSubscription}.",
  },
  simulated: /*i18n*/ {
    id: "billing_admin.simulated",
    message: "Simulated a completed {plan} checkout for {email}.",
  },
  envEnvironment: /*i18n*/ { id: "billing_admin.env.environment", message: "Environment" },
  envAppUrl: /*i18n*/ { id: "billing_admin.env.app_url", message: "Application URL" },
  envDatabase: /*i18n*/ { id: "billing_admin.env.database", message: "Database" },
  envEmail: /*i18n*/ { id: "billing_admin.env.email", message: "Email" },
  envPayments: /*i18n*/ { id: "billing_admin.env.payments", message: "Payments" },
  databasePglite: /*i18n*/ { id: "billing_admin.env.database_pglite", message: "Embedded PostgreSQL (PGlite)" },
  databaseServer: /*i18n*/ { id: "billing_admin.env.database_server", message: "PostgreSQL server" },
  mailSmtp: /*i18n*/ { id: "billing_admin.env.mail_smtp", message: "Sent through SMTP" },
  mailHeld: /*i18n*/ { id: "billing_admin.env.mail_held", message: "Held in the outbox (no SMTP configured)" },
  paymentsTest: /*i18n*/ { id: "billing_admin.env.payments_test", message: "Built-in test mode" },
  paymentsStripe: /*i18n*/ { id: "billing_admin.env.payments_stripe", message: "Stripe ({mode})" },
  invoiceFirstMonth: /*i18n*/ { id: "billing_admin.invoice.first_month", message: "{plan} membership, first month" },
  invoiceUpgrade: /*i18n*/ { id: "billing_admin.invoice.upgrade", message: "Upgrade to {plan} membership, prorated" },
  invoiceRenewal: /*i18n*/ { id: "billing_admin.invoice.renewal", message: "{plan} membership, renewal" },
  holdFor: /*i18n*/ { id: "billing_admin.hold_for", message: "Hold for {title}" },
} satisfies Record<string, Keyed>;
