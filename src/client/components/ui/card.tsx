import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { styled } from "./styled";

export const Card = styled("div", "rounded-lg border border-stone bg-card text-card-foreground", "card");
export const CardHeader = styled("div", "flex flex-col gap-1.5 p-6 pb-0");
export const CardTitle = styled("h3", "font-serif text-2xl leading-tight");
export const CardDescription = styled("p", "text-sm text-ink-muted");
export const CardContent = styled("div", "p-6");
export const CardFooter = styled("div", "flex items-center gap-3 p-6 pt-0");

/** A card's header: its title (after an icon), something beside it (a status badge), and a line of description. */
export function CardHeading({
  title,
  icon: Icon,
  aside,
  description,
}: {
  title: React.ReactNode;
  icon?: LucideIcon;
  aside?: React.ReactNode;
  description?: React.ReactNode;
}) {
  const heading = Icon ? (
    <CardTitle className="flex items-center gap-3">
      <Icon aria-hidden className="size-5 text-gold-deep" strokeWidth={1.5} /> {title}
    </CardTitle>
  ) : (
    <CardTitle>{title}</CardTitle>
  );
  return (
    <CardHeader>
      {aside ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {heading}
          {aside}
        </div>
      ) : (
        heading
      )}
      {description && <CardDescription>{description}</CardDescription>}
    </CardHeader>
  );
}
