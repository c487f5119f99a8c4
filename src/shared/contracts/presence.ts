/**
 * Presence (issue 31 item 4, decision 051): which staff members have a conversation open and who is typing in
 * it, and whether the concierge team is online for members. Heartbeats are stored in the database with an
 * expiry, so every instance sees the same; changes are told over the one event stream (topic "presence").
 */
import { z } from "zod";
import { okSchema } from "./common";
import { endpoints } from "./endpoint";
import { PRESENCE_ERRORS } from "./presence-texts";

/** A viewing heartbeat lasts this long: the page renews it every PRESENCE_BEAT_MS. */
export const PRESENCE_VIEWING_MS = 45_000;
export const PRESENCE_BEAT_MS = 20_000;
/** "…is replying" lasts this long after a typing signal (sent at most every 3 s while typing). */
export const PRESENCE_TYPING_MS = 6_000;
/** A staff member counts as online this long after their last request or while a stream of theirs is open. */
export const PRESENCE_ACTIVE_MS = 5 * 60_000;

/** A conversation: a request's thread ("request:<id>") or a member's concierge chat ("concierge:<member id>"). */
export const presencePlace = z
  .string(PRESENCE_ERRORS.placeInvalid)
  .regex(
    /^(request:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|concierge:[A-Za-z0-9_-]{1,100})$/,
    PRESENCE_ERRORS.placeInvalid,
  );
export type PresencePlace = z.infer<typeof presencePlace>;

/** A heartbeat: viewing the place; `typing` true (started or still typing) or false (sent, or cleared). */
export const presenceBeatSchema = z.object({
  place: presencePlace,
  typing: z.boolean().optional(),
  /** The page closed: gone at once rather than at the expiry. */
  leaving: z.boolean().optional(),
});
export const presencePlaceQuery = z.object({ place: presencePlace });

export const placePresenceSchema = z.object({
  place: z.string(),
  /** The staff members with the conversation open now (the caller too, as `self`), and whether each is typing. */
  people: z.array(z.object({ id: z.string(), name: z.string(), typing: z.boolean(), self: z.boolean() })),
});
export const teamOnlineSchema = z.object({ online: z.boolean() });

export const presenceApi = endpoints({
  /** Whether a staff member was active in the last five minutes ("Concierge team online"). */
  "GET /presence/team": { access: "user", answer: teamOnlineSchema },
});

export const presenceAdminApi = endpoints({
  /** The caller views (and maybe types in) a conversation: renews their heartbeat there. */
  "POST /admin/presence": { access: "staff", body: presenceBeatSchema, answer: okSchema },
  /** Who has the conversation open now and who is typing. */
  "GET /admin/presence": { access: "staff", query: presencePlaceQuery, answer: placePresenceSchema },
});
