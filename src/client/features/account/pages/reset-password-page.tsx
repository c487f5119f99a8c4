import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { z } from "zod";
import { Form, fieldsOf, useZodForm } from "@/client/components/form";
import { Button } from "@/client/components/ui/button";
import { toastFailure } from "@/client/lib/toasts";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { MESSAGES } from "@/shared/contracts/common-texts";
import { newPasswordSchema } from "@/shared/schemas";
import { useResetPassword } from "../api";
import { AuthShell } from "../components/auth-shell";

const formSchema = newPasswordSchema
  .pick({ password: true })
  .extend({ confirm: z.string() })
  .refine((v) => v.password === v.confirm, { message: MESSAGES.passwordsDiffer, path: ["confirm"] });

export default function ResetPasswordPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Choose a new password`);
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useZodForm(formSchema, { defaultValues: { password: "", confirm: "" } });
  const { TextField } = fieldsOf(form);
  const { isSubmitting } = form.formState;

  async function onSubmit({ password }: { password: string }) {
    try {
      await reset.mutateAsync({ token, password });
      toast.success(t`Your password has been changed. Please sign in.`);
      navigate("/auth", { replace: true });
    } catch (error) {
      toastFailure(error);
    }
  }

  return (
    <AuthShell
      eyebrow={t`Account recovery`}
      title={t`Choose a new password`}
      intro={t`Other sessions will be signed out.`}
    >
      {!token ? (
        <p className="text-sm text-ink-muted">
          <Trans>
            This link is incomplete.{" "}
            <Link to="/auth" className="underline decoration-gold underline-offset-4">
              Ask for a new one
            </Link>
            .
          </Trans>
        </p>
      ) : (
        <Form form={form} onSubmit={onSubmit}>
          <TextField
            name="password"
            label={t`New password`}
            hint={t`At least 6 characters.`}
            type="password"
            autoComplete="new-password"
          />
          <TextField name="confirm" label={t`Confirm new password`} type="password" autoComplete="new-password" />
          <Button type="submit" size="lg" disabled={isSubmitting}>
            {isSubmitting ? t`Saving…` : t`Set New Password`}
          </Button>
        </Form>
      )}
    </AuthShell>
  );
}
