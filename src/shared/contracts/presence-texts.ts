/**
 * The presence domain's texts both sides say, keyed (decision 028; how a keyed text works: ../texts.ts), beside
 * its contract (./presence.ts). Zod-free.
 */
import { type Keyed, keyed } from "../texts";

export const PRESENCE_ERROR_TEXTS = {
  placeInvalid: /*i18n*/ { id: "presence.place_invalid", message: "Unknown conversation" },
} satisfies Record<string, Keyed>;
export const PRESENCE_ERRORS = keyed(PRESENCE_ERROR_TEXTS);
