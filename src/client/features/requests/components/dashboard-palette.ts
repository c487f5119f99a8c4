/**
 * The charts' colours: the palette of src/client/styles/index.css as values, since SVG presentation attributes
 * do not read the theme's CSS variables reliably. Keep in step with the tokens there.
 */
import type { RequestCategory, RequestStatus } from "@/shared/requests";

export const TOKENS = {
  noir: "#0b0b0c",
  noirSoft: "#1a1a1c",
  ivory: "#f7f3ec",
  card: "#fbf8f3",
  stone: "#e7e1d6",
  stoneDark: "#cfc6b6",
  inkMuted: "#5b5650",
  gold: "#b08d57",
  goldDeep: "#7c6034",
  goldLight: "#d8c29b",
  forest: "#1f3b2d",
  oxblood: "#7a1f2b",
} as const;

/** One colour per category, dark to light up the stack; "Other" a quiet grey. */
export const CATEGORY_COLORS: Record<RequestCategory, string> = {
  Fashion: TOKENS.noir,
  Autos: TOKENS.goldDeep,
  "Real Estate": TOKENS.gold,
  Experiences: TOKENS.goldLight,
  Other: TOKENS.stoneDark,
};

/** Close to the status badges (components/status-badge.tsx): gold for new, green for done, oxblood for failed. */
export const STATUS_COLORS: Record<RequestStatus, string> = {
  New: TOKENS.gold,
  Sourcing: TOKENS.noirSoft,
  Quoted: TOKENS.goldDeep,
  /** Forest, lightened: found, not yet delivered. */
  Found: "#4d6b5b",
  Delivered: TOKENS.forest,
  Failed: TOKENS.oxblood,
};

/** The axes and grid: thin stone lines, muted ticks (the text inherits the page's sans). */
export const AXIS_TICK = { fill: TOKENS.inkMuted, fontSize: 12 } as const;
export const GRID_STROKE = TOKENS.stone;
