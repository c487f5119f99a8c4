/**
 * The admin's payment tools that act on one member by email: Sync User (settings) and Simulate Checkout (debug,
 * with a plan). The email is checked by the shared syncUserSchema, as the server checks it; the outcome is said
 * under the form and in a toast.
 */
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { toast } from "sonner";
import { z } from "zod";
import { Form, fieldsOf, useZodForm } from "@/client/components/form";
import { Button } from "@/client/components/ui/button";
import { errorMessage, serverText } from "@/client/lib/api";
import { BILLING_ERROR_TEXTS } from "@/shared/contracts/billing-texts";
import { PURCHASABLE_PLANS, planLabel } from "@/shared/plans";
import { syncUserSchema } from "@/shared/schemas";
import { useSimulateCheckout, useSyncUser } from "../admin-api";

export const PLAN_OPTIONS = PURCHASABLE_PLANS.map((plan) => ({ value: plan, label: planLabel(plan) }));

const memberSchema = syncUserSchema.extend({ plan: z.enum(PURCHASABLE_PLANS) });

/** Each tool's button, its busy state and the text of a failure with no message (translated where shown). */
const KINDS = {
  sync: { submit: msg`Sync User`, busy: msg`Syncing…`, failure: msg`Failed to sync subscription`, id: "sync" },
  simulate: {
    submit: msg`Simulate Checkout`,
    busy: msg`Simulating…`,
    failure: BILLING_ERROR_TEXTS.checkoutFailed,
    id: "simulate",
  },
} as const;

export function MemberEmailForm({ kind, disabled = false }: { kind: keyof typeof KINDS; disabled?: boolean }) {
  const { t, i18n } = useLingui();
  const text = KINDS[kind];
  const syncUser = useSyncUser();
  const simulate = useSimulateCheckout();
  const pending = syncUser.isPending || simulate.isPending;
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const form = useZodForm(memberSchema, { defaultValues: { userEmail: "", plan: "silver" } });
  const { TextField, SelectField } = fieldsOf(form);

  async function onSubmit(values: z.output<typeof memberSchema>) {
    setResult(null);
    try {
      const outcome =
        kind === "sync" ? await syncUser.mutateAsync(values.userEmail) : await simulate.mutateAsync(values);
      // The outcome is the server's sentence, translated by its key.
      const message = outcome.message ? serverText(outcome.message, outcome.key, outcome.params) : i18n._(text.failure);
      setResult({ ok: outcome.success, message });
      if (outcome.success) toast.success(message);
      else toast.error(message);
    } catch (error) {
      const message = errorMessage(error, i18n._(text.failure));
      setResult({ ok: false, message });
      toast.error(message);
    }
  }

  return (
    <Form form={form} onSubmit={onSubmit} className="gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          name="userEmail"
          id={`${text.id}-email`}
          label={t`User email`}
          className="flex-1"
          type="email"
          placeholder={t`member@example.com`}
          disabled={disabled}
        />
        {kind === "simulate" && (
          <SelectField
            name="plan"
            id={`${text.id}-plan`}
            label={t`Plan`}
            options={PLAN_OPTIONS}
            triggerClassName="sm:w-44"
          />
        )}
        <Button type="submit" disabled={disabled || pending} className="sm:mt-[1.6rem]">
          {i18n._(pending ? text.busy : text.submit)}
        </Button>
      </div>
      {result && (
        <p role="status" className={`text-sm ${result.ok ? "text-forest" : "text-oxblood"}`}>
          {result.message}
        </p>
      )}
    </Form>
  );
}
