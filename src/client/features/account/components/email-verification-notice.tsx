import { Trans, useLingui } from "@lingui/react/macro";
import { MailCheck } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/client/components/ui/button";
import { sharedText } from "@/client/lib/api";
import { useSession } from "@/client/lib/session";
import { toastFailure } from "@/client/lib/toasts";
import { useResendVerification } from "../api";

/** A quiet note while the address is unverified; nothing waits for it. */
export function EmailVerificationNotice() {
  const { t } = useLingui();
  const { user } = useSession();
  const resend = useResendVerification();
  if (!user || user.emailVerified) return null;

  async function onResend() {
    try {
      const { message } = await resend.mutateAsync();
      toast.success(sharedText(message));
    } catch (error) {
      toastFailure(error);
    }
  }

  return (
    <section
      aria-label={t`Email verification`}
      className="flex flex-col gap-4 rounded-lg border border-gold/40 bg-gold/5 px-5 py-4 text-sm sm:flex-row sm:items-center sm:justify-between sm:gap-6"
    >
      <p className="flex items-start gap-3 leading-relaxed text-ink">
        <MailCheck aria-hidden className="mt-[0.2rem] size-4 shrink-0 text-gold-deep" />
        <span>
          {/* The address (with its full stop) moves to the next line whole; only one longer than a line breaks. */}
          <Trans>
            <span className="font-medium text-noir">Please verify your email.</span> We sent a confirmation link to{" "}
            <span className="inline-block max-w-full [overflow-wrap:anywhere]">
              <strong className="font-medium text-noir">{user.email}</strong>.
            </span>
          </Trans>
        </span>
      </p>
      <Button
        variant="outline"
        size="sm"
        className="ml-7 self-start sm:ml-0 sm:self-center"
        onClick={onResend}
        disabled={resend.isPending}
      >
        {resend.isPending ? t`Sending…` : t`Send a new link`}
      </Button>
    </section>
  );
}
