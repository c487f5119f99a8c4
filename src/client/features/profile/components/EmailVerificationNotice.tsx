import { MailCheck } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/client/components/ui/button";
import { useSession } from "@/client/features/auth/session";
import { errorMessage } from "@/client/lib/api";
import { useResendVerification } from "../api";

/** A quiet note while the address is unverified; nothing waits for it. */
export function EmailVerificationNotice() {
  const { user } = useSession();
  const resend = useResendVerification();
  if (!user || user.emailVerified) return null;

  async function onResend() {
    try {
      const { message } = await resend.mutateAsync();
      toast.success(message);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <section
      aria-label="Email verification"
      className="flex flex-col gap-3 border border-gold/40 bg-gold/5 px-5 py-4 text-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-3 text-ink">
        <MailCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-gold-deep" />
        <span>
          Please verify your email. We sent a confirmation link to <strong>{user.email}</strong>.
        </span>
      </p>
      <Button variant="outline" size="sm" onClick={onResend} disabled={resend.isPending}>
        Send a new link
      </Button>
    </section>
  );
}
