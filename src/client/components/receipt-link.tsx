/**
 * A document at the payment provider (a receipt, an invoice), opened in a new tab, underlined in gold;
 * `className` places it.
 */
import type * as React from "react";

export function ReceiptLink({
  href,
  className = "",
  children,
}: {
  href: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <a href={href} target="_blank" rel="noreferrer" className={`${className} underline decoration-gold`.trim()}>
      {children}
    </a>
  );
}
