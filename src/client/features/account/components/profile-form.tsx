/**
 * The profile's form: name and phone (how the team reaches the member), the interface language app/ composes in,
 * and the invoicing details (issue 30, decision 034): the name and address invoices and receipts are made out to
 * and the Portuguese NIF, checked by its check digit here and again by the server.
 */
import { useLingui } from "@lingui/react/macro";
import { type ReactNode, useEffect } from "react";
import { toast } from "sonner";
import type { z } from "zod";
import { Form, fieldsOf, useZodForm } from "@/client/components/form";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeading } from "@/client/components/ui/card";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { useSession } from "@/client/lib/session";
import { toastFailure } from "@/client/lib/toasts";
import { profileSchema } from "@/shared/schemas";
import { useUpdateProfile } from "../api";

type ProfileValues = z.output<typeof profileSchema>;

export function ProfileForm({ language }: { language?: ReactNode }) {
  const { t } = useLingui();
  const { profile } = useSession();
  const update = useUpdateProfile();
  const saved = {
    name: profile?.name ?? "",
    phone: profile?.phone ?? "",
    billingName: profile?.billingName ?? "",
    billingAddress: profile?.billingAddress ?? "",
    taxId: profile?.taxId ?? "",
  };
  const form = useZodForm(profileSchema, { defaultValues: saved });
  const { TextField, TextareaField } = fieldsOf(form);
  const { isSubmitting, isDirty } = form.formState;
  const key = JSON.stringify(saved);
  // Saved (here or on another tab): the form shows what is stored, `key` standing for the saved values.
  useEffect(() => {
    form.reset(JSON.parse(key));
  }, [key, form]);

  async function onSubmit(values: ProfileValues) {
    try {
      await update.mutateAsync({
        name: values.name,
        phone: values.phone,
        billingName: values.billingName ?? "",
        billingAddress: values.billingAddress ?? "",
        taxId: values.taxId ?? "",
      });
      toast.success(t`Profile updated successfully`);
    } catch (error) {
      toastFailure(error, t`Error updating profile`);
    }
  }

  return (
    <Card>
      <CardHeading title={t`Profile`} description={t`How our team addresses and reaches you.`} />
      <CardContent>
        <Form form={form} onSubmit={onSubmit} className="grid sm:grid-cols-2">
          <FormField
            id="profile-email"
            label={t`Email`}
            className="sm:col-span-2"
            hint={t`Your email cannot be changed here.`}
          >
            <Input id="profile-email" type="email" value={profile?.email ?? ""} readOnly />
          </FormField>
          <TextField name="name" label={t`Name`} autoComplete="name" />
          <TextField name="phone" label={t`Phone`} type="tel" autoComplete="tel" placeholder="+351 XXX XXX XXX" />
          {language && (
            <div className="flex flex-col gap-2 sm:col-span-2">
              {language}
              <p className="text-xs text-ink-muted">{t`Our emails and notifications to you are written in this language.`}</p>
            </div>
          )}
          <fieldset aria-describedby="invoicing-details-about" className="border-t border-stone pt-6 sm:col-span-2">
            <legend className="float-left w-full font-serif text-xl">{t`Invoicing details`}</legend>
            <p id="invoicing-details-about" className="clear-both pt-1 text-sm text-ink-muted">
              {t`Optional. The name, address and NIF shown on the invoices and receipts of your payments; without a billing name, your name is shown.`}
            </p>
            <div className="mt-5 grid gap-5 sm:grid-cols-2">
              <TextField
                name="billingName"
                id="billing-name"
                label={t`Billing name`}
                autoComplete="billing name"
                hint={t`A person's or a company's name.`}
              />
              <TextField
                name="taxId"
                id="billing-nif"
                label={t`NIF (Portuguese tax number)`}
                autoComplete="off"
                placeholder="123456789"
                hint={t`9 digits; leave it empty if you have none.`}
              />
              <TextareaField
                name="billingAddress"
                id="billing-address"
                label={t`Billing address`}
                autoComplete="billing street-address"
                rows={3}
                className="sm:col-span-2"
              />
            </div>
          </fieldset>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={isSubmitting || !isDirty}>
              {isSubmitting ? t`Saving…` : t`Save Changes`}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
