/**
 * How a person is named and spoken to in a query joined to users and profiles (a profile may be missing).
 * The tables are the default; pass aliased tables, or `sql.raw` names for a hand-written query.
 */
import { eq, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { DEFAULT_LOCALE, type Locale } from "@/shared/locales";
import { type StaffCard, staffCard } from "@/shared/staff-card";
import type { Queryable } from "./index";
import { profiles, users } from "./schema";

type Named = { name: SQLWrapper };
type Reachable = Named & { email: SQLWrapper };

/** The name a member chose in their profile, else their account's (`string | null` over an outer join). */
export const displayName = <T extends string | null = string>(
  profile: Named = profiles,
  user: Named = users,
): SQL<NoInfer<T>> => sql<T>`coalesce(${profile.name}, ${user.name})`;

/** A staff member's name as shown to others: a name that is not empty, else their email. */
export const staffName = <T extends string | null = string>(
  profile: Named = profiles,
  user: Reachable = users,
): SQL<NoInfer<T>> => sql<T>`coalesce(nullif(${profile.name}, ''), nullif(${user.name}, ''), ${user.email})`;

/**
 * The name a staff member goes by with members (issue 34 item 1): the one they chose for their card, else as
 * `staffName`.
 */
export const publicStaffName = <T extends string | null = string>(
  profile: Named & { publicName: SQLWrapper } = profiles,
  user: Reachable = users,
): SQL<NoInfer<T>> =>
  sql<T>`coalesce(nullif(${profile.publicName}, ''), nullif(${profile.name}, ''), nullif(${user.name}, ''), ${user.email})`;

/** A user's interface language (no profile: the default). */
export const languageOf = (profile: { language: SQLWrapper } = profiles) =>
  sql<Locale>`coalesce(${profile.language}, ${DEFAULT_LOCALE})`;

/** The card of the staff member who owns something (issue 34 item 1); null when no one does. */
export async function staffCardOf(db: Queryable, userId: string | null): Promise<StaffCard | null> {
  if (!userId) return null;
  const [row] = await db
    .select({ name: publicStaffName<string>(), headline: profiles.headline, photoKey: profiles.photoKey })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  return row ? staffCard({ id: userId, ...row }) : null;
}

/** A message sender's name: the one a staff member goes by with members, else the profile's or the account's. */
export const senderName = () => sql<string | null>`coalesce(nullif(${profiles.publicName}, ''), ${displayName()})`;
