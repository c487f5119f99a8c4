/**
 * The fresh second factor (decision 050): capturing, refunding and changing roles answer 403
 * `second_factor_required` when this session's last code is older than 15 minutes. The admin layout mounts this
 * dialog once; it registers itself with the API client (lib/http.ts), which opens it on that answer, and the
 * refused call is made again once a code from the authenticator app is accepted. Cancelling leaves the call
 * refused, with the server's message.
 */
import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { z } from "zod";
import { digitsOnlyField, Form, fieldsOf, useZodForm } from "@/client/components/form";
import { Button } from "@/client/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/client/components/ui/dialog";
import { errorMessage } from "@/client/lib/api";
import { secondFactor } from "@/client/lib/http";
import { proveSecondFactor } from "../api";

const codeSchema = z.object({ code: z.string() });

export function SecondFactorDialog({ onSetupRequired }: { onSetupRequired: () => void }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const pending = useRef<((proved: boolean) => void) | null>(null);
  const form = useZodForm(codeSchema, { defaultValues: { code: "" } });
  const { TextField } = fieldsOf(form);

  useEffect(() => {
    secondFactor.onSetupRequired = onSetupRequired;
    secondFactor.ask = () =>
      new Promise<boolean>((resolve) => {
        pending.current?.(false);
        pending.current = resolve;
        form.reset({ code: "" });
        setOpen(true);
      });
    return () => {
      secondFactor.ask = null;
    };
  }, [form, onSetupRequired]);

  const settle = (proved: boolean) => {
    pending.current?.(proved);
    pending.current = null;
    setOpen(false);
  };

  async function onSubmit({ code }: { code: string }) {
    try {
      await proveSecondFactor(code);
      settle(true);
    } catch (error) {
      form.setError("code", { message: errorMessage(error) });
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !next && settle(false)}>
      <DialogContent>
        <Form form={form} onSubmit={onSubmit}>
          <DialogHeader>
            <DialogTitle>{t`Confirm it is you`}</DialogTitle>
            <DialogDescription>
              {t`Capturing, refunding and changing roles ask for a code from your authenticator app every 15 minutes.`}
            </DialogDescription>
          </DialogHeader>
          <TextField
            name="code"
            label={t`Code from your app`}
            autoComplete="one-time-code"
            maxLength={6}
            autoFocus
            {...digitsOnlyField}
          />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => settle(false)}>
              {t`Cancel`}
            </Button>
            <Button type="submit" disabled={form.watch("code").length !== 6 || form.formState.isSubmitting}>
              {t`Confirm`}
            </Button>
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
