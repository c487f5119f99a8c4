/** A payment's receipt at the provider, opened in a new tab: the link under the payment's row. */
import type * as React from "react";

export function ReceiptLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer"
      className="col-span-2 justify-self-start text-xs underline decoration-gold"
    >
      {children}
    </a>
  );
}
