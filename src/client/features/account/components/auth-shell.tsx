import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";

/** The two-column frame of the auth screens: a quiet noir panel beside the form. */
export function AuthShell({
  eyebrow,
  title,
  intro,
  children,
}: {
  eyebrow: string;
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <section className="mx-auto grid min-h-[calc(100dvh-4rem)] max-w-6xl lg:grid-cols-[1fr_1.1fr]">
      <div className="relative hidden overflow-hidden bg-noir px-12 py-16 text-ivory lg:flex lg:flex-col lg:justify-between">
        <div aria-hidden className="absolute inset-8 border border-gold/30" />
        <p className="eyebrow relative text-gold-light">{t`Maison · Members`}</p>
        <blockquote className="relative max-w-sm font-serif text-4xl leading-tight">
          {t`“The rarest things are found by those who know where to look.”`}
        </blockquote>
        <p className="relative text-sm text-ivory/70">{t`Verified suppliers. Personal concierge. Discretion, always.`}</p>
      </div>
      <div className="flex items-center justify-center px-6 py-16 sm:px-12">
        <div className="w-full max-w-md">
          <p className="eyebrow text-gold-deep">{eyebrow}</p>
          <h1 className="mt-3 text-4xl sm:text-5xl">{title}</h1>
          <div className="mt-3 text-sm leading-relaxed text-ink-muted">{intro}</div>
          <div className="mt-10">{children}</div>
        </div>
      </div>
    </section>
  );
}
