import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { AsyncView } from "@/client/components/async-view";
import { buttonVariants } from "@/client/components/ui/button-variants";
import { PageSpinner } from "@/client/components/ui/spinner";
import { ApiError, errorMessage, serverText } from "@/client/lib/api";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { formatEuro } from "@/shared/format";
import { appPath, billingQueries, type TestHoldSession, useAuthorizeTestHold, useConfirmTestHold } from "../api";
import { DECLINED_CARD, TEST_CARD, THREE_D_SECURE_CARD } from "../card-format";
import { BankStep, CardStep, TestCheckout, TestPageNotice } from "../components/test-card-steps";

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
  const description = serverText(session.description, session.key, session.params);
  // What the bank names: the item held ("Birkin 30"), not the hold's own line ("Hold for Birkin 30").
  const item = typeof session.params?.title === "string" ? session.params.title : description;
  const authorize = useAuthorizeTestHold(session.id);
  const confirm = useConfirmTestHold(session.id);
  const queryClient = useQueryClient();
  return (
    <TestCheckout
      back={session.cancelUrl}
      eyebrow={t`Card hold`}
      description={description}
      amount={amount}
      caption={t`held, not charged`}
      lines={[
        { label: t`Authorisation hold`, value: amount },
        { label: t`Held for`, value: t`About 7 days`, className: "text-ink-muted", tabular: false },
        { label: t`Charged today`, value: formatEuro(0), className: "font-medium" },
      ]}
      note={
        <Trans>
          Authorise with the test card <span className="tabular font-medium text-noir">{TEST_CARD}</span>, any future
          expiry date and any CVC. <span className="tabular">{DECLINED_CARD}</span> is always declined;{" "}
          <span className="tabular">{THREE_D_SECURE_CARD}</span> asks for your bank's confirmation.
        </Trans>
      }
      confirming={session.status === "requires_action"}
      card={(failure, onRequiresAction) => (
        <CardStep
          email={session.email}
          emailId="hold-email"
          heading={t`Authorise with card`}
          submitLabel={t`Authorise ${amount}`}
          pendingLabel={t`Authorising…`}
          fallbackError={t`Your card could not be authorised. Please try again.`}
          footnote={t`${amount} is reserved on your card and released if the team does not take it. Nothing is charged now.`}
          submit={authorize}
          failure={failure}
          onRequiresAction={onRequiresAction}
        />
      )}
      bank={(onFailed) => (
        // The bank's 3-D Secure step for the hold.
        <BankStep
          heading={t`Confirm this authorisation`}
          text={
            <Trans>
              Your bank asks you to confirm the hold of <span className="tabular font-medium text-noir">{amount}</span>{" "}
              for {item}. In test mode, choose what the bank answers.
            </Trans>
          }
          failedText={t`Your bank did not confirm the authorisation. Please try again or use another card.`}
          confirm={confirm}
          onFailed={onFailed}
          onReopened={() =>
            void queryClient.invalidateQueries({ queryKey: billingQueries.testHold(session.id).queryKey })
          }
        />
      )}
    />
  );
}
