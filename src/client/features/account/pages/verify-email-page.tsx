import { useLingui } from "@lingui/react/macro";
import { CheckCircle2, CircleAlert } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "@/client/components/ui/button";
import { Spinner } from "@/client/components/ui/spinner";
import { errorMessage, sharedText } from "@/client/lib/api";
import { useSession } from "@/client/lib/session";
import { toastFailure } from "@/client/lib/toasts";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { useResendVerification, useVerifyEmail } from "../api";

/** Sign-in comes back to the profile, where a new link can be asked for. */
const SIGN_IN_THEN_PROFILE = `/auth?next=${encodeURIComponent("/profile")}`;

/** /verify-email?token=…: the link from the confirmation email. It works signed in or not. */
export default function VerifyEmailPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Confirm your email`);
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const verify = useVerifyEmail();
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    verify.mutate(token);
  }, [token, verify]);

  if (!token || verify.isError) {
    return (
      <Outcome
        icon={<CircleAlert aria-hidden className="size-10 text-oxblood" strokeWidth={1.5} />}
        title={t`This link did not work`}
        message={
          <span role="alert">
            {token
              ? errorMessage(verify.error)
              : t`This link is incomplete. Please use the full link from the email, or ask for a new one.`}
          </span>
        }
      >
        <AfterFailure />
      </Outcome>
    );
  }

  if (verify.isSuccess) {
    return (
      <Outcome
        icon={<CheckCircle2 aria-hidden className="size-10 text-gold-deep" strokeWidth={1.5} />}
        title={t`Your email is confirmed`}
        message={t`Thank you. Your address is now verified.`}
      >
        <NextStep />
      </Outcome>
    );
  }

  return (
    <Outcome
      icon={<Spinner label={t`Confirming your email`} />}
      title={t`Confirming your email…`}
      message={t`This takes only a moment.`}
    />
  );
}

/** The page's one layout, so the states replace each other without the content jumping. */
function Outcome({
  icon,
  title,
  message,
  children,
}: {
  icon: ReactNode;
  title: string;
  message: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <section className="mx-auto flex min-h-[calc(100dvh-4rem)] max-w-xl flex-col items-center justify-center px-6 py-16 text-center md:min-h-[calc(100dvh-4.75rem)]">
      <p className="eyebrow text-gold-deep">{t`Your account`}</p>
      <div className="mt-8 flex size-10 items-center justify-center">{icon}</div>
      <h1 className="mt-5 text-balance text-4xl sm:text-5xl">{title}</h1>
      <p className="mt-5 max-w-md text-balance text-ink-muted">{message}</p>
      {/* Holds the actions' height while the link is checked. */}
      <div className="mt-10 flex min-h-11 flex-col items-center gap-4">{children}</div>
    </section>
  );
}

function NextStep() {
  const { t } = useLingui();
  const session = useSession();
  if (session.isLoading) return null;
  return session.isSignedIn ? (
    <Button asChild>
      <Link to="/profile">{t`Go to your profile`}</Link>
    </Button>
  ) : (
    <Button asChild>
      <Link to="/auth">{t`Sign In`}</Link>
    </Button>
  );
}

/** What can be done about a link that failed: already confirmed, ask for a new one, or sign in to ask. */
function AfterFailure() {
  const { t } = useLingui();
  const session = useSession();
  const resend = useResendVerification();
  if (session.isLoading) return null;

  if (!session.isSignedIn) {
    return (
      <>
        <p className="max-w-sm text-balance text-sm text-ink-muted">
          {t`Once signed in, you can ask for a new link from your profile.`}
        </p>
        <Button asChild>
          <Link to={SIGN_IN_THEN_PROFILE}>{t`Sign In`}</Link>
        </Button>
      </>
    );
  }

  if (session.user?.emailVerified) {
    return (
      <>
        <p className="max-w-sm text-balance text-sm text-ink-muted">
          {t`Your address is already confirmed, so there is nothing more to do.`}
        </p>
        <Button asChild>
          <Link to="/profile">{t`Go to your profile`}</Link>
        </Button>
      </>
    );
  }

  async function onResend() {
    try {
      await resend.mutateAsync();
    } catch (error) {
      toastFailure(error);
    }
  }

  return (
    <>
      {resend.isSuccess ? (
        <p role="status" className="max-w-sm text-balance text-sm text-ink">
          {sharedText(resend.data.message)}
        </p>
      ) : (
        <Button onClick={onResend} disabled={resend.isPending}>
          {resend.isPending ? t`Sending…` : t`Send a new link`}
        </Button>
      )}
      <Button variant="link" asChild>
        <Link to="/profile">{t`Go to your profile`}</Link>
      </Button>
    </>
  );
}
