import { useLingui } from "@lingui/react/macro";
import { toast } from "sonner";
import { z } from "zod";
import { Form, FormError, fieldsOf, useZodForm } from "@/client/components/form";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeading } from "@/client/components/ui/card";
import { ApiError, errorMessage } from "@/client/lib/api";
import { MESSAGES } from "@/shared/contracts/common-texts";
import { changePasswordFields, differentPasswords } from "@/shared/schemas";
import { useChangePassword } from "../api";

/** The server's rules, and the new password typed twice. */
const formSchema = changePasswordFields
  .extend({ confirm: z.string() })
  .refine(...differentPasswords)
  .refine((v) => v.newPassword === v.confirm, { message: MESSAGES.passwordsDiffer, path: ["confirm"] });
const EMPTY = { currentPassword: "", newPassword: "", confirm: "", signOutOthers: false };

/** Change the password: the current one first; the other sessions may be signed out at the same time. */
export function PasswordCard() {
  const { t } = useLingui();
  const change = useChangePassword();
  const form = useZodForm(formSchema, { defaultValues: EMPTY });
  const { TextField } = fieldsOf(form);

  async function onSubmit({ currentPassword, newPassword, signOutOthers }: z.output<typeof formSchema>) {
    try {
      await change.mutateAsync({ currentPassword, newPassword, signOutOthers });
      form.reset(EMPTY);
      toast.success(t`Password changed`, {
        description: signOutOthers ? t`Your other sessions have been signed out.` : undefined,
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) {
        form.setError("currentPassword", { message: errorMessage(error) }, { shouldFocus: true });
      } else {
        form.setError("root", { message: errorMessage(error) });
      }
    }
  }

  return (
    <Card>
      <CardHeading title={t`Password`} description={t`Choose a new password. You will need your current one.`} />
      <CardContent>
        <Form form={form} onSubmit={onSubmit} className="grid sm:grid-cols-2">
          <TextField
            name="currentPassword"
            label={t`Current password`}
            type="password"
            autoComplete="current-password"
            className="sm:col-span-2"
          />
          <TextField name="newPassword" label={t`New password`} type="password" autoComplete="new-password" />
          <TextField name="confirm" label={t`Confirm new password`} type="password" autoComplete="new-password" />
          <label className="flex cursor-pointer items-start gap-3 text-sm sm:col-span-2" htmlFor="sign-out-others">
            <input
              id="sign-out-others"
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 cursor-pointer accent-noir"
              {...form.register("signOutOthers")}
            />
            <span>
              <span className="text-noir">{t`Sign out of my other sessions`}</span>
              <span className="mt-0.5 block text-xs text-ink-muted">
                {t`Every other browser and phone will ask for the new password.`}
              </span>
            </span>
          </label>
          <FormError className="sm:col-span-2" />
          <div className="sm:col-span-2">
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? t`Changing…` : t`Change Password`}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
