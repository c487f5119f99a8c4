import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { z } from "zod";
import { Button } from "@/client/components/ui/button";
import { FormField, TextField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { PageSpinner } from "@/client/components/ui/spinner";
import { errorMessage } from "@/client/lib/api";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { DEFAULT_COUNTRY_CODE, SIGNUP_COUNTRY_CODES } from "@/shared/phone";
import { MESSAGES, passwordResetRequestSchema, signInSchema, signUpSchema } from "@/shared/schemas";
import { useAfterSignIn, useForgotPassword, useSignIn, useSignUp, useVerifyTwoFactor } from "../api";
import { AuthShell } from "../components/AuthShell";
import { PhoneInput } from "../components/PhoneInput";
import { useSession } from "../session";

type Mode = "sign-in" | "sign-up" | "forgot" | "two-factor";

/** Only same-site paths are followed after sign-in. */
function safeNext(next: string | null): string {
  return next?.startsWith("/") && !next.startsWith("//") ? next : "/dashboard";
}

export default function AuthPage() {
  const session = useSession();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>(params.get("mode") === "sign-up" ? "sign-up" : "sign-in");
  const next = safeNext(params.get("next"));
  useDocumentTitle(mode === "sign-up" ? "Create your account" : "Sign In", "Sign in to your Maison membership.");

  if (session.isLoading) return <PageSpinner />;
  // Already signed in (or just signed in): straight on, to where they were going.
  if (session.isSignedIn && mode !== "two-factor") return <Navigate to={next} replace />;

  const titles: Record<Mode, { eyebrow: string; title: string; intro: string }> = {
    "sign-in": { eyebrow: "Welcome back", title: "Sign In", intro: "Access your requests, messages and concierge." },
    "sign-up": {
      eyebrow: "Membership",
      title: "Create your account",
      intro: "A few details and you can choose the membership that suits you.",
    },
    forgot: {
      eyebrow: "Account recovery",
      title: "Reset your password",
      intro: "Enter your email and we will send you a link to choose a new password.",
    },
    "two-factor": {
      eyebrow: "Two-factor authentication",
      title: "Verify it's you",
      intro: "Enter the six-digit code from your authenticator app.",
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
          {mode === "sign-in" ? "New to Maison? " : "Already a member? "}
          <button
            type="button"
            className="cursor-pointer font-medium text-noir underline decoration-gold underline-offset-4 hover:decoration-2"
            onClick={() => setMode(mode === "sign-in" ? "sign-up" : "sign-in")}
          >
            {mode === "sign-in" ? "Create an account" : "Sign in"}
          </button>
        </p>
      )}
    </AuthShell>
  );
}

function SignInForm({ next, onTwoFactor, onForgot }: { next: string; onTwoFactor: () => void; onForgot: () => void }) {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const afterSignIn = useAfterSignIn();
  const form = useForm({ resolver: zodResolver(signInSchema), defaultValues: { email: "", password: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await signIn.mutateAsync(values);
      if (result.twoFactorRequired) return onTwoFactor();
      await afterSignIn();
      toast.success("Signed in successfully!");
      navigate(next, { replace: true });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <TextField
        id="email"
        label="Email"
        error={errors.email?.message}
        type="email"
        autoComplete="email"
        {...form.register("email")}
      />
      <TextField
        id="password"
        label="Password"
        error={errors.password?.message}
        type="password"
        autoComplete="current-password"
        {...form.register("password")}
      />
      <div className="-mt-2 flex justify-end">
        <button
          type="button"
          onClick={onForgot}
          className="cursor-pointer text-sm text-ink-muted underline-offset-4 hover:text-noir hover:underline"
        >
          Forgot password?
        </button>
      </div>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? "Signing in…" : "Sign In"}
      </Button>
    </form>
  );
}

const signUpFormSchema = signUpSchema.omit({ phone: true }).extend({
  countryCode: z.string(),
  phoneDigits: z.string().min(1, MESSAGES.phoneRequired).max(16, MESSAGES.phoneTooLong),
});

function SignUpForm() {
  const navigate = useNavigate();
  const signUp = useSignUp();
  const afterSignIn = useAfterSignIn();
  const form = useForm({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: { name: "", countryCode: DEFAULT_COUNTRY_CODE, phoneDigits: "", email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ countryCode, phoneDigits, ...values }) => {
    try {
      await signUp.mutateAsync({ ...values, phone: `${countryCode}${phoneDigits}` });
      await afterSignIn();
      toast.success("Account created! Please purchase a membership to access the platform.");
      navigate("/pricing", { replace: true });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <TextField
        id="name"
        label="Full name"
        error={errors.name?.message}
        autoComplete="name"
        {...form.register("name")}
      />
      <FormField id="phone" label="Phone" error={errors.phoneDigits?.message}>
        <Controller
          control={form.control}
          name="phoneDigits"
          render={({ field }) => (
            <PhoneInput
              id="phone"
              codes={SIGNUP_COUNTRY_CODES}
              countryCode={form.watch("countryCode")}
              onCountryCodeChange={(code) => form.setValue("countryCode", code)}
              digits={field.value}
              onDigitsChange={field.onChange}
              invalid={!!errors.phoneDigits}
            />
          )}
        />
      </FormField>
      <TextField
        id="email"
        label="Email"
        error={errors.email?.message}
        type="email"
        autoComplete="email"
        {...form.register("email")}
      />
      <TextField
        id="password"
        label="Password"
        error={errors.password?.message}
        hint="At least 6 characters."
        type="password"
        autoComplete="new-password"
        {...form.register("password")}
      />
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? "Creating your account…" : "Create Account"}
      </Button>
    </form>
  );
}

function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const forgot = useForgotPassword();
  const form = useForm({ resolver: zodResolver(passwordResetRequestSchema), defaultValues: { email: "" } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await forgot.mutateAsync(email);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  if (forgot.isSuccess) {
    return (
      <div className="flex flex-col gap-6">
        <p
          role="status"
          className="rounded-md border border-forest/25 bg-forest/5 p-4 text-sm leading-relaxed text-forest"
        >
          {forgot.data.message}
        </p>
        <Button variant="outline" onClick={onBack}>
          Back to Sign In
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <TextField
        id="email"
        label="Email"
        error={errors.email?.message}
        type="email"
        autoComplete="email"
        {...form.register("email")}
      />
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? "Sending…" : "Send Reset Link"}
      </Button>
      <Button type="button" variant="ghost" onClick={onBack}>
        Back to Sign In
      </Button>
    </form>
  );
}

function TwoFactorForm({ next, onBack }: { next: string; onBack: () => void }) {
  const navigate = useNavigate();
  const verify = useVerifyTwoFactor();
  const afterSignIn = useAfterSignIn();
  const [code, setCode] = useState("");
  const [backup, setBackup] = useState(false);
  const [error, setError] = useState<string>();

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) return setError(backup ? "Please enter a backup code" : "Please enter the 6-digit code");
    setError(undefined);
    try {
      await verify.mutateAsync({ code: trimmed, backup });
      await afterSignIn();
      toast.success("Signed in successfully!");
      navigate(next, { replace: true });
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <FormField id="code" label={backup ? "Backup code" : "Authentication code"} error={error}>
        <Input
          id="code"
          autoComplete="one-time-code"
          inputMode={backup ? "text" : "numeric"}
          maxLength={backup ? 32 : 6}
          value={code}
          aria-invalid={!!error || undefined}
          onChange={(e) => setCode(backup ? e.target.value : e.target.value.replace(/\D/g, ""))}
          className="tabular tracking-[0.3em]"
        />
      </FormField>
      <Button type="submit" size="lg" disabled={verify.isPending}>
        {verify.isPending ? "Verifying…" : "Verify"}
      </Button>
      <div className="flex justify-between text-sm text-ink-muted">
        <button
          type="button"
          className="cursor-pointer hover:text-noir hover:underline"
          onClick={() => setBackup(!backup)}
        >
          {backup ? "Use your authenticator app" : "Use a backup code"}
        </button>
        <button type="button" className="cursor-pointer hover:text-noir hover:underline" onClick={onBack}>
          Back to Sign In
        </button>
      </div>
    </form>
  );
}
