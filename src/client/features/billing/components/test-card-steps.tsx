/**
 * The test provider's hosted pages (a card hold, a balance invoice) share their steps: a notice when the page
 * cannot be used, the card form (4242 goes through, 0002 is declined, 3184 asks the bank first) and the bank's
 * 3-D Secure step (approve, or fail and back to the card form). Each page says what is authorised or paid.
 */
import { useLingui } from "@lingui/react/macro";
import { CreditCard, Landmark, Lock, ShieldCheck } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { Form, FormError, useZodForm } from "@/client/components/form";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { errorMessage } from "@/client/lib/api";
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
