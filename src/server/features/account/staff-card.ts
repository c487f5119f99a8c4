/**
 * A staff member's card (issue 34 item 1): the name they go by with members, a short line and a photo, shown to
 * the member whose request or concierge conversation they own. The photo goes through the shared upload path
 * (storage/uploads.ts: spooled, refused whole, typed from its bytes) into the object store; the one it replaces
 * is removed once the new one is recorded.
 */
import { randomUUID } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { ACCOUNT_ERRORS } from "@/shared/contracts/account-texts";
import type { Served } from "@/shared/contracts/common";
import { ERRORS } from "@/shared/contracts/common-texts";
import { STAFF_PHOTO_TYPES, staffCard, type staffCardSettingsSchema } from "@/shared/staff-card";
import { authorize } from "../../auth/policies";
import type { Viewer } from "../../auth/viewer";
import type { AppContext } from "../../context";
import type { Queryable } from "../../db";
import { publicStaffName } from "../../db/people";
import { profiles, users } from "../../db/schema";
import { HttpError, notFound } from "../../http/errors";
import { isStorageUnavailable } from "../../storage";
import { receiveUpload, sniffedType } from "../../storage/uploads";

type CardContext = Pick<AppContext, "db" | "storage" | "config" | "write">;
type Settings = Served<typeof staffCardSettingsSchema>;

const EXTENSIONS: Record<(typeof STAFF_PHOTO_TYPES)[number], string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
};
const typeOfKey = (key: string) =>
  (Object.entries(EXTENSIONS).find(([, ext]) => key.endsWith(`.${ext}`))?.[0] ?? "application/octet-stream") as string;

/** The staff member's card settings, read on `db` (a transaction's, after a change). */
async function settingsOf(db: Queryable, userId: string): Promise<Settings> {
  const [row] = await db
    .select({
      name: publicStaffName<string>(),
      publicName: profiles.publicName,
      headline: profiles.headline,
      photoKey: profiles.photoKey,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  if (!row) throw notFound(ERRORS.fileNotFound);
  return {
    publicName: row.publicName ?? "",
    headline: row.headline ?? "",
    card: staffCard({ id: userId, name: row.name, headline: row.headline, photoKey: row.photoKey }),
  };
}

export const cardSettings = (ctx: CardContext, staff: Viewer) => settingsOf(ctx.db, staff.userId);

/**
 * Writes the card's fields on the staff member's profile (made from the account when there is none yet) and
 * answers the settings; returns the photo key it replaced too.
 */
async function writeCard(
  ctx: CardContext,
  staff: Viewer,
  fields: { publicName?: string | null; headline?: string | null; photoKey?: string | null },
): Promise<{ settings: Settings; replaced: string | null }> {
  return ctx.write(async (tx) => {
    const [before] = await tx
      .select({ photoKey: profiles.photoKey })
      .from(profiles)
      .where(eq(profiles.id, staff.userId))
      .for("update");
    const [account] = await tx
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, staff.userId));
    await tx
      .insert(profiles)
      .values({ id: staff.userId, email: account.email, name: account.name, ...fields })
      .onConflictDoUpdate({ target: profiles.id, set: { ...fields, updatedAt: new Date() } });
    const replaced = "photoKey" in fields && before?.photoKey !== fields.photoKey ? (before?.photoKey ?? null) : null;
    return { settings: await settingsOf(tx, staff.userId), replaced };
  });
}

export async function saveCard(ctx: CardContext, staff: Viewer, input: { publicName: string; headline: string }) {
  const { settings } = await writeCard(ctx, staff, {
    publicName: input.publicName || null,
    headline: input.headline || null,
  });
  return settings;
}

/** The old photo is removed after the change is recorded; a store that fails then leaves an orphan, not a gap. */
async function dropReplaced(ctx: CardContext, key: string | null) {
  if (key) await ctx.storage.delete(key).catch(() => {});
}

export async function uploadPhoto(ctx: CardContext, staff: Viewer, request: FastifyRequest) {
  await mkdir(ctx.storage.spoolDir, { recursive: true, mode: 0o700 });
  const spooled = path.join(ctx.storage.spoolDir, randomUUID());
  try {
    await receiveUpload(request, spooled, ctx.config);
    const type = (await sniffedType(spooled, STAFF_PHOTO_TYPES)) as (typeof STAFF_PHOTO_TYPES)[number] | null;
    if (!type) throw new HttpError(415, ACCOUNT_ERRORS.photoRefused, "type_refused");
    const key = `staff-photos/${staff.userId}/${randomUUID()}.${EXTENSIONS[type]}`;
    await ctx.storage.putFile(key, spooled, type);
    try {
      const { settings, replaced } = await writeCard(ctx, staff, { photoKey: key });
      await dropReplaced(ctx, replaced);
      return settings;
    } catch (error) {
      await ctx.storage.delete(key).catch(() => {});
      throw error;
    }
  } finally {
    await rm(spooled, { force: true });
  }
}

export async function removePhoto(ctx: CardContext, staff: Viewer) {
  const { settings, replaced } = await writeCard(ctx, staff, { photoKey: null });
  await dropReplaced(ctx, replaced);
  return settings;
}

/** A staff member's photo, to anyone signed in (`staff-photo:read`). */
export async function openPhoto(ctx: CardContext, viewer: Viewer, userId: string) {
  const [row] = await ctx.db
    .select({
      photoKey: profiles.photoKey,
      isStaff: sql<boolean>`exists (select 1 from user_roles r where r.user_id = ${userId} and r.role <> 'client')`,
    })
    .from(profiles)
    .where(eq(profiles.id, userId));
  const person = authorize("staff-photo:read", viewer, row);
  const key = person.photoKey as string;
  const stream = await ctx.storage.get(key).catch((error) => {
    throw isStorageUnavailable(error) ? error : notFound(ERRORS.fileNotFound);
  });
  return { stream, name: `photo.${key.split(".").pop()}`, type: typeOfKey(key) };
}
