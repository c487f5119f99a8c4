import { useLingui } from "@lingui/react/macro";
import { digitsOnly } from "@/shared/phone";
import { Input } from "./ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "./ui/select";

/** A country-code chooser and a number field that keeps only digits. */
export function PhoneInput({
  id,
  codes,
  countryCode,
  digits,
  onCountryCodeChange,
  onDigitsChange,
  invalid,
  disabled,
  placeholder = "912 345 678",
}: {
  id: string;
  codes: readonly string[];
  countryCode: string;
  digits: string;
  onCountryCodeChange: (code: string) => void;
  onDigitsChange: (digits: string) => void;
  invalid?: boolean;
  disabled?: boolean;
  placeholder?: string;
}) {
  const { t } = useLingui();
  return (
    <div className="flex gap-2">
      <Select value={countryCode} onValueChange={onCountryCodeChange} disabled={disabled}>
        <SelectTrigger className="w-28 shrink-0" aria-label={t`Country code`}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {codes.map((code) => (
            <SelectItem key={code} value={code}>
              {code}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Input
        id={id}
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder={placeholder}
        value={digits}
        aria-invalid={invalid || undefined}
        disabled={disabled}
        onChange={(e) => onDigitsChange(digitsOnly(e.target.value))}
      />
    </div>
  );
}
