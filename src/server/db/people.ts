/**
 * How a person is named and spoken to in a query joined to users and profiles (a profile may be missing).
 * The tables are the default; pass aliased tables, or `sql.raw` names for a hand-written query.
 */
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { DEFAULT_LOCALE, type Locale } from "@/shared/locales";
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

/** A user's interface language (no profile: the default). */
export const languageOf = (profile: { language: SQLWrapper } = profiles) =>
  sql<Locale>`coalesce(${profile.language}, ${DEFAULT_LOCALE})`;
