import type * as React from "react";
import { cn } from "@/client/lib/utils";

/**
 * A component that renders `Component` (an element name or a Radix part) with Maison's classes, merged with any
 * `className` given: the one shape of the simple styled parts in this folder.
 */
// biome-ignore lint/suspicious/noExplicitAny: any element or component, as React.ComponentProps takes it
export function styled<C extends keyof React.JSX.IntrinsicElements | React.JSXElementConstructor<any>>(
  Component: C,
  classes: string,
  slot?: string,
) {
  return function Styled({ className, ...props }: React.ComponentProps<C> & { className?: string }) {
    const Element = Component as React.ElementType;
    return <Element data-slot={slot} className={cn(classes, className)} {...props} />;
  };
}
