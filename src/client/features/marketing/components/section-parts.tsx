/** The recurring pieces of the public pages' sections. */
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** A section's eyebrow and title; `onDark` for the noir sections. */
export function SectionHeading({
  id,
  eyebrow,
  children,
  onDark = false,
}: {
  id: string;
  eyebrow: string;
  children: ReactNode;
  onDark?: boolean;
}) {
  return (
    <>
      <p className={`eyebrow ${onDark ? "text-gold" : "text-gold-deep"}`}>{eyebrow}</p>
      <h2 id={id} className="mt-5 text-headline">
        {children}
      </h2>
    </>
  );
}

/** A page's opening eyebrow, after a short gold rule. */
export function RuledEyebrow({ children }: { children: ReactNode }) {
  return (
    <p className="eyebrow flex items-center gap-4 text-gold-deep">
      <span aria-hidden className="gold-rule" />
      {children}
    </p>
  );
}

/** An icon in a thin gold ring. */
export function Medallion({ icon: Icon }: { icon: LucideIcon }) {
  return (
    <span className="flex size-12 shrink-0 items-center justify-center rounded-full border border-gold/60 text-gold-deep">
      <Icon aria-hidden className="size-5" strokeWidth={1.25} />
    </span>
  );
}

/** A section's heading on the left and its lede on the right, from the large breakpoint. */
export function SplitIntro({
  id,
  eyebrow,
  title,
  lede,
  onDark = false,
  wideHeading = false,
}: {
  id: string;
  eyebrow: string;
  title: ReactNode;
  lede: ReactNode;
  onDark?: boolean;
  /** Six columns of twelve for the heading, five for the lede (else five and six). */
  wideHeading?: boolean;
}) {
  const headingClassName = wideHeading ? "lg:col-span-6" : "lg:col-span-5";
  const ledeClassName = wideHeading ? "lg:col-span-5 lg:col-start-8" : "lg:col-span-6 lg:col-start-7";
  return (
    <div className="grid gap-6 lg:grid-cols-12 lg:items-end">
      <div className={headingClassName}>
        <SectionHeading id={id} eyebrow={eyebrow} onDark={onDark}>
          {title}
        </SectionHeading>
      </div>
      <p className={`max-w-xl text-lede ${onDark ? "text-ivory/70" : "text-ink-muted"} ${ledeClassName}`}>{lede}</p>
    </div>
  );
}

/** A point's title and its text (a step, a value, a reason to trust). */
export function Point({ title, text, className = "mt-3" }: { title: string; text: string; className?: string }) {
  return (
    <>
      <h3 className="text-title">{title}</h3>
      <p className={`leading-relaxed text-ink-muted ${className}`}>{text}</p>
    </>
  );
}

/** A point with its icon beside or above it. */
export function IconPoint({
  icon,
  title,
  text,
  textClassName,
}: {
  icon: LucideIcon;
  title: string;
  text: string;
  textClassName?: string;
}) {
  return (
    <>
      <Medallion icon={icon} />
      <div className={textClassName}>
        <Point title={title} text={text} />
      </div>
    </>
  );
}

/** A public section: its landmark, named by its heading, and the page's measure inside. */
export function PageSection({
  labelledBy,
  className,
  innerClassName = "",
  children,
}: {
  labelledBy: string;
  className: string;
  innerClassName?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={labelledBy} className={className}>
      <div className={`page-container ${innerClassName}`}>{children}</div>
    </section>
  );
}
