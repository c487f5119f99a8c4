import { useLingui } from "@lingui/react/macro";
import { type ReactNode, useState } from "react";
import { useFormContext } from "react-hook-form";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { z } from "zod";
import { Form, fieldsOf, useZodForm } from "@/client/components/form";
import { PhoneInput } from "@/client/components/phone-input";
import { Button } from "@/client/components/ui/button";
import { PageSpinner } from "@/client/components/ui/spinner";
import { errorMessage, sharedText } from "@/client/lib/api";
import { useSession } from "@/client/lib/session";
import { toastFailure } from "@/client/lib/toasts";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { MESSAGES } from "@/shared/contracts/common-texts";
import { DEFAULT_COUNTRY_CODE, SIGNUP_COUNTRY_CODES } from "@/shared/phone";
import { passwordResetRequestSchema, type SignInInput, signInSchema, signUpSchema } from "@/shared/schemas";
import { useAfterSignIn, useForgotPassword, useSignIn, useSignUp, useVerifyTwoFactor } from "../api";
import { AuthShell } from "../components/auth-shell";

type Mode = "sign-in" | "sign-up" | "forgot" | "two-factor";

/** Only same-site paths are followed after sign-in. */
function safeNext(next: string | null): string {
  return next?.startsWith("/") && !next.startsWith("//") ? next : "/dashboard";
}

export default function AuthPage() {
  const { t } = useLingui();
  const session = useSession();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>(params.get("mode") === "sign-up" ? "sign-up" : "sign-in");
  const next = safeNext(params.get("next"));
  useDocumentTitle(mode === "sign-up" ? t`Create your account` : t`Sign In`, t`Sign in to your Maison membership.`);

  if (session.isLoading) return <PageSpinner />;
  // Already signed in (or just signed in): straight on, to where they were going; a new account has no plan yet,
  // so it goes to the plans, not to the dashboard's gate and back (issue 34 item 6).
  if (session.isSignedIn && mode !== "two-factor")
    return <Navigate to={mode === "sign-up" ? "/pricing" : next} replace />;

  const titles: Record<Mode, { eyebrow: string; title: string; intro: string }> = {
    "sign-in": {
      eyebrow: t`Welcome back`,
      title: t`Sign In`,
      intro: t`Access your requests, messages and concierge.`,
    },
    "sign-up": {
      eyebrow: t`Membership`,
      title: t`Create your account`,
      intro: t`A few details and you can choose the membership that suits you.`,
    },
    forgot: {
      eyebrow: t`Account recovery`,
      title: t`Reset your password`,
      intro: t`Enter your email and we will send you a link to choose a new password.`,
    },
    "two-factor": {
      eyebrow: t`Two-factor authentication`,
      title: t`Verify it's you`,
      intro: t`Enter the six-digit code from your authenticator app.`,
    },
  };

  return (
    <AuthShell {...titles[mode]}>
      {mode === "sign-in" && (
        <SignInForm next={next} onTwoFactor={() => setMode("two-factor")} onForgot={() => setMode("forgot")} />
      )}
      {mode === "sign-up" && <SignUpForm />}
      {mode === "forgot" && <ForgotPasswordForm onBack={() => setMode("sign-in")} />}
      {mode === "two-factor" && <TwoFactorForm next={next} onBack={() => setMode("sign-in")} />}
      {(mode === "sign-in" || mode === "sign-up") && (
        <p className="mt-10 border-t border-stone pt-6 text-sm text-ink-muted">
          {mode === "sign-in" ? t`New to Maison?` : t`Already a member?`}{" "}
          <button
            type="button"
            className="cursor-pointer font-medium text-noir underline decoration-gold underline-offset-4 hover:decoration-2"
            onClick={() => setMode(mode === "sign-in" ? "sign-up" : "sign-in")}
          >
            {mode === "sign-in" ? t`Create an account` : t`Sign in`}
          </button>
        </p>
      )}
    </AuthShell>
  );
}

function SignInForm({ next, onTwoFactor, onForgot }: { next: string; onTwoFactor: () => void; onForgot: () => void }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const afterSignIn = useAfterSignIn();
  const form = useZodForm(signInSchema, { defaultValues: { email: "", password: "" } });
  const { TextField } = fieldsOf(form);

  async function onSubmit(values: SignInInput) {
    try {
      const result = await signIn.mutateAsync(values);
      if (result.twoFactorRequired) return onTwoFactor();
      await afterSignIn();
      toast.success(t`Signed in successfully!`);
      navigate(next, { replace: true });
    } catch (error) {
      toastFailure(error);
    }
  }

  return (
    <Form form={form} onSubmit={onSubmit}>
      <EmailField />
      <TextField name="password" label={t`Password`} type="password" autoComplete="current-password" />
      <div className="-mt-2 flex justify-end">
        <button
          type="button"
          onClick={onForgot}
          className="cursor-pointer text-sm text-ink-muted underline-offset-4 hover:text-noir hover:underline"
        >
          {t`Forgot password?`}
        </button>
      </div>
      <SubmitButton busy={form.formState.isSubmitting} busyLabel={t`Signing in…`}>
        {t`Sign In`}
      </SubmitButton>
    </Form>
  );
}

/** The email field of every auth form. */
function EmailField() {
  const { t } = useLingui();
  const { TextField } = fieldsOf(useFormContext<{ email: string }>());
  return <TextField name="email" label={t`Email`} type="email" autoComplete="email" />;
}

function SubmitButton({ busy, busyLabel, children }: { busy: boolean; busyLabel: string; children: ReactNode }) {
  return (
    <Button type="submit" size="lg" disabled={busy}>
      {busy ? busyLabel : children}
    </Button>
  );
}

const signUpFormSchema = signUpSchema.omit({ phone: true }).extend({
  countryCode: z.string(),
  phoneDigits: z.string().min(1, MESSAGES.phoneRequired).max(16, MESSAGES.phoneTooLong),
});

function SignUpForm() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const signUp = useSignUp();
  const afterSignIn = useAfterSignIn();
  const form = useZodForm(signUpFormSchema, {
    defaultValues: { name: "", countryCode: DEFAULT_COUNTRY_CODE, phoneDigits: "", email: "", password: "" },
  });
  const { TextField, ControlField } = fieldsOf(form);

  async function onSubmit({ countryCode, phoneDigits, ...values }: z.output<typeof signUpFormSchema>) {
    try {
      await signUp.mutateAsync({ ...values, phone: `${countryCode}${phoneDigits}` });
      await afterSignIn();
      toast.success(t`Account created! Please purchase a membership to access the platform.`);
      navigate("/pricing", { replace: true });
    } catch (error) {
      toastFailure(error);
    }
  }

  return (
    <Form form={form} onSubmit={onSubmit}>
      <TextField name="name" label={t`Full name`} autoComplete="name" />
      <ControlField
        name="phoneDigits"
        id="phone"
        label={t`Phone`}
        render={(field, { id, "aria-invalid": invalid }) => (
          <PhoneInput
            id={id}
            codes={SIGNUP_COUNTRY_CODES}
            countryCode={form.watch("countryCode")}
            onCountryCodeChange={(code) => form.setValue("countryCode", code)}
            digits={field.value}
            onDigitsChange={field.onChange}
            invalid={invalid}
          />
        )}
      />
      <EmailField />
      <TextField
        name="password"
        label={t`Password`}
        hint={t`At least 6 characters.`}
        type="password"
        autoComplete="new-password"
      />
      <SubmitButton busy={form.formState.isSubmitting} busyLabel={t`Creating your account…`}>
        {t`Create Account`}
      </SubmitButton>
    </Form>
  );
}

function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useLingui();
  const forgot = useForgotPassword();
  const form = useZodForm(passwordResetRequestSchema, { defaultValues: { email: "" } });

  async function onSubmit({ email }: { email: string }) {
    try {
      await forgot.mutateAsync(email);
    } catch (error) {
      toastFailure(error);
    }
  }

  if (forgot.isSuccess) {
    return (
      <div className="flex flex-col gap-6">
        <p
          role="status"
          className="rounded-md border border-forest/25 bg-forest/5 p-4 text-sm leading-relaxed text-forest"
        >
          {sharedText(forgot.data.message)}
        </p>
        <Button variant="outline" onClick={onBack}>
          {t`Back to Sign In`}
        </Button>
      </div>
    );
  }
  return (
    <Form form={form} onSubmit={onSubmit}>
      <EmailField />
      <SubmitButton busy={form.formState.isSubmitting} busyLabel={t`Sending…`}>
        {t`Send Reset Link`}
      </SubmitButton>
      <Button type="button" variant="ghost" onClick={onBack}>
        {t`Back to Sign In`}
      </Button>
    </Form>
  );
}

/** An authenticator code (six digits) or, switched, a backup code. */
const twoFactorSchema = z
  .object({ backup: z.boolean(), code: z.string().trim() })
  .superRefine(({ backup, code }, context) => {
    if (!code) {
      const message = backup ? MESSAGES.enterBackupCode : MESSAGES.enterCode;
      context.addIssue({ code: "custom", path: ["code"], message });
    }
  });

function TwoFactorForm({ next, onBack }: { next: string; onBack: () => void }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const verify = useVerifyTwoFactor();
  const afterSignIn = useAfterSignIn();
  const form = useZodForm(twoFactorSchema, { defaultValues: { backup: false, code: "" } });
  const { TextField } = fieldsOf(form);
  const backup = form.watch("backup");

  async function onSubmit(values: { code: string; backup: boolean }) {
    try {
      await verify.mutateAsync(values);
      await afterSignIn();
      toast.success(t`Signed in successfully!`);
      navigate(next, { replace: true });
    } catch (error) {
      form.setError("code", { message: errorMessage(error) });
    }
  }

  return (
    <Form form={form} onSubmit={onSubmit}>
      <TextField
        name="code"
        label={backup ? t`Backup code` : t`Authentication code`}
        autoComplete="one-time-code"
        inputMode={backup ? "text" : "numeric"}
        maxLength={backup ? 32 : 6}
        format={backup ? undefined : (value) => value.replace(/\D/g, "")}
        inputClassName="tabular tracking-[0.3em]"
      />
      <SubmitButton busy={verify.isPending} busyLabel={t`Verifying…`}>
        {t`Verify`}
      </SubmitButton>
      <div className="flex justify-between text-sm text-ink-muted">
        <button
          type="button"
          className="cursor-pointer hover:text-noir hover:underline"
          onClick={() => form.setValue("backup", !backup)}
        >
          {backup ? t`Use your authenticator app` : t`Use a backup code`}
        </button>
        <button type="button" className="cursor-pointer hover:text-noir hover:underline" onClick={onBack}>
          {t`Back to Sign In`}
        </button>
      </div>
    </Form>
  );
}
