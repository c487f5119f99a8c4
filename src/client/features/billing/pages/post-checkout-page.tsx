import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { CheckCircle2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { DetailList } from "@/client/components/detail-list";
import { StatusBadge } from "@/client/components/status-badge";
import { buttonVariants } from "@/client/components/ui/button-variants";
import { Card, CardContent } from "@/client/components/ui/card";
import { Spinner } from "@/client/components/ui/spinner";
import { sessionQuery, useSession } from "@/client/lib/session";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { formatLongDate } from "@/shared/format";
import { hasActiveSubscription, planLabel } from "@/shared/plans";
import { checkSubscription } from "../api";

/** Spec section 9: wait 2 s, check; if not subscribed wait 2 s and check once more; refresh, wait 0.5 s. */
export const FIRST_CHECK_DELAY_MS = 2000;
export const RETRY_DELAY_MS = 2000;
export const SETTLE_DELAY_MS = 500;

export const INVALID_SESSION = msg`Invalid checkout session`;
export const NOT_ACTIVATED = msg`Subscription not activated yet. Please refresh the page.`;
export const VERIFY_FAILED = msg`Error verifying checkout. Please refresh the page or contact support if charges were made.`;

const ACTIVATED = msg`Subscription activated successfully!`;

type State = "verifying" | "success" | "not-activated" | "error";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** check-subscription's failures are only logged (spec section 8); they count as not subscribed yet. */
async function subscribed(): Promise<boolean> {
  try {
    return (await checkSubscription()).subscribed;
  } catch (error) {
    console.error("check-subscription failed", error);
    return false;
  }
}

/** /post-checkout, for a signed-in visitor (the router redirects the others to sign in). */
export default function PostCheckoutPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Processing your subscription`);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const sessionId = params.get("session_id");
  const [state, setState] = useState<State>("verifying");

  useEffect(() => {
    if (sessionId) return;
    toast.error(i18n._(INVALID_SESSION));
    navigate("/pricing", { replace: true });
  }, [sessionId, navigate, i18n]);

  useEffect(() => {
    if (!sessionId) return;
    let cancelled = false;
    (async () => {
      try {
        await wait(FIRST_CHECK_DELAY_MS);
        if (cancelled) return;
        if (!(await subscribed())) {
          await wait(RETRY_DELAY_MS);
          if (cancelled) return;
          await subscribed();
        }
        // Refresh the subscription the whole app reads (plan badge, gates), then let it settle.
        const info = await queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
        await wait(SETTLE_DELAY_MS);
        if (cancelled) return;
        if (hasActiveSubscription(info.subscription)) {
          setState("success");
          toast.success(i18n._(ACTIVATED));
        } else {
          setState("not-activated");
        }
      } catch {
        if (!cancelled) setState("error");
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [sessionId, queryClient, i18n]);

  if (!sessionId) return null;

  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-20">
      {state === "verifying" && <Spinner label={t`Processing your subscription...`} showLabel />}
      {state === "success" && <SuccessCard />}
      {(state === "not-activated" || state === "error") && (
        <Card className="w-full">
          <CardContent className="flex flex-col items-center gap-6 py-10 text-center">
            <p className="eyebrow text-gold-deep">{t`Membership`}</p>
            <p role="alert" className="text-lg text-noir">
              {i18n._(state === "error" ? VERIFY_FAILED : NOT_ACTIVATED)}
            </p>
            <div className="flex flex-wrap justify-center gap-3">
              <button type="button" className={buttonVariants()} onClick={() => window.location.reload()}>
                {t`Refresh`}
              </button>
              <Link to="/pricing" className={buttonVariants({ variant: "outline" })}>
                {t`View Membership Plans`}
              </Link>
            </div>
          </CardContent>
        </Card>
      )}
    </section>
  );
}

function SuccessCard() {
  const { t } = useLingui();
  const { subscription } = useSession();
  if (!subscription) return null;
  return (
    <Card className="w-full">
      <CardContent className="flex flex-col items-center gap-8 px-8 py-12 text-center">
        <CheckCircle2 aria-hidden className="size-10 text-forest" strokeWidth={1.25} />
        <div>
          <p className="eyebrow text-gold-deep">{t`Welcome to Maison`}</p>
          <h1 className="mt-3 text-4xl sm:text-5xl">{t`Your membership is active`}</h1>
        </div>
        <DetailList
          className="w-full border-y border-stone py-6 sm:grid-cols-3"
          items={[
            { label: t`Plan`, value: planLabel(subscription.plan), valueClassName: "font-serif text-2xl" },
            { label: t`Status`, value: <StatusBadge status={subscription.status} />, valueClassName: "mt-2.5" },
            {
              label: subscription.cancelAtPeriodEnd ? t`Ends on` : t`Renews on`,
              value: subscription.currentPeriodEnd ? formatLongDate(subscription.currentPeriodEnd) : t`No expiration`,
              valueClassName: "mt-2.5 tabular text-sm",
            },
          ]}
        />
        <div className="flex flex-wrap justify-center gap-3">
          <Link to="/dashboard" className={buttonVariants()}>
            {t`Go to Dashboard`}
          </Link>
          <Link to="/new-request" className={buttonVariants({ variant: "outline" })}>
            {t`Submit a Request`}
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}
