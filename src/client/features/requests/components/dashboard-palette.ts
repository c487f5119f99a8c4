/** The operations dashboard's colours per category and status, from the charts' palette. */
import { TOKENS } from "@/client/components/chart-palette";
import type { RequestCategory, RequestStatus } from "@/shared/requests";

export { AXIS_TICK, GRID_STROKE, TOKENS } from "@/client/components/chart-palette";

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
  /** Withdrawn by the member: a quiet grey, like its badge. */
  Withdrawn: TOKENS.stoneDark,
};
