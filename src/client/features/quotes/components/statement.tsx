/**
 * A quote's statement (issue 30), for the member on their request and for staff on theirs: the price agreed (VAT
 * included), then every movement of money with its date, card and receipt, and the balance due or 'Paid in full'
 * (only once the provider said so). Nothing shows before a card was authorised.
 */
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Check, ScrollText } from "lucide-react";
import { ReceiptLink } from "@/client/components/receipt-link";
import { Badge } from "@/client/components/ui/badge";
import { Card, CardContent, CardHeading } from "@/client/components/ui/card";
import type { MessageDescriptor } from "@/client/lib/i18n";
import type { STATEMENT_LINE_KINDS } from "@/shared/contracts/statement";
import { formatLongDate } from "@/shared/format";
import { formatCents } from "../money";
import { type Statement as StatementData, type StatementLine, statementQueries } from "../statement-api";

const KINDS: Record<(typeof STATEMENT_LINE_KINDS)[number], MessageDescriptor> = {
  authorised: msg`Hold authorised`,
  captured: msg`Charged`,
  released: msg`Hold released`,
  expired: msg`Hold lapsed`,
  refunded: msg`Refunded`,
  invoiced: msg`Balance invoiced`,
  invoice_paid: msg`Balance paid`,
  invoice_void: msg`Invoice cancelled`,
};

/** Amounts that leave the member's card (captured, paid) read plainly; the rest in the muted tone. */
const MONEY_OUT = new Set(["captured", "invoice_paid"]);

export function StatementCard({ requestId, side }: { requestId: string; side: "member" | "staff" }) {
  const query = useQuery(side === "member" ? statementQueries.member(requestId) : statementQueries.staff(requestId));
  if (!query.data || query.data.lines.length === 0) return null;
  return <StatementView statement={query.data} />;
}

export function StatementView({ statement }: { statement: StatementData }) {
  const { t } = useLingui();
  const rate = statement.vatRate;
  // "23 %" never splits over two lines (a no-break space before the sign).
  const vat = (rate === "margin" ? t`margin scheme` : rate ? t`incl. VAT ${rate} %` : "").replace(/ %/g, "\u00a0%");
  return (
    <Card>
      <CardHeading
        icon={ScrollText}
        title={t`Statement`}
        aside={
          statement.paidInFull ? (
            <Badge variant="success">{t`Paid in full`}</Badge>
          ) : statement.balanceDueCents > 0 ? (
            <Badge variant="gold">{t`Balance due`}</Badge>
          ) : null
        }
      />
      <CardContent className="@container flex flex-col gap-4 text-sm">
        {statement.priceCents !== null && (
          <div className="flex items-baseline justify-between gap-3">
            <span className="text-ink-muted">
              {t`Price agreed`}
              {statement.optionTitle ? ` · ${statement.optionTitle}` : ""}
              {vat ? ` (${vat})` : ""}
            </span>
            <span className="tabular font-serif text-xl">{formatCents(statement.priceCents)}</span>
          </div>
        )}
        <table className="w-full border-collapse text-left">
          <caption className="sr-only">{t`Every movement of money on this request`}</caption>
          <thead className="text-xs text-ink-muted">
            <tr className="border-b border-stone">
              <th scope="col" className="hidden py-1.5 pr-2 font-normal @sm:table-cell">{t`Date`}</th>
              <th scope="col" className="py-1.5 pr-2 font-normal">{t`What`}</th>
              <th scope="col" className="py-1.5 text-right font-normal">{t`Amount`}</th>
            </tr>
          </thead>
          <tbody>
            {statement.lines.map((line, index) => (
              <Line key={`${line.kind}-${line.at}-${index}`} line={line} />
            ))}
          </tbody>
        </table>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-stone pt-3">
          <dt className="text-ink-muted">{t`Charged`}</dt>
          <dd className="tabular text-right">{formatCents(statement.capturedCents + statement.invoicePaidCents)}</dd>
          {statement.refundedCents > 0 && (
            <>
              <dt className="text-ink-muted">{t`Refunded`}</dt>
              <dd className="tabular text-right">−{formatCents(statement.refundedCents)}</dd>
            </>
          )}
          <dt className="font-medium">{statement.paidInFull ? t`Paid in full` : t`Balance due`}</dt>
          <dd className="tabular flex justify-end font-medium">
            {/* Paid in full: nothing is due, and "€0" beside it would read as nothing paid. */}
            {statement.paidInFull ? (
              <Check aria-hidden className="size-4 text-forest" />
            ) : (
              formatCents(statement.balanceDueCents)
            )}
          </dd>
        </dl>
      </CardContent>
    </Card>
  );
}

function Line({ line }: { line: StatementLine }) {
  const { t, i18n } = useLingui();
  const card = line.card ? `${line.card.brand.toUpperCase()} ·· ${line.card.last4}` : null;
  const date = formatLongDate(line.at);
  return (
    <tr className="border-b border-stone/60 align-top">
      {/* In a narrow card (a phone, the staff's aside) the date goes under what happened: the description keeps the room. */}
      <td className="tabular hidden py-2 pr-2 whitespace-nowrap text-ink-muted @sm:table-cell">{date}</td>
      <td className="py-2 pr-2">
        <span className="block">{i18n._(KINDS[line.kind])}</span>
        <span className="tabular block text-xs text-ink-muted @sm:hidden">{date}</span>
        {card && <span className="block text-xs text-ink-muted">{card}</span>}
        {line.note && <span className="block text-xs text-ink-muted break-words">{line.note}</span>}
        {line.receiptUrl && (
          <ReceiptLink href={line.receiptUrl} className="block w-fit text-xs">
            {line.kind === "invoiced" ? t`Invoice` : t`Receipt`}
          </ReceiptLink>
        )}
      </td>
      <td className={`tabular py-2 text-right whitespace-nowrap ${MONEY_OUT.has(line.kind) ? "" : "text-ink-muted"}`}>
        {line.kind === "refunded" ? "−" : ""}
        {formatCents(line.amountCents)}
      </td>
    </tr>
  );
}
