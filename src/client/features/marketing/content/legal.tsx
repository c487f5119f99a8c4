/**
 * The legal texts. The Terms state each plan's monthly price from src/shared/plans.ts, the prices the pricing
 * page and checkout use (issue 34 item 15: the spec's €500 and €2,000 for this page contradicted them, and one
 * set of prices must stand). Translated in place: each heading, paragraph and item is one message.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { PLAN_DEFINITIONS } from "@/shared/plans";
import { formatPrice } from "./price";

/** The contact address as a link, or words for it while the site's settings load. */
function Mailbox({ email }: { email?: string }) {
  const { t } = useLingui();
  return email ? <a href={`mailto:${email}`}>{email}</a> : <>{t`our contact mailbox`}</>;
}

export function TermsOfService({ contactEmail }: { contactEmail?: string }) {
  const { t } = useLingui();
  const mailbox = <Mailbox email={contactEmail} />;
  const basic = formatPrice(PLAN_DEFINITIONS.free.monthlyPriceEur ?? 0);
  const silver = formatPrice(PLAN_DEFINITIONS.silver.monthlyPriceEur ?? 0);
  const gold = formatPrice(PLAN_DEFINITIONS.gold.monthlyPriceEur ?? 0);
  return (
    <>
      <h2>{t`1. About these terms`}</h2>
      <p>
        {t`These terms govern your membership of Maison and every sourcing request you make through it. By creating an account or purchasing a membership you agree to them. Maison is designed and operated from Portugal.`}
      </p>

      <h2>{t`2. Membership`}</h2>
      <p>
        {t`Membership is personal and may not be shared or transferred. Each tier sets how many sourcing requests you may submit in a calendar month and whether you have access to the Executive Concierge. Allowances reset on the 1st of each month and unused requests do not carry over.`}
      </p>
      <ul>
        <li>
          <Trans>
            <strong>Basic</strong>: {basic} per month, for account access and the sales team; no sourcing requests.
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>Silver membership</strong>: {silver} per month, with five sourcing requests a month.
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>Gold membership</strong>: {gold} per month, with unlimited requests and the Executive Concierge.
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>Black membership</strong>: by invitation only, with unlimited requests and the Executive Concierge.
          </Trans>
        </li>
      </ul>
      <p>
        {t`You may upgrade at any time. Moving to a lower tier requires cancelling your current membership first. Paid memberships renew monthly until cancelled; a cancellation takes effect at the end of the billing period.`}
      </p>

      <h2>{t`3. Sourcing requests`}</h2>
      <p>
        {t`A request describes what you are looking for, your budget and your timing. We act as your agent: we search our network of verified suppliers, report back with what we find and proceed only on your approval. We do not guarantee that every request can be fulfilled, nor that it can be fulfilled within your budget.`}
      </p>

      <h2>{t`4. Authorization holds and payment`}</h2>
      <p>
        {t`Submitting a request places no hold. When you accept a quote, we place a refundable authorization hold of 10% of the accepted option's price (at least €0.50) on your card, which you authorise on a secure payment page. If the request is not fulfilled within the agreed window, the hold is released. If it is fulfilled, the hold is captured in full or in part and any balance is invoiced. The details are set out in our Refund Policy.`}
      </p>

      <h2>{t`5. Your responsibilities`}</h2>
      <ul>
        <li>{t`Give accurate information about yourself and each request.`}</li>
        <li>{t`Keep your sign-in details confidential and tell us at once of any unauthorised use.`}</li>
        <li>{t`Do not ask us to source anything unlawful, counterfeit or subject to sanctions.`}</li>
      </ul>

      <h2>{t`6. Liability`}</h2>
      <p>
        {t`We take great care in choosing suppliers and checking items, but goods and services are provided by those suppliers under their own terms. To the extent permitted by law, our liability for any request is limited to the fees you paid for it. Nothing in these terms limits your statutory rights as a consumer.`}
      </p>

      <h2>{t`7. Governing law`}</h2>
      <p>
        {t`These terms are governed by Portuguese law. Disputes will be heard by the courts of Lisbon, without prejudice to any mandatory consumer protection in your country of residence.`}
      </p>

      <h2>{t`8. Contact`}</h2>
      <p>
        <Trans>Questions about these terms are welcome at {mailbox}.</Trans>
      </p>
    </>
  );
}

export function PrivacyPolicyText({ contactEmail }: { contactEmail?: string }) {
  const { t } = useLingui();
  const mailbox = <Mailbox email={contactEmail} />;
  return (
    <>
      <h2>{t`1. Who we are`}</h2>
      <p>
        {t`Maison is the controller of the personal data described here, under the EU General Data Protection Regulation and Portuguese data protection law.`}
      </p>

      <h2>{t`2. What we collect`}</h2>
      <ul>
        <li>{t`Your account details: name, email address and phone number.`}</li>
        <li>{t`Your requests, the messages you exchange with our team and any files you attach.`}</li>
        <li>{t`Your membership and billing status. Card details are handled by our payment provider, never by us.`}</li>
        <li>{t`Technical data needed to keep you signed in and the service secure.`}</li>
      </ul>

      <h2>{t`3. How we use it`}</h2>
      <p>
        {t`To provide the membership and fulfil your requests, to communicate with you about them, to process payments and holds, to keep the service secure and to meet our legal obligations. We share a request only with the suppliers who need it to fulfil it, and we never sell personal data.`}
      </p>

      <h2>{t`4. Cookies and local storage`}</h2>
      <p>
        {t`We use only essential cookies, to keep you signed in and to remember the language you chose, and your browser’s local storage to remember that you accepted this notice. We use no advertising or cross-site tracking.`}
      </p>

      <h2>{t`5. Retention`}</h2>
      <p>
        {t`We keep your data for as long as your account is open and afterwards only as long as the law requires, for example for invoicing records.`}
      </p>

      <h2>{t`6. Your rights`}</h2>
      <p>
        <Trans>
          You may access, correct, export or delete your data, object to or restrict its use, and complain to the
          Comissão Nacional de Proteção de Dados (CNPD). Write to {mailbox} and we will reply within one month.
        </Trans>
      </p>
    </>
  );
}

export function RefundPolicy({ contactEmail }: { contactEmail?: string }) {
  const { t } = useLingui();
  const mailbox = <Mailbox email={contactEmail} />;
  return (
    <>
      <h2>{t`1. Membership fees`}</h2>
      <p>
        {t`Membership fees are billed monthly in advance. You can cancel at any time; a paid membership stays active until the end of the period already paid and is not refunded pro rata. Complimentary memberships end as soon as they are cancelled.`}
      </p>

      <h2>{t`2. Authorization holds`}</h2>
      <ul>
        <li>{t`When you accept a quote, a refundable authorization hold of 10% of the accepted option's price is placed on your card; submitting a request places none.`}</li>
        <li>{t`If we do not fulfil the request within the agreed window, the hold is released in full.`}</li>
        <li>{t`If we fulfil it, the hold is captured in full or in part, and any balance is invoiced.`}</li>
        <li>
          {t`A released hold disappears from your statement according to your card issuer’s timing, usually within a few working days.`}
        </li>
      </ul>

      <h2>{t`3. Disputes`}</h2>
      <p>
        {t`If something is not as agreed, tell us within 30 days of delivery or of the charge. We will review it with the supplier and, where the fault is confirmed, arrange a return, replacement or refund.`}
      </p>

      <h2>{t`4. How to ask`}</h2>
      <p>
        <Trans>
          Write to {mailbox} with your request reference. Your statutory rights as a consumer are not affected.
        </Trans>
      </p>
    </>
  );
}
