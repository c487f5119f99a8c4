import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { AsyncView } from "@/client/components/async-view";
import { Badge } from "@/client/components/ui/badge";
import { buttonVariants } from "@/client/components/ui/button-variants";
import { PageSpinner } from "@/client/components/ui/spinner";
import { ApiError, errorMessage, serverText } from "@/client/lib/api";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { formatEuro } from "@/shared/format";
import { appPath, billingQueries, type TestHoldSession, useAuthorizeTestHold, useConfirmTestHold } from "../api";
import { DECLINED_CARD, TEST_CARD, THREE_D_SECURE_CARD } from "../card-format";
import { BankStep, CardStep, TestPageNotice } from "../components/test-card-steps";

/**
 * The test-mode card page of a request's hold (/checkout/test/holds/:id): our stand-in for Stripe Checkout in
 * payment mode with manual capture. The card is authorised, not charged: 4242 succeeds, 0002 is declined and
 * 3184 asks for a 3-D Secure confirmation first (Approve or Fail), as Stripe's test cards do.
 */
export default function TestHoldPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Authorise the hold`);
  const { id = "" } = useParams();
  const session = useQuery(billingQueries.testHold(id));

  return (
    <AsyncView
      query={session}
      loading={<PageSpinner label={t`Loading the card page`} />}
      error={(error) => {
        const notFound = error instanceof ApiError && error.status === 404;
        return (
          <Notice
            title={notFound ? t`Card page not found` : t`Card page unavailable`}
            text={notFound ? t`This card page was not found.` : errorMessage(error, t`Please try again.`)}
          />
        );
      }}
    >
      {(data) =>
        data.status === "complete" ? (
          <Notice title={t`Already authorised`} text={t`The hold on your card is in place.`}>
            <Link to={appPath(data.successUrl)} className={buttonVariants()}>
              {t`Continue`}
            </Link>
          </Notice>
        ) : data.superseded ? (
          <Notice
            title={t`Offer changed`}
            text={t`This offer has changed. Please return to your request to see the current one.`}
          >
            <Link to={appPath(data.cancelUrl)} className={buttonVariants({ variant: "outline" })}>
              {t`Back to Maison`}
            </Link>
          </Notice>
        ) : data.status === "expired" ? (
          <Notice title={t`Card page expired`} text={t`This card page has expired. Please accept the option again.`}>
            <Link to={appPath(data.cancelUrl)} className={buttonVariants({ variant: "outline" })}>
              {t`Back to Maison`}
            </Link>
          </Notice>
        ) : (
          <HoldCheckout session={data} />
        )
      }
    </AsyncView>
  );
}

function Notice(props: { title: string; text: string; children?: React.ReactNode }) {
  const { t } = useLingui();
  return <TestPageNotice eyebrow={t`Card hold`} {...props} />;
}

function HoldCheckout({ session }: { session: TestHoldSession }) {
  const { t } = useLingui();
  const amount = formatEuro(session.amountCents / 100);
  // The bank's step: from the card form (3184), or straight away when the page is opened again mid-way.
  const [confirming, setConfirming] = useState(session.status === "requires_action");
  /** Why the bank's step failed, said again on the card form. */
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <section className="mx-auto grid max-w-5xl gap-10 px-6 py-12 sm:py-16 lg:grid-cols-2 lg:gap-16">
      <div className="flex flex-col gap-8">
        <Link
          to={appPath(session.cancelUrl)}
          className="inline-flex w-fit items-center gap-2 text-sm text-ink-muted hover:text-noir"
        >
          <ArrowLeft aria-hidden className="size-4" /> {t`Back to Maison`}
        </Link>
        <div>
          <div className="flex items-center gap-3">
            <p className="eyebrow text-gold-deep">{t`Card hold`}</p>
            <Badge variant="gold">{t`Test mode`}</Badge>
          </div>
          <p className="mt-3 text-lg break-words">{serverText(session.description, session.key, session.params)}</p>
          <p className="mt-4 flex items-baseline gap-2">
            <span className="tabular font-serif text-5xl">{amount}</span>
            <span className="text-sm text-ink-muted">{t`held, not charged`}</span>
          </p>
        </div>
        <dl className="divide-y divide-stone border-y border-stone text-sm">
          <div className="flex justify-between gap-4 py-3.5">
            <dt>{t`Authorisation hold`}</dt>
            <dd className="tabular">{amount}</dd>
          </div>
          <div className="flex justify-between gap-4 py-3.5 text-ink-muted">
            <dt>{t`Held for`}</dt>
            <dd>{t`About 7 days`}</dd>
          </div>
          <div className="flex justify-between gap-4 py-3.5 font-medium">
            <dt>{t`Charged today`}</dt>
            <dd className="tabular">{formatEuro(0)}</dd>
          </div>
        </dl>
        <div className="rounded-md border border-gold/50 bg-ivory-deep/60 p-5 text-sm leading-relaxed">
          <p className="font-medium text-noir">{t`No real card is used here.`}</p>
          <p className="mt-1 text-ink-muted">
            <Trans>
              Authorise with the test card <span className="tabular font-medium text-noir">{TEST_CARD}</span>, any
              future expiry date and any CVC. <span className="tabular">{DECLINED_CARD}</span> is always declined;{" "}
              <span className="tabular">{THREE_D_SECURE_CARD}</span> asks for your bank's confirmation.
            </Trans>
          </p>
        </div>
      </div>

      {confirming ? (
        <BankConfirmation
          session={session}
          amount={amount}
          onFailed={(message) => {
            setFailure(message);
            setConfirming(false);
          }}
        />
      ) : (
        <CardForm
          session={session}
          amount={amount}
          failure={failure}
          onRequiresAction={() => {
            setFailure(null);
            setConfirming(true);
          }}
        />
      )}
    </section>
  );
}

function CardForm({
  session,
  amount,
  failure,
  onRequiresAction,
}: {
  session: TestHoldSession;
  amount: string;
  failure: string | null;
  onRequiresAction: () => void;
}) {
  const { t } = useLingui();
  return (
    <CardStep
      email={session.email}
      emailId="hold-email"
      heading={t`Authorise with card`}
      submitLabel={t`Authorise ${amount}`}
      pendingLabel={t`Authorising…`}
      fallbackError={t`Your card could not be authorised. Please try again.`}
      footnote={t`${amount} is reserved on your card and released if the team does not take it. Nothing is charged now.`}
      submit={useAuthorizeTestHold(session.id)}
      failure={failure}
      onRequiresAction={onRequiresAction}
    />
  );
}

/** The bank's 3-D Secure step for the hold. */
function BankConfirmation({
  session,
  amount,
  onFailed,
}: {
  session: TestHoldSession;
  amount: string;
  onFailed: (message: string) => void;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const description = serverText(session.description, session.key, session.params);
  return (
    <BankStep
      heading={t`Confirm this authorisation`}
      text={
        <Trans>
          Your bank asks you to confirm the hold of <span className="tabular font-medium text-noir">{amount}</span> for{" "}
          {description}. In test mode, choose what the bank answers.
        </Trans>
      }
      failedText={t`Your bank did not confirm the authorisation. Please try again or use another card.`}
      confirm={useConfirmTestHold(session.id)}
      onFailed={onFailed}
      onReopened={() => void queryClient.invalidateQueries({ queryKey: billingQueries.testHold(session.id).queryKey })}
    />
  );
}
