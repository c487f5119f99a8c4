/**
 * What an option's VAT-inclusive price includes (issue 30, decision 034): "incl. VAT 23 % (€4,674.80)", or the
 * margin scheme's words, since under it VAT is never shown as an amount.
 */
import { useLingui } from "@lingui/react/macro";
import { cn } from "@/client/lib/utils";
import type { VatRate } from "@/shared/tax";
import { formatCents } from "../money";

export function VatNote({
  vatRate,
  vatCents,
  className,
}: {
  vatRate: VatRate;
  vatCents: number | null;
  className?: string;
}) {
  const { t } = useLingui();
  const percent = Number(vatRate);
  const amount = vatCents === null ? "" : formatCents(vatCents);
  // The same words as the quote's email.
  const text =
    vatRate === "margin" || vatCents === null
      ? t`Margin scheme — VAT not shown separately`
      : t`incl. VAT ${percent} % (${amount})`;
  return <p className={cn("text-xs text-ink-muted tabular", className)}>{text}</p>;
}
