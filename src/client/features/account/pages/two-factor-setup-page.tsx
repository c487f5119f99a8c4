/**
 * /two-factor/setup (decision 050): where a staff member is sent while the team requires two-factor and they
 * have none. The server refuses them every staff route meanwhile (403 two_factor_setup_required); here they set
 * it up (QR code, the key to type, backup codes, one code to confirm), then go on to the admin area.
 */
import { useLingui } from "@lingui/react/macro";
import { ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/client/components/ui/button";
import { useSession } from "@/client/lib/session";
import { TwoFactorCard } from "../components/two-factor-card";

export default function TwoFactorSetupPage() {
  const { t } = useLingui();
  const session = useSession();
  const enabled = Boolean(session.user?.twoFactorEnabled);
  return (
    <section className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-12">
      <div className="flex flex-col gap-2">
        <p className="eyebrow text-gold-deep">{t`Security`}</p>
        <h1 className="font-serif text-3xl text-noir">{t`Set up two-factor authentication`}</h1>
        <p className="text-ink-muted">
          {enabled
            ? t`Two-factor authentication is on for your account. You can continue.`
            : t`The Maison team requires two-factor authentication. Until it is set up, the admin area stays closed to your account.`}
        </p>
      </div>
      <TwoFactorCard />
      {enabled && (
        <Button asChild className="self-start">
          <Link to="/admin">
            <ShieldCheck /> {t`Continue to the admin area`}
          </Link>
        </Button>
      )}
    </section>
  );
}
