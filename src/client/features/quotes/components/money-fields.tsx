/**
 * The fields of the staff's money dialogs (capture, balance invoice, refund): the amount in euro, a reason and
 * the dialog's error. Each field's `onChange` gets the new text.
 */
import { useLingui } from "@lingui/react/macro";
import { type ReactNode, useId } from "react";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { Textarea } from "@/client/components/ui/textarea";

export function AmountField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useLingui();
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{t`Amount (€)`}</Label>
      <Input id={id} inputMode="decimal" value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

export function ReasonField({
  label,
  value,
  placeholder,
  onChange,
}: {
  label: ReactNode;
  value: string;
  placeholder?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        value={value}
        maxLength={1000}
        className="min-h-20"
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

export function DialogError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="text-sm font-medium text-oxblood">
      {error}
    </p>
  );
}
