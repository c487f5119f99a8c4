/**
 * /admin/security (decision 050): the team's security, for admins. Whether two-factor is mandatory for staff and
 * admins (an admin sets theirs up first: the server answers 409 otherwise), and giving someone a role by their
 * email (a fresh second factor is asked when the last is older than 15 minutes: the admin layout's dialog).
 * Both changes are written to the audit log.
 */
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { AdminPage } from "@/client/components/admin-page";
import { AsyncView } from "@/client/components/async-view";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeading } from "@/client/components/ui/card";
import { Input } from "@/client/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/client/components/ui/select";
import { Switch } from "@/client/components/ui/switch";
import { errorMessage } from "@/client/lib/api";
import { securityQueries, useChangeRole, useSaveSecuritySettings } from "../api";

type Role = "client" | "staff" | "admin";

export default function AdminSecurityPage() {
  const { t } = useLingui();
  const query = useQuery(securityQueries.settings());
  const save = useSaveSecuritySettings();

  async function toggle(required: boolean) {
    try {
      await save.mutateAsync(required);
      toast.success(required ? t`Two-factor is now mandatory for the team` : t`Two-factor is now optional`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <AdminPage width="4xl" eyebrow={t`Settings`} title={t`Security`}>
      <Card>
        <CardHeading
          title={t`Two-factor for staff`}
          description={t`When mandatory, a staff member or administrator without two-factor is sent to set it up at their next step and can do nothing else until then.`}
        />
        <CardContent>
          <AsyncView query={query} errorFallback={t`Failed to load the security settings`}>
            {(settings) => (
              <div className="flex items-center gap-3">
                <Switch
                  id="two-factor-required"
                  checked={settings.twoFactorRequired}
                  disabled={save.isPending}
                  onCheckedChange={toggle}
                />
                <label htmlFor="two-factor-required" className="text-sm font-medium">
                  {t`Two-factor is mandatory for staff and administrators`}
                </label>
              </div>
            )}
          </AsyncView>
          <p className="mt-3 text-xs text-ink-muted">
            {t`Your own two-factor is set up on your profile.`}{" "}
            <Link to="/profile" className="underline underline-offset-4">
              {t`Open your profile`}
            </Link>
          </p>
        </CardContent>
      </Card>
      <RoleCard />
    </AdminPage>
  );
}

function RoleCard() {
  const { t } = useLingui();
  const change = useChangeRole();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("staff");
  const [error, setError] = useState<string | null>(null);
  const labels: Record<Role, string> = { client: t`Member`, staff: t`Staff`, admin: t`Administrator` };

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const done = await change.mutateAsync({ email: email.trim(), role });
      toast.success(t`${done.email} is now ${labels[done.role]}`);
      setEmail("");
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return (
    <Card>
      <CardHeading
        title={t`Roles`}
        description={t`Give an account a role by its email address. It takes effect at once, on every device.`}
      />
      <CardContent>
        <form onSubmit={onSubmit} className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
          <div className="flex flex-col gap-1.5">
            <label htmlFor="role-email" className="text-sm font-medium">
              {t`Email`}
            </label>
            <Input
              id="role-email"
              type="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "role-error" : undefined}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="role-choice" className="text-sm font-medium">
              {t`Role`}
            </label>
            <Select value={role} onValueChange={(value) => setRole(value as Role)}>
              <SelectTrigger id="role-choice" className="h-10 text-sm">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {(["client", "staff", "admin"] as const).map((value) => (
                  <SelectItem key={value} value={value}>
                    {labels[value]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <Button type="submit" disabled={!email.trim() || change.isPending}>
            {t`Change role`}
          </Button>
        </form>
        {error && (
          <p id="role-error" role="alert" className="mt-2 text-sm text-red-800">
            {error}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
