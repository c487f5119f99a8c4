/**
 * The Maison wordmark: "MAISON" in Cormorant Garamond 500 with 0.3 em tracking, drawn as outlines (generated
 * from the self-hosted font file) in public/wordmark.svg. It is painted as a CSS mask over the text colour, so it
 * takes any colour, paints before any web font has arrived, and its path data stays out of the JavaScript every
 * page loads first. The static header of index.html draws the same outlines inline. The name is announced through
 * the link or label around it; the drawing itself is hidden from assistive technology.
 */
const MASK = "url(/wordmark.svg) center / contain no-repeat";

export function Wordmark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block bg-current ${className ?? ""}`}
      style={{ aspectRatio: "5327 / 652", mask: MASK, WebkitMask: MASK }}
    />
  );
}
