import { ExternalLink } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/client/components/ui/select";
import { errorMessage } from "@/client/lib/api";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { PURCHASABLE_PLANS, type PurchasablePlan, planLabel } from "@/shared/plans";
import { firstIssueMessage, syncUserSchema } from "@/shared/schemas";
import { useAdminSettings, useDebugCheckoutUrl, useSimulateCheckout } from "../api";

function PlanSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: PurchasablePlan;
  onChange: (p: PurchasablePlan) => void;
}) {
  return (
    <Select value={value} onValueChange={(v) => onChange(v as PurchasablePlan)}>
      <SelectTrigger id={id} className="sm:w-44">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {PURCHASABLE_PLANS.map((plan) => (
          <SelectItem key={plan} value={plan}>
            {planLabel(plan)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

export default function AdminDebugPage() {
  useDocumentTitle("Admin Debug");
  const settings = useAdminSettings();
  const mode = settings.data?.paymentMode;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8">
      <header>
        <p className="eyebrow text-gold-deep">Admin</p>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="text-4xl">Debug</h1>
          {mode && <Badge variant="gold">{mode}</Badge>}
        </div>
      </header>
      <CheckoutUrlCard />
      <SimulateCheckoutCard testMode={mode === "TEST"} loading={settings.isPending} />
    </div>
  );
}

function CheckoutUrlCard() {
  const checkoutUrl = useDebugCheckoutUrl();
  const [plan, setPlan] = useState<PurchasablePlan>("silver");

  async function onShow() {
    try {
      await checkoutUrl.mutateAsync(plan);
    } catch (error) {
      toast.error(errorMessage(error, "Failed to start checkout. Please try again."));
    }
  }

  const result = checkoutUrl.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Checkout URL</CardTitle>
        <CardDescription>
          Creates a checkout session for your own account, with the plan's price from the server's configuration.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <FormField id="debug-plan" label="Plan">
            <PlanSelect id="debug-plan" value={plan} onChange={setPlan} />
          </FormField>
          <Button onClick={onShow} disabled={checkoutUrl.isPending}>
            {checkoutUrl.isPending ? "Creating…" : "Show Checkout URL"}
          </Button>
        </div>
        {result && (
          <dl className="grid gap-3 rounded-md border border-stone p-4 text-sm">
            <div>
              <dt className="eyebrow text-ink-muted">Checkout URL</dt>
              <dd className="mt-1 break-all">
                <a
                  href={result.url}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex items-start gap-1.5 font-mono text-xs underline decoration-gold underline-offset-4"
                >
                  {result.url}
                  <ExternalLink aria-hidden className="mt-0.5 size-3.5 shrink-0" />
                </a>
              </dd>
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              <div>
                <dt className="eyebrow text-ink-muted">Session</dt>
                <dd className="mt-1 font-mono text-xs break-all">{result.sessionId}</dd>
              </div>
              <div>
                <dt className="eyebrow text-ink-muted">Price id</dt>
                <dd className="mt-1 font-mono text-xs break-all">{result.priceId}</dd>
              </div>
            </div>
          </dl>
        )}
      </CardContent>
    </Card>
  );
}

function SimulateCheckoutCard({ testMode, loading }: { testMode: boolean; loading: boolean }) {
  const simulate = useSimulateCheckout();
  const [email, setEmail] = useState("");
  const [plan, setPlan] = useState<PurchasablePlan>("silver");
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = syncUserSchema.safeParse({ userEmail: email });
    if (!parsed.success) {
      toast.error(firstIssueMessage(parsed.error));
      return;
    }
    setResult(null);
    try {
      const response = await simulate.mutateAsync({ userEmail: parsed.data.userEmail, plan });
      setResult({ ok: response.success, message: response.message });
      if (response.success) toast.success(response.message);
      else toast.error(response.message);
    } catch (error) {
      const message = errorMessage(error, "Failed to start checkout. Please try again.");
      setResult({ ok: false, message });
      toast.error(message);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Simulate Checkout</CardTitle>
        <CardDescription>
          {testMode || loading
            ? "Completes a checkout for a member as if they had paid with the test card: the same events and processing as a real payment."
            : "Available in test mode only. With Stripe, use Stripe's test cards on the checkout page."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <FormField id="simulate-email" label="User email" className="flex-1">
              <Input
                id="simulate-email"
                type="email"
                placeholder="member@example.com"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                disabled={!testMode}
              />
            </FormField>
            <FormField id="simulate-plan" label="Plan">
              <PlanSelect id="simulate-plan" value={plan} onChange={setPlan} />
            </FormField>
            <Button type="submit" disabled={!testMode || simulate.isPending}>
              {simulate.isPending ? "Simulating…" : "Simulate Checkout"}
            </Button>
          </div>
          {result && (
            <p role="status" className={`text-sm ${result.ok ? "text-forest" : "text-oxblood"}`}>
              {result.message}
            </p>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
