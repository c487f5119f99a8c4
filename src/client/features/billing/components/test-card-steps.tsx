/**
 * The test provider's hosted pages (a card hold, a balance invoice) share their steps: a notice when the page
 * cannot be used, the card form (4242 goes through, 0002 is declined, 3184 asks the bank first) and the bank's
 * 3-D Secure step (approve, or fail and back to the card form). Each page says what is authorised or paid.
 */
import { useLingui } from "@lingui/react/macro";
import { ArrowLeft, CreditCard, Landmark, Lock, ShieldCheck } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Form, FormError, useZodForm } from "@/client/components/form";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { errorMessage } from "@/client/lib/api";
import { cn } from "@/client/lib/utils";
import { cardSchema } from "@/shared/contracts/billing";
import { appPath, type CardDetails } from "../api";
import { CardFields } from "./card-fields";

export function TestPageNotice({
  eyebrow,
  title,
  text,
  children,
}: {
  eyebrow: string;
  title: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-5 px-6 py-20 text-center">
      <p className="eyebrow text-gold-deep">{eyebrow}</p>
      <h1 className="text-4xl">{title}</h1>
      <p className="text-ink-muted">{text}</p>
      {children && <div className="flex gap-3">{children}</div>}
    </section>
  );
}

/**
 * A hosted page that can be used: on the left the way back, what is paid (eyebrow, description, amount and its
 * lines) and the test cards' note; on the right the card form, or the bank's step (from the card form, or at
 * once when the page is opened again mid-way), whose failure is said again on the card form.
 */
export function TestCheckout({
  back,
  eyebrow,
  description,
  amount,
  caption,
  lines,
  note,
  confirming: confirmingFirst,
  card,
  bank,
}: {
  back: string;
  eyebrow: string;
  description: string;
  amount: string;
  caption: string;
  lines: Array<{ label: string; value: string; className?: string; tabular?: boolean }>;
  note: ReactNode;
  confirming: boolean;
  card: (failure: string | null, onRequiresAction: () => void) => ReactNode;
  bank: (onFailed: (message: string) => void) => ReactNode;
}) {
  const { t } = useLingui();
  const [confirming, setConfirming] = useState(confirmingFirst);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <section className="mx-auto grid max-w-5xl gap-10 px-6 py-12 sm:py-16 lg:grid-cols-2 lg:gap-16">
      <div className="flex flex-col gap-8">
        <Link
          to={appPath(back)}
          className="inline-flex w-fit items-center gap-2 text-sm text-ink-muted hover:text-noir"
        >
          <ArrowLeft aria-hidden className="size-4" /> {t`Back to Maison`}
        </Link>
        <div>
          <div className="flex items-center gap-3">
            <p className="eyebrow text-gold-deep">{eyebrow}</p>
            <Badge variant="gold">{t`Test mode`}</Badge>
          </div>
          <p className="mt-3 text-lg break-words">{description}</p>
          <p className="mt-4 flex items-baseline gap-2">
            <span className="tabular font-serif text-5xl">{amount}</span>
            <span className="text-sm text-ink-muted">{caption}</span>
          </p>
        </div>
        <dl className="divide-y divide-stone border-y border-stone text-sm">
          {lines.map((line) => (
            <div key={line.label} className={cn("flex justify-between gap-4 py-3.5", line.className)}>
              <dt>{line.label}</dt>
              <dd className={line.tabular === false ? undefined : "tabular"}>{line.value}</dd>
            </div>
          ))}
        </dl>
        <div className="rounded-md border border-gold/50 bg-ivory-deep/60 p-5 text-sm leading-relaxed">
          <p className="font-medium text-noir">{t`No real card is used here.`}</p>
          <p className="mt-1 text-ink-muted">{note}</p>
        </div>
      </div>
      {confirming
        ? bank((message) => {
            setFailure(message);
            setConfirming(false);
          })
        : card(failure, () => {
            setFailure(null);
            setConfirming(true);
          })}
    </section>
  );
}

type Answer = { redirectUrl: string | null; requiresAction?: boolean };

/** The card form: on success the page's next address, or the bank's step when the card asks for it. */
export function CardStep({
  email,
  emailId,
  heading,
  submitLabel,
  pendingLabel,
  fallbackError,
  footnote,
  submit,
  failure,
  onRequiresAction,
}: {
  email: string;
  emailId: string;
  heading: string;
  submitLabel: string;
  pendingLabel: string;
  fallbackError: string;
  footnote?: string;
  submit: { mutateAsync: (card: CardDetails) => Promise<Answer>; isPending: boolean };
  failure: string | null;
  onRequiresAction: () => void;
}) {
  const navigate = useNavigate();
  const form = useZodForm(cardSchema, { defaultValues: { cardNumber: "", expiry: "", cvc: "", name: "" } });
  useEffect(() => {
    if (failure) form.setError("root", { message: failure });
  }, [failure, form]);

  async function onSubmit(card: CardDetails) {
    try {
      const next = await submit.mutateAsync(card);
      if (next.requiresAction || !next.redirectUrl) onRequiresAction();
      else navigate(appPath(next.redirectUrl), { replace: true });
    } catch (error) {
      form.setError("root", { message: errorMessage(error, fallbackError) });
    }
  }

  return (
    <Form form={form} onSubmit={onSubmit} className="rounded-lg border border-stone bg-card p-7 sm:p-9">
      <h1 className="flex items-center gap-3 font-serif text-3xl">
        <CreditCard aria-hidden className="size-6 text-gold-deep" strokeWidth={1.5} /> {heading}
      </h1>
      <CardFields form={form} emailId={emailId} email={email} />
      <FormError />
      <Button type="submit" size="lg" disabled={submit.isPending} className="mt-2 w-full">
        <Lock aria-hidden /> {submit.isPending ? pendingLabel : submitLabel}
      </Button>
      {footnote && <p className="text-center text-xs text-ink-muted">{footnote}</p>}
    </Form>
  );
}

/** The bank's 3-D Secure step, as a hosted page shows it: approve, or fail the confirmation. */
export function BankStep({
  heading,
  text,
  failedText,
  confirm,
  onFailed,
  onReopened,
}: {
  heading: string;
  text: ReactNode;
  /** What the card form says after the bank refused. */
  failedText: string;
  confirm: { mutateAsync: (approve: boolean) => Promise<Answer>; isPending: boolean; variables?: boolean };
  onFailed: (message: string) => void;
  /** The page is open again for a card: its state is read anew. */
  onReopened: () => void;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  async function answer(approve: boolean) {
    setError(null);
    try {
      const next = await confirm.mutateAsync(approve);
      if (next.redirectUrl) navigate(appPath(next.redirectUrl), { replace: true });
      else if (!approve) onFailed(failedText);
    } catch (failure) {
      if (approve) setError(errorMessage(failure, t`The confirmation failed. Please try again.`));
      else {
        onReopened();
        onFailed(errorMessage(failure, failedText));
      }
    }
  }

  return (
    <section
      aria-labelledby="bank-confirmation"
      className="flex flex-col gap-6 rounded-lg border border-stone bg-card p-7 sm:p-9"
    >
      <div className="flex items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-sm font-medium">
          <Landmark aria-hidden className="size-5 text-gold-deep" strokeWidth={1.5} /> {t`Maison Test Bank`}
        </p>
        <Badge variant="outline">{t`3-D Secure`}</Badge>
      </div>
      <h1 id="bank-confirmation" className="flex items-center gap-3 font-serif text-3xl">
        <ShieldCheck aria-hidden className="size-6 text-gold-deep" strokeWidth={1.5} /> {heading}
      </h1>
      <p className="text-sm leading-relaxed text-ink-muted">{text}</p>
      {error && (
        <p role="alert" className="rounded-md border border-oxblood/30 bg-oxblood/5 px-4 py-3 text-sm text-oxblood">
          {error}
        </p>
      )}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button size="lg" className="flex-1" disabled={confirm.isPending} onClick={() => void answer(true)}>
          {confirm.isPending && confirm.variables ? t`Confirming…` : t`Approve`}
        </Button>
        <Button
          size="lg"
          variant="outline"
          className="flex-1"
          disabled={confirm.isPending}
          onClick={() => void answer(false)}
        >
          {t`Fail`}
        </Button>
      </div>
    </section>
  );
}
