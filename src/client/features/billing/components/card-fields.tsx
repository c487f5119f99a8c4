import { useLingui } from "@lingui/react/macro";
import type { UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { digitsOnlyField, fieldsOf } from "@/client/components/form";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import type { cardSchema } from "@/shared/contracts/billing";
import { formatCardNumber, formatExpiry } from "../card-format";

type CardForm = UseFormReturn<z.input<typeof cardSchema>, unknown, z.output<typeof cardSchema>>;

/** The test-mode card pages' fields (membership checkout and card hold): the email, then the card. */
export function CardFields({ form, emailId, email }: { form: CardForm; emailId: string; email: string }) {
  const { t } = useLingui();
  const { TextField } = fieldsOf(form);
  const declined = form.formState.errors.root?.message;
  return (
    <>
      <FormField id={emailId} label={t`Email`}>
        <Input id={emailId} type="email" value={email} readOnly />
      </FormField>
      <TextField
        name="cardNumber"
        label={t`Card number`}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        format={formatCardNumber}
        aria-invalid={declined ? true : undefined}
        required
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          name="expiry"
          label={t`Expiry`}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={t`MM/YY`}
          format={formatExpiry}
          required
        />
        <TextField
          name="cvc"
          label={t`CVC`}
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          required
          {...digitsOnlyField}
        />
      </div>
      <TextField name="name" label={t`Name on card`} autoComplete="cc-name" required />
    </>
  );
}
