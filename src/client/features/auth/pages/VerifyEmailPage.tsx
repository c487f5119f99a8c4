import { CheckCircle2, CircleAlert } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "@/client/components/ui/button";
import { Spinner } from "@/client/components/ui/spinner";
import { errorMessage } from "@/client/lib/api";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { useVerifyEmail } from "../api";
import { useSession } from "../session";

/** /verify-email?token=…: the link from the confirmation email. It works signed in or not. */
export default function VerifyEmailPage() {
  useDocumentTitle("Confirm your email");
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const verify = useVerifyEmail();
  const session = useSession();
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    verify.mutate(token);
  }, [token, verify]);

  const next = session.isSignedIn ? { to: "/profile", label: "Go to your profile" } : { to: "/auth", label: "Sign In" };

  return (
    <section className="mx-auto flex min-h-[calc(100dvh-4rem)] max-w-xl flex-col items-center justify-center px-6 py-16 text-center">
      <p className="eyebrow text-gold-deep">Your account</p>
      {!token || verify.isError ? (
        <>
          <CircleAlert aria-hidden className="mt-6 size-10 text-oxblood" />
          <h1 className="mt-4 text-4xl">This link did not work</h1>
          <p className="mt-4 text-ink-muted" role="alert">
            {token
              ? errorMessage(verify.error)
              : "This link is incomplete. Please use the full link from the email, or ask for a new one."}
          </p>
          <Button asChild className="mt-8">
            <Link to={next.to}>{next.label}</Link>
          </Button>
        </>
      ) : verify.isSuccess ? (
        <>
          <CheckCircle2 aria-hidden className="mt-6 size-10 text-gold-deep" />
          <h1 className="mt-4 text-4xl">Your email is confirmed</h1>
          <p className="mt-4 text-ink-muted">Thank you. Your address is now verified.</p>
          <Button asChild className="mt-8">
            <Link to={next.to}>{next.label}</Link>
          </Button>
        </>
      ) : (
        <>
          <Spinner className="mt-8" />
          <h1 className="mt-4 text-4xl">Confirming your email…</h1>
        </>
      )}
    </section>
  );
}
