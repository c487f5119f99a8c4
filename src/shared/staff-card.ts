/**
 * A named concierge (issue 34 item 1): the staff member who owns a request or a concierge conversation, as the
 * member sees them: the name they go by with members, a short line ('Watches and jewellery, Lisbon') and a
 * photo. Unowned, the member sees the team. Staff set their card on their profile.
 */
import { z } from "zod";
import { ACCOUNT_ERRORS } from "./contracts/account-texts";
import { singleLine } from "./schemas";

export const STAFF_PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

export const staffCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  headline: z.string().nullable(),
  /** Versioned by the photo's key: a new photo is a new address. */
  photoUrl: z.string().nullable(),
});
export type StaffCard = z.infer<typeof staffCardSchema>;

/** PUT /admin/profile/card: empty strings clear (the name falls back to the profile's). */
export const staffCardInput = z.object({
  publicName: singleLine().pipe(z.string().max(60, ACCOUNT_ERRORS.publicNameTooLong)),
  headline: singleLine().pipe(z.string().max(80, ACCOUNT_ERRORS.headlineTooLong)),
});

/** What the staff member edits, and the card members see from it. */
export const staffCardSettingsSchema = z.object({
  publicName: z.string(),
  headline: z.string(),
  card: staffCardSchema,
});

/** The photo's address, versioned by the last part of its storage key (staff-photos/<user>/<version>.<ext>). */
export function staffPhotoUrl(userId: string, photoKey: string | null): string | null {
  if (!photoKey) return null;
  const version = photoKey.slice(photoKey.lastIndexOf("/") + 1).replace(/\.\w+$/, "");
  return `/api/team/${encodeURIComponent(userId)}/photo?v=${version}`;
}

/** A card from its parts; the name is the public one, else the staff member's own. */
export function staffCard(row: {
  id: string;
  name: string;
  headline: string | null;
  photoKey: string | null;
}): StaffCard {
  return { id: row.id, name: row.name, headline: row.headline || null, photoUrl: staffPhotoUrl(row.id, row.photoKey) };
}
