import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { toast } from "sonner";
import { z } from "zod";
import { digitsOnlyField, Form, fieldsOf, useZodForm } from "@/client/components/form";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeading } from "@/client/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/client/components/ui/dialog";
import { errorMessage } from "@/client/lib/api";
import { useSession } from "@/client/lib/session";
import { useConfirmTwoFactor, useDisableTwoFactor, useEnableTwoFactor } from "../api";

type Step =
  | { kind: "closed" }
  | { kind: "password"; action: "enable" | "disable" }
  | { kind: "scan"; qr: string; secret: string; backupCodes: string[] };

const passwordSchema = z.object({ password: z.string() });
const codeSchema = z.object({ code: z.string() });

/** Turn an authenticator app on (QR code, backup codes, one code to confirm) or off (password). */
export function TwoFactorCard() {
  const { t } = useLingui();
  const session = useSession();
  const enabled = Boolean(session.user?.twoFactorEnabled);
  const [step, setStep] = useState<Step>({ kind: "closed" });

  return (
    <Card>
      <CardHeading
        title={t`Two-factor authentication`}
        aside={<Badge variant={enabled ? "success" : "muted"}>{enabled ? t`On` : t`Off`}</Badge>}
        description={t`Ask for a code from an authenticator app each time you sign in, in addition to your password.`}
      />
      <CardContent>
        <Button variant="outline" onClick={() => setStep({ kind: "password", action: enabled ? "disable" : "enable" })}>
          {enabled ? t`Turn Off Two-Factor` : t`Set Up Two-Factor`}
        </Button>
      </CardContent>
      <Dialog open={step.kind !== "closed"} onOpenChange={(open) => !open && setStep({ kind: "closed" })}>
        <DialogContent>
          {step.kind === "password" && (
            <PasswordStep action={step.action} onScan={setStep} onDone={() => setStep({ kind: "closed" })} />
          )}
          {step.kind === "scan" && <ScanStep step={step} onDone={() => setStep({ kind: "closed" })} />}
        </DialogContent>
      </Dialog>
    </Card>
  );
}

function PasswordStep({
  action,
  onScan,
  onDone,
}: {
  action: "enable" | "disable";
  onScan: (step: Extract<Step, { kind: "scan" }>) => void;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const form = useZodForm(passwordSchema, { defaultValues: { password: "" } });
  const { TextField } = fieldsOf(form);

  async function onSubmit({ password }: { password: string }) {
    try {
      if (action === "disable") {
        await disable.mutateAsync(password);
        toast.success(t`Two-factor authentication is off`);
        return onDone();
      }
      const { totpURI, backupCodes } = await enable.mutateAsync(password);
      const QRCode = await import("qrcode");
      const qr = await QRCode.toDataURL(totpURI, {
        margin: 1,
        width: 220,
        color: { dark: "#0B0B0C", light: "#FBF8F3" },
      });
      onScan({ kind: "scan", qr, secret: new URL(totpURI).searchParams.get("secret") ?? "", backupCodes });
    } catch (error) {
      form.setError("password", { message: errorMessage(error) });
    }
  }

  return (
    <Form form={form} onSubmit={onSubmit}>
      <DialogHeader>
        <DialogTitle>{action === "enable" ? t`Set up two-factor` : t`Turn off two-factor`}</DialogTitle>
        <DialogDescription>{t`Please confirm your password to continue.`}</DialogDescription>
      </DialogHeader>
      <TextField name="password" label={t`Password`} type="password" autoComplete="current-password" />
      <Button type="submit" disabled={!form.watch("password") || enable.isPending || disable.isPending}>
        {t`Continue`}
      </Button>
    </Form>
  );
}

function ScanStep({ step, onDone }: { step: Extract<Step, { kind: "scan" }>; onDone: () => void }) {
  const { t } = useLingui();
  const confirm = useConfirmTwoFactor();
  const form = useZodForm(codeSchema, { defaultValues: { code: "" } });
  const { TextField } = fieldsOf(form);

  async function onSubmit({ code }: { code: string }) {
    try {
      await confirm.mutateAsync(code);
      toast.success(t`Two-factor authentication is on`);
      onDone();
    } catch (error) {
      form.setError("code", { message: errorMessage(error) });
    }
  }

  return (
    <Form form={form} onSubmit={onSubmit}>
      <DialogHeader>
        <DialogTitle>{t`Scan with your app`}</DialogTitle>
        <DialogDescription>
          {t`Scan the code with an authenticator app, then enter the six-digit code it shows.`}
        </DialogDescription>
      </DialogHeader>
      <img src={step.qr} alt={t`QR code for your authenticator app`} className="mx-auto size-52 border border-stone" />
      <p className="text-center text-xs text-ink-muted">
        <Trans>
          Or enter this key: <code className="break-all font-mono text-noir">{step.secret}</code>
        </Trans>
      </p>
      <div>
        <p className="eyebrow text-ink-muted">{t`Backup codes`}</p>
        <p className="mt-1 text-xs text-ink-muted">
          {t`Keep these somewhere safe; each works once if you lose your phone.`}
        </p>
        <ul className="mt-3 grid grid-cols-2 gap-1 font-mono text-sm">
          {step.backupCodes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      </div>
      <TextField
        name="code"
        label={t`Code from your app`}
        autoComplete="one-time-code"
        maxLength={6}
        {...digitsOnlyField}
      />
      <Button type="submit" disabled={form.watch("code").length !== 6 || confirm.isPending}>
        {t`Turn On`}
      </Button>
    </Form>
  );
}
