import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, CreditCard, Lock } from "lucide-react";
import { Link, useNavigate, useParams } from "react-router";
import { AsyncView } from "@/client/components/async-view";
import { Form, FormError, useZodForm } from "@/client/components/form";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { buttonVariants } from "@/client/components/ui/button-variants";
import { PageSpinner } from "@/client/components/ui/spinner";
import { ApiError, errorMessage } from "@/client/lib/api";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { cardSchema } from "@/shared/contracts/billing";
import { formatEuro } from "@/shared/format";
import { PLAN_DEFINITIONS, planLabel } from "@/shared/plans";
import { appPath, billingQueries, type CardDetails, type TestCheckoutSession, usePayTestCheckout } from "../api";
import { DECLINED_CARD, TEST_CARD } from "../card-format";
import { CardFields } from "../components/card-fields";

/**
 * The test-mode checkout (/checkout/test/:sessionId): our stand-in for Stripe Checkout, in a card form that
 * accepts the test card and declines 4000 0000 0000 0002, as Stripe's test mode would.
 */
export default function TestCheckoutPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Checkout`);
  const { sessionId = "" } = useParams();
  const checkout = useQuery(billingQueries.testCheckout(sessionId));

  return (
    <AsyncView
      query={checkout}
      loading={<PageSpinner label={t`Loading checkout`} />}
      error={(error) => {
        const notFound = error instanceof ApiError && error.status === 404;
        return (
          <Notice
            title={notFound ? t`Checkout not found` : t`Checkout unavailable`}
            text={notFound ? t`This checkout session was not found.` : errorMessage(error, t`Please try again.`)}
          />
        );
      }}
    >
      {(data) =>
        data.status === "complete" ? (
          <Notice title={t`Already paid`} text={t`This checkout is complete.`}>
            <Link to={appPath(data.successUrl)} className={buttonVariants()}>
              {t`Continue`}
            </Link>
          </Notice>
        ) : data.status === "expired" ? (
          <Notice
            title={t`Checkout expired`}
            text={t`This checkout session has expired. Please choose your plan again.`}
          />
        ) : (
          <CheckoutForm checkout={data} />
        )
      }
    </AsyncView>
  );
}

function Notice({ title, text, children }: { title: string; text: string; children?: React.ReactNode }) {
  const { t } = useLingui();
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-5 px-6 py-20 text-center">
      <p className="eyebrow text-gold-deep">{t`Checkout`}</p>
      <h1 className="text-4xl">{title}</h1>
      <p className="text-ink-muted">{text}</p>
      <div className="flex gap-3">
        {children}
        <Link to="/pricing" className={buttonVariants({ variant: "outline" })}>
          {t`View Membership Plans`}
        </Link>
      </div>
    </section>
  );
}

function CheckoutForm({ checkout }: { checkout: TestCheckoutSession }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const pay = usePayTestCheckout(checkout.id);
  const form = useZodForm(cardSchema, { defaultValues: { cardNumber: "", expiry: "", cvc: "", name: "" } });
  const label = planLabel(checkout.plan);
  const amount = formatEuro(checkout.amountCents / 100);
  const definition = PLAN_DEFINITIONS[checkout.plan];

  async function onSubmit(card: CardDetails) {
    try {
      const { redirectUrl } = await pay.mutateAsync(card);
      navigate(appPath(redirectUrl), { replace: true });
    } catch (error) {
      form.setError("root", {
        message: errorMessage(error, t`Your payment could not be processed. Please try again.`),
      });
    }
  }

  return (
    <section className="mx-auto grid max-w-5xl gap-10 px-6 py-12 sm:py-16 lg:grid-cols-2 lg:gap-16">
      <div className="flex flex-col gap-8">
        <Link
          to={appPath(checkout.cancelUrl)}
          className="inline-flex w-fit items-center gap-2 text-sm text-ink-muted hover:text-noir"
        >
          <ArrowLeft aria-hidden className="size-4" /> {t`Back to Maison`}
        </Link>
        <div>
          <div className="flex items-center gap-3">
            <p className="eyebrow text-gold-deep">{t`Subscribe to Maison ${label}`}</p>
            <Badge variant="gold">{t`Test mode`}</Badge>
          </div>
          <p className="mt-4 flex items-baseline gap-2">
            <span className="tabular font-serif text-5xl">{amount}</span>
            <span className="text-sm text-ink-muted">{t`per month`}</span>
          </p>
        </div>
        <dl className="divide-y divide-stone border-y border-stone text-sm">
          <div className="flex justify-between gap-4 py-3.5">
            <dt>{t`${label} membership`}</dt>
            <dd className="tabular">{amount}</dd>
          </div>
          <div className="flex justify-between gap-4 py-3.5 text-ink-muted">
            <dt>{t`Monthly requests`}</dt>
            <dd className="tabular">{definition.monthlyRequestLimit ?? t`Unlimited`}</dd>
          </div>
          <div className="flex justify-between gap-4 py-3.5 font-medium">
            <dt>{t`Total due today`}</dt>
            <dd className="tabular">{amount}</dd>
          </div>
        </dl>
        <div className="rounded-md border border-gold/50 bg-ivory-deep/60 p-5 text-sm leading-relaxed">
          <p className="font-medium text-noir">{t`No real payment is taken here.`}</p>
          <p className="mt-1 text-ink-muted">
            <Trans>
              Pay with the test card <span className="tabular font-medium text-noir">{TEST_CARD}</span>, any future
              expiry date and any CVC. The card <span className="tabular">{DECLINED_CARD}</span> is always declined.
            </Trans>
          </p>
        </div>
      </div>

      <Form form={form} onSubmit={onSubmit} className="rounded-lg border border-stone bg-card p-7 sm:p-9">
        <h1 className="flex items-center gap-3 font-serif text-3xl">
          <CreditCard aria-hidden className="size-6 text-gold-deep" strokeWidth={1.5} /> {t`Pay with card`}
        </h1>
        <CardFields form={form} emailId="checkout-email" email={checkout.email} />
        <FormError />
        <Button type="submit" size="lg" disabled={pay.isPending} className="mt-2 w-full">
          <Lock aria-hidden /> {pay.isPending ? t`Processing…` : t`Subscribe`}
        </Button>
        <p className="text-center text-xs text-ink-muted">
          {t`By subscribing you agree to be billed ${amount} each month until you cancel.`}
        </p>
      </Form>
    </section>
  );
}
