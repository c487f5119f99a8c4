import { Download, LogOut } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { ConfirmDialog } from "@/client/components/confirm-dialog";
import { Form, fieldsOf, useZodForm } from "@/client/components/form";
import { PageHeader } from "@/client/components/page-header";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeading } from "@/client/components/ui/card";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { ApiError } from "@/client/lib/api";
import { useSession } from "@/client/lib/session";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { profileSchema } from "@/shared/schemas";
import { exportUrl, signOutErrorMessage, useDeleteAccount, useSignOut, useUpdateProfile } from "../api";
import { EmailVerificationNotice } from "../components/EmailVerificationNotice";
import { PasswordCard } from "../components/PasswordCard";
import { SessionsCard } from "../components/SessionsCard";
import { TwoFactorCard } from "../components/TwoFactorCard";

/**
 * /profile, for a signed-in visitor (the router redirects the others to sign in). The membership card belongs to
 * the billing feature, the email notification switch the notifications feature's, the payments list the quotes
 * feature's; app/ composes them in through `membership`, `notifications` and `payments`.
 */
export default function ProfilePage({
  membership,
  notifications,
  payments,
}: {
  membership?: ReactNode;
  notifications?: ReactNode;
  payments?: ReactNode;
}) {
  useDocumentTitle("Profile and Settings");
  return (
    <div className="mx-auto max-w-3xl px-6 py-14 sm:py-20">
      <PageHeader eyebrow="Your account" title="Profile and Settings" />
      <div className="mt-12 flex flex-col gap-8">
        <EmailVerificationNotice />
        {membership}
        {payments}
        <ProfileForm />
        {notifications}
        <PasswordCard />
        <TwoFactorCard />
        <SessionsCard />
        <AccountActions />
      </div>
    </div>
  );
}

function ProfileForm() {
  const { profile } = useSession();
  const update = useUpdateProfile();
  const form = useZodForm(profileSchema, { defaultValues: { name: profile?.name ?? "", phone: profile?.phone ?? "" } });
  const { TextField } = fieldsOf(form);
  const { isSubmitting, isDirty } = form.formState;
  useEffect(() => {
    form.reset({ name: profile?.name ?? "", phone: profile?.phone ?? "" });
  }, [profile?.name, profile?.phone, form]);

  async function onSubmit(values: { name: string; phone: string }) {
    try {
      await update.mutateAsync(values);
      toast.success("Profile updated successfully");
    } catch {
      toast.error("Error updating profile");
    }
  }

  return (
    <Card>
      <CardHeading title="Profile" description="How our team addresses and reaches you." />
      <CardContent>
        <Form form={form} onSubmit={onSubmit} className="grid sm:grid-cols-2">
          <FormField
            id="profile-email"
            label="Email"
            className="sm:col-span-2"
            hint="Your email cannot be changed here."
          >
            <Input id="profile-email" type="email" value={profile?.email ?? ""} readOnly />
          </FormField>
          <TextField name="name" label="Name" autoComplete="name" />
          <TextField name="phone" label="Phone" type="tel" autoComplete="tel" placeholder="+351 XXX XXX XXX" />
          <div className="sm:col-span-2">
            <Button type="submit" disabled={isSubmitting || !isDirty}>
              {isSubmitting ? "Saving…" : "Save Changes"}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

function AccountActions() {
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
      toast.success("Account deleted successfully");
      navigate("/", { replace: true });
    } catch (error) {
      // A refused password (403) or too many tries (429) is said under the field, where it can be put right.
      const shown = error instanceof ApiError && (error.status === 403 || error.status === 429);
      setDeleteError(shown ? error.message : null);
      if (shown) {
        passwordInput.current?.focus();
        passwordInput.current?.select();
      } else toast.error("Failed to delete account. Please contact support.");
    }
  }

  return (
    <Card>
      <CardHeading title="Your data" description="Download everything your account holds, or close it for good." />
      <CardContent className="flex flex-wrap gap-3">
        <Button variant="outline" asChild>
          <a href={exportUrl()} download>
            <Download /> Export Data
          </a>
        </Button>
        <Button variant="outline" onClick={onSignOut} disabled={signOut.isPending}>
          <LogOut /> Sign Out
        </Button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={onOpenChange}
          trigger={
            <Button variant="ghost" className="text-oxblood hover:bg-oxblood/5">
              Delete Account
            </Button>
          }
          onOpenAutoFocus={(event) => {
            // The password is what comes next, so the cursor waits there.
            event.preventDefault();
            passwordInput.current?.focus();
          }}
          title="Delete your account?"
          description="This permanently deletes your account, your requests and their messages, your concierge conversation and your inquiries, and cancels any paid membership. This cannot be undone."
          cancelLabel="Keep Account"
          confirmLabel={deleteAccount.isPending ? "Deleting…" : "Delete Account"}
          destructive
          busy={deleteAccount.isPending}
          onConfirm={onDelete}
        >
          <FormField
            id="delete-password"
            label="Your password"
            hint="Please enter it to confirm that it is you."
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
