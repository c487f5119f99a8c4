import { useLingui } from "@lingui/react/macro";
import { Download, LogOut } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { ConfirmDialog } from "@/client/components/confirm-dialog";
import { PageHeader } from "@/client/components/page-header";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeading } from "@/client/components/ui/card";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { ApiError, errorMessage } from "@/client/lib/api";
import { useSession } from "@/client/lib/session";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { exportUrl, signOutErrorMessage, useDeleteAccount, useSignOut } from "../api";
import { EmailVerificationNotice } from "../components/email-verification-notice";
import { PasswordCard } from "../components/password-card";
import { ProfileForm } from "../components/profile-form";
import { SessionsCard } from "../components/sessions-card";
import { StaffCardForm } from "../components/staff-card-form";
import { TwoFactorCard } from "../components/two-factor-card";

/**
 * /profile, for a signed-in visitor (the router redirects the others to sign in). The membership card belongs to
 * the billing feature, the email notification switch the notifications feature's, the payments list the quotes
 * feature's; app/ composes them in through `membership`, `notifications` and `payments`.
 */
export default function ProfilePage({
  membership,
  notifications,
  payments,
  language,
}: {
  membership?: ReactNode;
  notifications?: ReactNode;
  payments?: ReactNode;
  /** The interface language's switch (app/ composes it in: choosing saves it on the profile). */
  language?: ReactNode;
}) {
  const { t } = useLingui();
  const { isStaff } = useSession();
  useDocumentTitle(t`Profile and Settings`);
  return (
    <div className="mx-auto max-w-3xl px-6 py-14 sm:py-20">
      <PageHeader eyebrow={t`Your account`} title={t`Profile and Settings`} />
      <div className="mt-12 flex flex-col gap-8">
        <EmailVerificationNotice />
        {membership}
        {payments}
        <ProfileForm language={language} />
        {isStaff && <StaffCardForm />}
        {notifications}
        <PasswordCard />
        <TwoFactorCard />
        <SessionsCard />
        <AccountActions />
      </div>
    </div>
  );
}

function AccountActions() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const deleteAccount = useDeleteAccount();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState("");
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  async function onSignOut() {
    try {
      await signOut.mutateAsync();
    } catch (error) {
      const message = signOutErrorMessage(error);
      if (message) toast.error(message);
    }
    navigate("/auth", { replace: true });
  }

  /** Every opening starts afresh: no password or message left from the last one. */
  function onOpenChange(open: boolean) {
    if (deleteAccount.isPending) return;
    setConfirming(open);
    if (!open) {
      setPassword("");
      setDeleteError(null);
    }
  }

  async function onDelete(event: React.MouseEvent) {
    // The dialog stays open until the account is gone, so a wrong password can be typed again.
    event.preventDefault();
    try {
      await deleteAccount.mutateAsync(password);
      toast.success(t`Account deleted successfully`);
      navigate("/", { replace: true });
    } catch (error) {
      // A refused password (403) or too many tries (429) is said under the field, where it can be put right.
      const shown = error instanceof ApiError && (error.status === 403 || error.status === 429);
      setDeleteError(shown ? errorMessage(error) : null);
      if (shown) {
        passwordInput.current?.focus();
        passwordInput.current?.select();
      } else toast.error(t`Failed to delete account. Please contact support.`);
    }
  }

  return (
    <Card>
      <CardHeading
        title={t`Your data`}
        description={t`Download everything your account holds, or close it for good.`}
      />
      <CardContent className="flex flex-wrap gap-3">
        <Button variant="outline" asChild>
          <a href={exportUrl()} download>
            <Download /> {t`Export Data`}
          </a>
        </Button>
        <Button variant="outline" onClick={onSignOut} disabled={signOut.isPending}>
          <LogOut /> {t`Sign Out`}
        </Button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={onOpenChange}
          trigger={
            <Button variant="ghost" className="text-oxblood hover:bg-oxblood/5">
              {t`Delete Account`}
            </Button>
          }
          onOpenAutoFocus={(event) => {
            // The password is what comes next, so the cursor waits there.
            event.preventDefault();
            passwordInput.current?.focus();
          }}
          title={t`Delete your account?`}
          description={t`This permanently deletes your account, your requests and their messages, your concierge conversation and your inquiries, and cancels any paid membership. This cannot be undone.`}
          cancelLabel={t`Keep Account`}
          confirmLabel={deleteAccount.isPending ? t`Deleting…` : t`Delete Account`}
          destructive
          busy={deleteAccount.isPending}
          onConfirm={onDelete}
        >
          <FormField
            id="delete-password"
            label={t`Your password`}
            hint={t`Please enter it to confirm that it is you.`}
            error={deleteError ?? undefined}
          >
            <Input
              ref={passwordInput}
              id="delete-password"
              type="password"
              autoComplete="current-password"
              aria-invalid={deleteError ? true : undefined}
              aria-describedby={deleteError ? "delete-password-error" : undefined}
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setDeleteError(null);
              }}
            />
          </FormField>
        </ConfirmDialog>
      </CardContent>
    </Card>
  );
}
