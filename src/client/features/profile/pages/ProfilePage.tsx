import { zodResolver } from "@hookform/resolvers/zod";
import { Download, LogOut } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Navigate, useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import { authRedirect } from "@/client/app/guards";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/client/components/ui/alert-dialog";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { FormField, TextField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { PageSpinner } from "@/client/components/ui/spinner";
import { signOutErrorMessage, useSignOut } from "@/client/features/auth/api";
import { useSession } from "@/client/features/auth/session";
import { MembershipCard } from "@/client/features/billing/components/MembershipCard";
import { ApiError } from "@/client/lib/api";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { profileSchema } from "@/shared/schemas";
import { useDeleteAccount, useUpdateProfile } from "../api";
import { EmailVerificationNotice } from "../components/EmailVerificationNotice";
import { TwoFactorCard } from "../components/TwoFactorCard";

export default function ProfilePage() {
  useDocumentTitle("Profile and Settings");
  const session = useSession();
  const location = useLocation();
  if (session.isLoading) return <PageSpinner />;
  // Not wrapped by the sign-in guard: it redirects itself.
  if (!session.isSignedIn) return <Navigate to={authRedirect(location)} replace />;

  return (
    <div className="mx-auto max-w-3xl px-6 py-14 sm:py-20">
      <p className="eyebrow text-gold-deep">Your account</p>
      <h1 className="mt-3 text-4xl sm:text-5xl">Profile and Settings</h1>
      <div className="mt-12 flex flex-col gap-8">
        <EmailVerificationNotice />
        <MembershipCard />
        <ProfileForm />
        <TwoFactorCard />
        <AccountActions />
      </div>
    </div>
  );
}

function ProfileForm() {
  const session = useSession();
  const update = useUpdateProfile();
  const form = useForm({
    resolver: zodResolver(profileSchema),
    defaultValues: { name: session.profile?.name ?? "", phone: session.profile?.phone ?? "" },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  useEffect(() => {
    form.reset({ name: session.profile?.name ?? "", phone: session.profile?.phone ?? "" });
  }, [session.profile?.name, session.profile?.phone, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toast.success("Profile updated successfully");
    } catch {
      toast.error("Error updating profile");
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>How our team addresses and reaches you.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-5 sm:grid-cols-2">
          <FormField
            id="profile-email"
            label="Email"
            className="sm:col-span-2"
            hint="Your email cannot be changed here."
          >
            <Input id="profile-email" type="email" value={session.profile?.email ?? ""} readOnly />
          </FormField>
          <TextField
            id="profile-name"
            label="Name"
            error={errors.name?.message}
            autoComplete="name"
            {...form.register("name")}
          />
          <FormField id="profile-phone" label="Phone" error={errors.phone?.message}>
            <Input
              id="profile-phone"
              type="tel"
              autoComplete="tel"
              placeholder="+351 XXX XXX XXX"
              {...form.register("phone", {
                setValueAs: (v: string) => v.replace(/[^\d+]/g, ""),
              })}
            />
          </FormField>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={isSubmitting || !isDirty}>
              {isSubmitting ? "Saving…" : "Save Changes"}
            </Button>
          </div>
        </form>
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
      <CardHeader>
        <CardTitle>Your data</CardTitle>
        <CardDescription>Download everything your account holds, or close it for good.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        <Button variant="outline" asChild>
          <a href="/api/account/export" download>
            <Download /> Export Data
          </a>
        </Button>
        <Button variant="outline" onClick={onSignOut} disabled={signOut.isPending}>
          <LogOut /> Sign Out
        </Button>
        <AlertDialog open={confirming} onOpenChange={onOpenChange}>
          <AlertDialogTrigger asChild>
            <Button variant="ghost" className="text-oxblood hover:bg-oxblood/5">
              Delete Account
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent
            onOpenAutoFocus={(event) => {
              // The password is what comes next, so the cursor waits there.
              event.preventDefault();
              passwordInput.current?.focus();
            }}
          >
            <AlertDialogTitle>Delete your account?</AlertDialogTitle>
            <AlertDialogDescription>
              This permanently deletes your account, your requests and their messages, your concierge conversation and
              your inquiries, and cancels any paid membership. This cannot be undone.
            </AlertDialogDescription>
            <TextField
              ref={passwordInput}
              id="delete-password"
              label="Your password"
              type="password"
              autoComplete="current-password"
              hint="Please enter it to confirm that it is you."
              error={deleteError ?? undefined}
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setDeleteError(null);
              }}
            />
            <AlertDialogFooter className="pt-1">
              <AlertDialogCancel disabled={deleteAccount.isPending}>Keep Account</AlertDialogCancel>
              <AlertDialogAction destructive onClick={onDelete} disabled={deleteAccount.isPending}>
                {deleteAccount.isPending ? "Deleting…" : "Delete Account"}
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </CardContent>
    </Card>
  );
}
