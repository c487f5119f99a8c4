/**
 * Backups (decision 025): `backup` writes the whole database and the uploaded files into one portable archive
 * (archive.ts); `restore` puts an archive back, onto the embedded database or a PostgreSQL server whichever it
 * was taken from. The database is read in one snapshot and restored in one transaction: all of it or nothing.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, open, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { formatCount } from "@/shared/format";
import { type DatabaseHandle, securePrivateDir } from "../db";
import type { Storage } from "../storage";
import {
  ArchiveError,
  createArchive,
  type ExtractedArchive,
  extractArchive,
  FORMAT,
  FORMAT_VERSION,
  fileEntry,
  isPortableKey,
  lineCountingFile,
  type Manifest,
  tableEntry,
} from "./archive";
import {
  appliedMigrations,
  applyMigrations,
  codeMigrations,
  dropApplication,
  loadOrder,
  type Migration,
  NOT_BACKED_UP,
  publicTables,
  resetSequences,
  rowCounts,
  SHIPPED_ROWS,
} from "./catalog";
import { inTransaction, quoted, type Session } from "./session";

export { ArchiveError } from "./archive";

/** A backup or restore that cannot go ahead, with why; nothing was changed. */
export class BackupError extends Error {}

/**
 * Where uploaded files live: on disk (they go into the archive and come back from it) or in an S3 bucket (they
 * stay there: the bucket keeps its own versions; see decision 025). A restore onto S3 of an archive holding
 * files uploads them through `storage`.
 */
export type FilesPlace = { kind: "local"; dir: string } | { kind: "s3"; storage?: Storage };

/** The same key as the server's migrations (db/index.ts): an instance starting meanwhile waits for the restore. */
const MIGRATION_LOCK = 7318001;

/** A fingerprint of the auth secret, safe to keep beside the data: it does not reveal the secret. */
export function secretFingerprint(secret: string): string {
  return createHash("sha256").update(`maison-backup-fingerprint\u0000${secret}`).digest("hex").slice(0, 16);
}

export interface BackupOptions {
  database: DatabaseHandle;
  file: string;
  files: FilesPlace;
  app: { name: string; version: string };
  authSecretFingerprint: string | null;
}

export interface BackupSummary {
  file: string;
  bytes: number;
  tables: number;
  rows: number;
  files: number;
  fileBytes: number;
  manifest: Manifest;
}

/**
 * Writes the backup to `file` (atomically, 0600). The rows are read in one read-only REPEATABLE READ
 * transaction, so every table is seen at the same instant while the app keeps running (on a server); each is
 * spooled to a private directory beside the target, then the archive is written. Files on disk are added after
 * the snapshot: a file is written before the row that names it, so every row's file is there, unless it was
 * deleted meanwhile (its row then is too, in the live database).
 */
export async function backup(options: BackupOptions): Promise<BackupSummary> {
  const file = path.resolve(options.file);
  if (!existsSync(path.dirname(file)))
    throw new BackupError(`There is no directory ${path.dirname(file)} to write the backup in.`);
  const code = codeMigrations();
  const work = await mkdtemp(path.join(path.dirname(file), ".maison-backup-"));
  let archive: Awaited<ReturnType<typeof createArchive>> | undefined;
  try {
    const snapshot = await inTransaction(options.database, "snapshot", async (session) => {
      const migrations = await appliedMigrations(session);
      if (!migrations?.length)
        throw new BackupError(
          "The database has no Maison tables yet: there is nothing to back up (the server creates them at its first start).",
        );
      const [{ version }] = await session.query<{ version: string }>(
        "select current_setting('server_version') as version",
      );
      const tables = [];
      for (const table of await publicTables(session)) {
        if (NOT_BACKED_UP.has(table.name)) continue;
        if (!/^[a-z_][a-z0-9_]{0,62}$/.test(table.name))
          throw new BackupError(`The table "${table.name}" has a name a backup cannot hold.`);
        const spool = path.join(work, `${table.name}.copy`);
        const out = lineCountingFile(spool);
        await session.copyOut(table.name, table.columns, out.stream);
        const { lines, bytes } = await out.done;
        tables.push({ ...table, rows: lines, bytes, spool });
      }
      return { migrations, tables, version };
    });

    archive = await createArchive(file);
    const tables: Manifest["tables"] = [];
    for (const table of snapshot.tables) {
      const written = await archive.addFile(tableEntry(table.name), await openFile(table.spool), table.bytes);
      tables.push({ name: table.name, columns: table.columns, rows: table.rows, ...pick(written) });
      await rm(table.spool);
    }
    const list: Manifest["files"]["list"] = [];
    if (options.files.kind === "local") {
      for (const key of await filesUnder(options.files.dir)) {
        const handle = await openFile(path.join(options.files.dir, key)).catch((error: NodeJS.ErrnoException) => {
          if (error.code === "ENOENT") return null; // deleted since it was listed
          throw error;
        });
        if (!handle) continue;
        const { size } = await handle.stat();
        list.push({ key, ...pick(await archive.addFile(fileEntry(key), handle, size)) });
      }
    }
    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      app: options.app,
      database: { kind: options.database.kind, version: snapshot.version },
      migrations: snapshot.migrations.map((m) => ({ tag: code.find((c) => c.when === m.when)?.tag ?? null, ...m })),
      authSecretFingerprint: options.authSecretFingerprint,
      tables,
      files: { storage: options.files.kind, list },
    };
    const { bytes } = await archive.commit(manifest);
    return {
      file,
      bytes,
      tables: tables.length,
      rows: tables.reduce((sum, t) => sum + t.rows, 0),
      files: list.length,
      fileBytes: list.reduce((sum, f) => sum + f.bytes, 0),
      manifest,
    };
  } catch (error) {
    await archive?.abort();
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const pick = ({ bytes, sha256 }: { bytes: number; sha256: string }) => ({ bytes, sha256 });

function openFile(file: string) {
  return open(file, "r");
}

/** Every regular file under `dir`, as storage keys (`a/b/c`), in a stable order. */
async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const found = await readdir(dir, { recursive: true, withFileTypes: true });
  const keys = found
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
  const odd = keys.find((key) => !isPortableKey(key));
  if (odd) throw new BackupError(`The uploads directory holds a file a backup cannot name: ${odd}`);
  return keys;
}

export interface RestoreOptions {
  database: DatabaseHandle;
  file: string;
  /** A private directory of this install (DATA_DIR): the archive is unpacked there, next to the uploads. */
  workDir: string;
  files: FilesPlace;
  /** Replace a database that already holds data (and the files on disk). */
  force: boolean;
  authSecretFingerprint: string | null;
}

export interface RestoreSummary {
  manifest: Manifest;
  tables: number;
  rows: number;
  files: number;
  /** The migrations applied after loading (the backup was made by an older version). */
  migratedForward: string[];
  /** What the database held before, by table (only those that had rows). */
  replaced: Map<string, number>;
  /** Things the operator should know (printed by the CLI). */
  notes: string[];
}

/**
 * Restores `file`. In order, and changing nothing until the last step passes:
 * 1. the archive is unpacked into a private directory and every entry checked against the manifest;
 * 2. its migrations must be ones this code knows (a backup from a newer version is refused);
 * 3. one transaction: refuses a database that holds data unless `force`; drops the application's tables;
 *    migrates to the backup's level; loads every table (parents first) and checks its row count; migrates
 *    forward to this code's level; moves sequences past the loaded values; commits;
 * 4. only then are the files swapped in (disk) or uploaded (S3).
 */
export async function restore(options: RestoreOptions): Promise<RestoreSummary> {
  const code = codeMigrations();
  securePrivateDir(options.workDir);
  const work = await mkdtemp(path.join(options.workDir, ".restore-"));
  try {
    const archive = await extractArchive(path.resolve(options.file), work).catch((error) => {
      if (error instanceof ArchiveError)
        throw new BackupError(`${path.basename(options.file)} cannot be restored: ${error.message}.`);
      if ((error as NodeJS.ErrnoException).code === "ENOENT")
        throw new BackupError(`There is no backup file at ${path.resolve(options.file)}.`);
      throw error;
    });
    const { manifest } = archive;
    const level = backupLevel(manifest, code);
    const filesOnDisk = options.files.kind === "local" ? (await filesUnder(options.files.dir)).length : 0;

    const replaced = await inTransaction(options.database, "write", async (session) => {
      await session.query("SET LOCAL lock_timeout TO '15s'");
      await session.query(`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
      await refuseNewerDatabase(session, code);
      const present = (await publicTables(session)).map((t) => t.name);
      const held = await rowCounts(
        session,
        present.filter((t) => !NOT_BACKED_UP.has(t)),
      );
      if (held.size && !options.force) throw new BackupError(refusal(held, filesOnDisk, options.files));
      await dropApplication(session, present);
      await applyMigrations(session, code.slice(0, level));
      // What the migrations shipped gives way to the backup's rows (which hold it, or its edits).
      for (const [table, shipped] of Object.entries(SHIPPED_ROWS)) {
        if ((await publicTables(session)).some((t) => t.name === table)) {
          await session.query(`delete from public.${quoted(table)} where ${shipped}`);
        }
      }
      await load(session, archive);
      await applyMigrations(session, code.slice(level));
      await resetSequences(session);
      return held;
    });

    const notes: string[] = [];
    const files = await putFilesBack(archive, options.files, notes);
    if (manifest.authSecretFingerprint && manifest.authSecretFingerprint !== options.authSecretFingerprint) {
      const twoFactor = manifest.tables.find((t) => t.name === "two_factors")?.rows ?? 0;
      notes.push(
        (options.authSecretFingerprint
          ? "This install's auth secret is not the one the backup was made with"
          : "This install has no auth secret yet (the server makes a new one at its first start)") +
          ": with another secret everyone must sign in again" +
          (twoFactor
            ? `, and the two-factor codes of the ${counted(twoFactor, "account")} that use them are refused`
            : "") +
          ". To keep them, set BETTER_AUTH_SECRET to the original secret (or put the original DATA_DIR/auth-secret back) before starting the server.",
      );
    }
    return {
      manifest,
      tables: manifest.tables.length,
      rows: manifest.tables.reduce((sum, t) => sum + t.rows, 0),
      files,
      migratedForward: code.slice(level).map((m) => m.tag),
      replaced,
      notes,
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** How many of this code's migrations the backup's database had applied; refuses one from a newer version. */
function backupLevel(manifest: Manifest, code: Migration[]): number {
  manifest.migrations.forEach((applied, i) => {
    if (code[i]?.when === applied.when) return;
    const name = applied.tag ?? `of ${new Date(applied.when).toISOString()}`;
    if (!code.some((c) => c.when === applied.when))
      throw new BackupError(
        `This backup was made by a newer version of Maison: its database has migration ${name}, which this version does not know. Restore it with that version or a later one.`,
      );
    throw new BackupError(`This backup's migrations do not match this version's (migration ${name} is out of order).`);
  });
  return manifest.migrations.length;
}

async function refuseNewerDatabase(session: Session, code: Migration[]) {
  const unknown = ((await appliedMigrations(session)) ?? []).filter((m) => !code.some((c) => c.when === m.when));
  if (unknown.length)
    throw new BackupError(
      "This database was migrated by a newer version of Maison than this one: restore with that version, or into an empty database.",
    );
}

const counted = (n: number, one: string, many = `${one}s`) => `${formatCount(n, "en")} ${n === 1 ? one : many}`;

function refusal(held: Map<string, number>, filesOnDisk: number, files: FilesPlace): string {
  const rows = [...held.values()].reduce((sum, n) => sum + n, 0);
  const named = (["users", "requests", "messages"] as const)
    .filter((t) => held.has(t))
    .map((t) => counted(held.get(t)!, t.slice(0, -1)));
  const uploads =
    files.kind === "local" && filesOnDisk ? ` and the ${counted(filesOnDisk, "uploaded file")} in ${files.dir}` : "";
  return (
    `The database already holds data: ${[...named, `${counted(rows, "row")} in ${counted(held.size, "table")}`].join(", ")}. ` +
    `Restoring replaces all of it${uploads} with the backup. Run the restore again with --force to do so.`
  );
}

/** Loads every table of the archive, parents first, after checking the migrated tables are the archive's. */
async function load(session: Session, archive: ExtractedArchive) {
  const { manifest } = archive;
  const shapes = new Map((await publicTables(session)).map((t) => [t.name, t.columns]));
  for (const table of manifest.tables) {
    const columns = shapes.get(table.name);
    const same = columns && columns.length === table.columns.length && table.columns.every((c) => columns.includes(c));
    if (!same)
      throw new BackupError(
        `The backup's table ${table.name} does not match the migrations it lists: it was not made by this backup command, or was changed since.`,
      );
  }
  const missing = [...shapes.keys()].filter((t) => !NOT_BACKED_UP.has(t) && !manifest.tables.some((m) => m.name === t));
  if (missing.length) throw new BackupError(`The backup has no rows for the table ${missing[0]}: it is incomplete.`);
  const byName = new Map(manifest.tables.map((t) => [t.name, t]));
  for (const name of await loadOrder(session, [...byName.keys()])) {
    const table = byName.get(name)!;
    if (table.rows === 0) continue;
    const loaded = await session.copyIn(name, table.columns, path.join(archive.dir, tableEntry(name)));
    if (loaded !== table.rows)
      throw new BackupError(`The table ${name} loaded ${loaded} rows where the backup holds ${table.rows}.`);
  }
}

/**
 * After the commit: the archive's files replace the uploads directory (a rename, once they are all unpacked),
 * or go to the bucket. Resolves to how many were put back.
 */
async function putFilesBack(archive: ExtractedArchive, place: FilesPlace, notes: string[]): Promise<number> {
  const { manifest, dir } = archive;
  if (manifest.files.storage === "s3") {
    notes.push(
      "The backup was made with files in S3: it holds none. The restored rows refer to the objects in the bucket" +
        (place.kind === "local" ? `; copy them into ${place.dir} (same keys) to serve them from disk.` : "."),
    );
    return 0;
  }
  const staged = path.join(dir, "uploads");
  if (place.kind === "local") {
    await mkdir(staged, { recursive: true, mode: 0o700 });
    await swapDirectory(staged, place.dir);
    return manifest.files.list.length;
  }
  if (!place.storage) throw new Error("No storage to upload the files to");
  let done = 0;
  try {
    for (const file of manifest.files.list) {
      await place.storage.putFile(file.key, path.join(staged, file.key), "application/octet-stream");
      done++;
    }
  } catch (error) {
    throw new BackupError(
      `The database was restored, but uploading the files to the bucket stopped after ${done} of ${manifest.files.list.length} (${(error as Error).message}). Run the restore again with --force to finish.`,
    );
  }
  return done;
}

/** Puts `staged` in the place of `target` with renames; the old directory is removed once the new one is in. */
async function swapDirectory(staged: string, target: string) {
  const old = `${target}.replaced-${process.pid}-${Date.now()}`;
  const hadOld = existsSync(target);
  if (hadOld) await rename(target, old);
  try {
    await rename(staged, target).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== "EXDEV") throw error;
      await cp(staged, target, { recursive: true });
    });
  } catch (error) {
    if (hadOld) await rename(old, target).catch(() => {});
    throw error;
  }
  securePrivateDir(target);
  if (hadOld) await rm(old, { recursive: true, force: true });
}
