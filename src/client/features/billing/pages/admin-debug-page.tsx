import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { ExternalLink, Link2, PlayCircle } from "lucide-react";
import { AdminPage } from "@/client/components/admin-page";
import { DetailList } from "@/client/components/detail-list";
import { Form, fieldsOf, useZodForm } from "@/client/components/form";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeading } from "@/client/components/ui/card";
import { sharedText } from "@/client/lib/api";
import { toastFailure } from "@/client/lib/toasts";
import { debugPlanSchema } from "@/shared/contracts/billing";
import { BILLING_ERRORS } from "@/shared/contracts/billing-texts";
import type { PurchasablePlan } from "@/shared/plans";
import { billingStaffQueries, useDebugCheckoutUrl } from "../admin-api";
import { MemberEmailForm, PLAN_OPTIONS } from "../components/member-email-form";

export default function AdminDebugPage() {
  const { t } = useLingui();
  const settings = useQuery(billingStaffQueries.settings());
  const mode = settings.data?.paymentMode;
  return (
    <AdminPage
      documentTitle={t`Admin Debug`}
      width="4xl"
      spacious
      eyebrow={t`Admin`}
      title={t`Debug`}
      actions={mode && <Badge variant="gold">{mode}</Badge>}
    >
      <CheckoutUrlCard />
      <SimulateCheckoutCard testMode={mode === "TEST"} loading={settings.isPending} />
    </AdminPage>
  );
}

function CheckoutUrlCard() {
  const { t } = useLingui();
  const checkoutUrl = useDebugCheckoutUrl();
  const form = useZodForm(debugPlanSchema, { defaultValues: { plan: "silver" } });
  const { SelectField } = fieldsOf(form);

  const onShow = ({ plan }: { plan: PurchasablePlan }) =>
    checkoutUrl.mutate(plan, { onError: (error) => toastFailure(error, sharedText(BILLING_ERRORS.checkoutFailed)) });

  const result = checkoutUrl.data;
  return (
    <Card>
      <CardHeading
        icon={Link2}
        title={t`Checkout URL`}
        description={t`Creates a checkout session for your own account, with the plan's price from the server's configuration.`}
      />
      <CardContent className="flex flex-col gap-5">
        <Form form={form} onSubmit={onShow} className="gap-3 sm:flex-row sm:items-end">
          <SelectField name="plan" id="debug-plan" label={t`Plan`} options={PLAN_OPTIONS} triggerClassName="sm:w-44" />
          <Button type="submit" disabled={checkoutUrl.isPending}>
            {checkoutUrl.isPending ? t`Creating…` : t`Show Checkout URL`}
          </Button>
        </Form>
        {result && (
          <DetailList
            className="rounded-md border border-stone p-4 text-sm sm:grid-cols-2"
            items={[
              {
                label: t`Checkout URL`,
                value: (
                  <a
                    href={result.url}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex items-start gap-1.5 font-mono text-xs underline decoration-gold underline-offset-4"
                  >
                    {result.url}
                    <ExternalLink aria-hidden className="mt-0.5 size-3.5 shrink-0" />
                  </a>
                ),
                valueClassName: "mt-1 break-all",
              },
              { label: t`Session`, value: result.sessionId, valueClassName: "mt-1 font-mono text-xs break-all" },
              { label: t`Price id`, value: result.priceId, valueClassName: "mt-1 font-mono text-xs break-all" },
            ]}
            itemClassName="sm:first:col-span-2"
          />
        )}
      </CardContent>
    </Card>
  );
}

function SimulateCheckoutCard({ testMode, loading }: { testMode: boolean; loading: boolean }) {
  const { t } = useLingui();
  return (
    <Card>
      <CardHeading
        icon={PlayCircle}
        title={t`Simulate Checkout`}
        description={
          testMode || loading
            ? t`Completes a checkout for a member as if they had paid with the test card: the same events and processing as a real payment.`
            : t`Available in test mode only. With Stripe, use Stripe's test cards on the checkout page.`
        }
      />
      <CardContent>
        <MemberEmailForm kind="simulate" disabled={!testMode} />
      </CardContent>
    </Card>
  );
}
