import { useState } from "react";
import { toast } from "sonner";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/client/components/ui/dialog";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { useSession } from "@/client/features/auth/session";
import { errorMessage } from "@/client/lib/api";
import { useConfirmTwoFactor, useDisableTwoFactor, useEnableTwoFactor } from "../api";

type Step =
  | { kind: "closed" }
  | { kind: "password"; action: "enable" | "disable" }
  | { kind: "scan"; qr: string; secret: string; backupCodes: string[] };

/** Turn an authenticator app on (QR code, backup codes, one code to confirm) or off (password). */
export function TwoFactorCard() {
  const session = useSession();
  const enabled = Boolean(session.user?.twoFactorEnabled);
  const [step, setStep] = useState<Step>({ kind: "closed" });
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const enable = useEnableTwoFactor();
  const confirm = useConfirmTwoFactor();
  const disable = useDisableTwoFactor();

  function close() {
    setStep({ kind: "closed" });
    setPassword("");
    setCode("");
    setError(undefined);
  }

  async function submitPassword(event: React.FormEvent) {
    event.preventDefault();
    if (step.kind !== "password") return;
    setError(undefined);
    try {
      if (step.action === "disable") {
        await disable.mutateAsync(password);
        toast.success("Two-factor authentication is off");
        return close();
      }
      const { totpURI, backupCodes } = await enable.mutateAsync(password);
      const QRCode = await import("qrcode");
      const qr = await QRCode.toDataURL(totpURI, {
        margin: 1,
        width: 220,
        color: { dark: "#0B0B0C", light: "#FBF8F3" },
      });
      setStep({ kind: "scan", qr, secret: new URL(totpURI).searchParams.get("secret") ?? "", backupCodes });
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  async function submitCode(event: React.FormEvent) {
    event.preventDefault();
    setError(undefined);
    try {
      await confirm.mutateAsync(code);
      toast.success("Two-factor authentication is on");
      close();
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CardTitle>Two-factor authentication</CardTitle>
          <Badge variant={enabled ? "success" : "muted"}>{enabled ? "On" : "Off"}</Badge>
        </div>
        <CardDescription>
          Ask for a code from an authenticator app each time you sign in, in addition to your password.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={() => setStep({ kind: "password", action: enabled ? "disable" : "enable" })}>
          {enabled ? "Turn Off Two-Factor" : "Set Up Two-Factor"}
        </Button>
      </CardContent>
      <Dialog open={step.kind !== "closed"} onOpenChange={(open) => !open && close()}>
        <DialogContent>
          {step.kind === "password" && (
            <form onSubmit={submitPassword} className="flex flex-col gap-5">
              <DialogHeader>
                <DialogTitle>{step.action === "enable" ? "Set up two-factor" : "Turn off two-factor"}</DialogTitle>
                <DialogDescription>Please confirm your password to continue.</DialogDescription>
              </DialogHeader>
              <FormField id="tf-password" label="Password" error={error}>
                <Input
                  id="tf-password"
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              </FormField>
              <Button type="submit" disabled={!password || enable.isPending || disable.isPending}>
                Continue
              </Button>
            </form>
          )}
          {step.kind === "scan" && (
            <form onSubmit={submitCode} className="flex flex-col gap-5">
              <DialogHeader>
                <DialogTitle>Scan with your app</DialogTitle>
                <DialogDescription>
                  Scan the code with an authenticator app, then enter the six-digit code it shows.
                </DialogDescription>
              </DialogHeader>
              <img
                src={step.qr}
                alt="QR code for your authenticator app"
                className="mx-auto size-52 border border-stone"
              />
              <p className="text-center text-xs text-ink-muted">
                Or enter this key: <code className="break-all font-mono text-noir">{step.secret}</code>
              </p>
              <div>
                <p className="eyebrow text-ink-muted">Backup codes</p>
                <p className="mt-1 text-xs text-ink-muted">
                  Keep these somewhere safe; each works once if you lose your phone.
                </p>
                <ul className="mt-3 grid grid-cols-2 gap-1 font-mono text-sm">
                  {step.backupCodes.map((c) => (
                    <li key={c}>{c}</li>
                  ))}
                </ul>
              </div>
              <FormField id="tf-code" label="Code from your app" error={error}>
                <Input
                  id="tf-code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={code}
                  onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))}
                />
              </FormField>
              <Button type="submit" disabled={code.length !== 6 || confirm.isPending}>
                Turn On
              </Button>
            </form>
          )}
        </DialogContent>
      </Dialog>
    </Card>
  );
}
