import { ArrowLeft, CreditCard, Lock } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link, Navigate, useLocation, useNavigate, useParams } from "react-router";
import { authRedirect } from "@/client/app/guards";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { buttonVariants } from "@/client/components/ui/button-variants";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { PageSpinner } from "@/client/components/ui/spinner";
import { useSession } from "@/client/features/auth/session";
import { ApiError, errorMessage } from "@/client/lib/api";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { formatEuro } from "@/shared/format";
import { PLAN_DEFINITIONS, planLabel } from "@/shared/plans";
import {
  appPath,
  type CardDetails,
  type TestCheckoutSession,
  usePayTestCheckout,
  useTestCheckoutSession,
} from "../api";

const TEST_CARD = "4242 4242 4242 4242";
const DECLINED_CARD = "4000 0000 0000 0002";

/** Groups of four as the number is typed, digits only. */
function formatCardNumber(value: string) {
  return value
    .replace(/\D/g, "")
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** MM/YY as the date is typed. */
function formatExpiry(value: string) {
  const digits = value.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/**
 * The test-mode checkout (/checkout/test/:sessionId): our stand-in for Stripe Checkout, in a card form that
 * accepts the test card and declines 4000 0000 0000 0002, as Stripe's test mode would.
 */
export default function TestCheckoutPage() {
  useDocumentTitle("Checkout");
  const { sessionId = "" } = useParams();
  const session = useSession();
  const location = useLocation();
  const checkout = useTestCheckoutSession(sessionId);

  if (session.isLoading) return <PageSpinner />;
  if (!session.isSignedIn) return <Navigate to={authRedirect(location)} replace />;
  if (checkout.isPending) return <PageSpinner label="Loading checkout" />;

  if (checkout.isError || !checkout.data) {
    const notFound = checkout.error instanceof ApiError && checkout.error.status === 404;
    return (
      <Notice
        title={notFound ? "Checkout not found" : "Checkout unavailable"}
        text={notFound ? "This checkout session was not found." : errorMessage(checkout.error, "Please try again.")}
      />
    );
  }
  const data = checkout.data;
  if (data.status === "complete") {
    return (
      <Notice title="Already paid" text="This checkout is complete.">
        <Link to={appPath(data.successUrl)} className={buttonVariants()}>
          Continue
        </Link>
      </Notice>
    );
  }
  if (data.status === "expired") {
    return <Notice title="Checkout expired" text="This checkout session has expired. Please choose your plan again." />;
  }
  return <CheckoutForm checkout={data} />;
}

function Notice({ title, text, children }: { title: string; text: string; children?: React.ReactNode }) {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-5 px-6 py-20 text-center">
      <p className="eyebrow text-gold-deep">Checkout</p>
      <h1 className="text-4xl">{title}</h1>
      <p className="text-ink-muted">{text}</p>
      <div className="flex gap-3">
        {children}
        <Link to="/pricing" className={buttonVariants({ variant: "outline" })}>
          View Membership Plans
        </Link>
      </div>
    </section>
  );
}

function CheckoutForm({ checkout }: { checkout: TestCheckoutSession }) {
  const navigate = useNavigate();
  const pay = usePayTestCheckout(checkout.id);
  const [card, setCard] = useState<CardDetails>({ cardNumber: "", expiry: "", cvc: "", name: "" });
  const [error, setError] = useState<string | null>(null);
  const label = planLabel(checkout.plan);
  const amount = formatEuro(checkout.amountCents / 100);
  const definition = PLAN_DEFINITIONS[checkout.plan];

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const { redirectUrl } = await pay.mutateAsync(card);
      navigate(appPath(redirectUrl), { replace: true });
    } catch (e) {
      setError(errorMessage(e, "Your payment could not be processed. Please try again."));
    }
  }

  const set = (field: keyof CardDetails, format?: (v: string) => string) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setCard((c) => ({ ...c, [field]: format ? format(e.target.value) : e.target.value }));

  return (
    <section className="mx-auto grid max-w-5xl gap-10 px-6 py-12 sm:py-16 lg:grid-cols-2 lg:gap-16">
      <div className="flex flex-col gap-8">
        <Link
          to={appPath(checkout.cancelUrl)}
          className="inline-flex w-fit items-center gap-2 text-sm text-ink-muted hover:text-noir"
        >
          <ArrowLeft aria-hidden className="size-4" /> Back to Maison
        </Link>
        <div>
          <div className="flex items-center gap-3">
            <p className="eyebrow text-gold-deep">Subscribe to Maison {label}</p>
            <Badge variant="gold">Test mode</Badge>
          </div>
          <p className="mt-4 flex items-baseline gap-2">
            <span className="tabular font-serif text-5xl">{amount}</span>
            <span className="text-sm text-ink-muted">per month</span>
          </p>
        </div>
        <dl className="divide-y divide-stone border-y border-stone text-sm">
          <div className="flex justify-between gap-4 py-3.5">
            <dt>{label} membership</dt>
            <dd className="tabular">{amount}</dd>
          </div>
          <div className="flex justify-between gap-4 py-3.5 text-ink-muted">
            <dt>Monthly requests</dt>
            <dd className="tabular">{definition.monthlyRequestLimit ?? "Unlimited"}</dd>
          </div>
          <div className="flex justify-between gap-4 py-3.5 font-medium">
            <dt>Total due today</dt>
            <dd className="tabular">{amount}</dd>
          </div>
        </dl>
        <div className="rounded-md border border-gold/50 bg-ivory-deep/60 p-5 text-sm leading-relaxed">
          <p className="font-medium text-noir">No real payment is taken here.</p>
          <p className="mt-1 text-ink-muted">
            Pay with the test card <span className="tabular font-medium text-noir">{TEST_CARD}</span>, any future expiry
            date and any CVC. The card <span className="tabular">{DECLINED_CARD}</span> is always declined.
          </p>
        </div>
      </div>

      <form
        onSubmit={onSubmit}
        noValidate
        className="flex flex-col gap-5 rounded-lg border border-stone bg-card p-7 sm:p-9"
      >
        <h1 className="flex items-center gap-3 font-serif text-3xl">
          <CreditCard aria-hidden className="size-6 text-gold-deep" strokeWidth={1.5} /> Pay with card
        </h1>
        <FormField id="checkout-email" label="Email">
          <Input id="checkout-email" type="email" value={checkout.email} readOnly />
        </FormField>
        <FormField id="checkout-card" label="Card number">
          <Input
            id="checkout-card"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            value={card.cardNumber}
            onChange={set("cardNumber", formatCardNumber)}
            aria-invalid={error ? true : undefined}
            required
          />
        </FormField>
        <div className="grid grid-cols-2 gap-4">
          <FormField id="checkout-expiry" label="Expiry">
            <Input
              id="checkout-expiry"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/YY"
              value={card.expiry}
              onChange={set("expiry", formatExpiry)}
              required
            />
          </FormField>
          <FormField id="checkout-cvc" label="CVC">
            <Input
              id="checkout-cvc"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
              value={card.cvc}
              onChange={set("cvc", (v) => v.replace(/\D/g, ""))}
              required
            />
          </FormField>
        </div>
        <FormField id="checkout-name" label="Name on card">
          <Input id="checkout-name" autoComplete="cc-name" value={card.name} onChange={set("name")} required />
        </FormField>
        {error && (
          <p role="alert" className="rounded-md border border-oxblood/30 bg-oxblood/5 px-4 py-3 text-sm text-oxblood">
            {error}
          </p>
        )}
        <Button type="submit" size="lg" disabled={pay.isPending} className="mt-2 w-full">
          <Lock aria-hidden /> {pay.isPending ? "Processing…" : "Subscribe"}
        </Button>
        <p className="text-center text-xs text-ink-muted">
          By subscribing you agree to be billed {amount} each month until you cancel.
        </p>
      </form>
    </section>
  );
}
