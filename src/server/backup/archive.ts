/**
 * The backup file: a gzipped tar of
 *   tables/<table>.copy   each table's rows in COPY's text format (one line per row)
 *   uploads/<key>         each uploaded file, under its storage key (disk storage only)
 *   manifest.json         last: what the archive holds, with every entry's size and SHA-256 (see Manifest)
 * Written to a private temporary file beside the target and renamed over it once complete, so a backup file is
 * always whole. Read back entry by entry into a private directory, each entry's name checked before anything is
 * written; `extractArchive` then compares every entry with the manifest. Both sides use tar-stream and zlib.
 */
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { chmod, type FileHandle, mkdir, open, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { PassThrough, type Readable, Transform, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import * as tar from "tar-stream";
import { z } from "zod";

export const FORMAT = "maison-backup";
export const FORMAT_VERSION = 1;
export const MANIFEST = "manifest.json";

const digest = z.string().regex(/^[0-9a-f]{64}$/);
const count = z.number().int().min(0);

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.literal(FORMAT_VERSION),
  createdAt: z.iso.datetime(),
  app: z.object({ name: z.string(), version: z.string() }),
  /** Where the rows came from: "pglite" (the embedded database) or "postgres" (a server), with its version. */
  database: z.object({ kind: z.enum(["pglite", "postgres"]), version: z.string() }),
  /** The migrations the database had applied, oldest first (drizzle's journal `when` and file hash). */
  migrations: z.array(z.object({ tag: z.string().nullable(), when: z.number().int(), hash: z.string() })),
  /**
   * A fingerprint of the auth secret the data was written with (never the secret): two-factor secrets are
   * encrypted with it and sessions signed with it, so a restore says when the target's differs.
   */
  authSecretFingerprint: z.string().nullable(),
  tables: z.array(
    z.object({ name: z.string(), columns: z.array(z.string()).min(1), rows: count, bytes: count, sha256: digest }),
  ),
  /** Uploaded files: on disk they are in the archive; in S3 they stay in the bucket (the list is empty). */
  files: z.object({
    storage: z.enum(["local", "s3"]),
    list: z.array(z.object({ key: z.string(), bytes: count, sha256: digest })),
  }),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** Something wrong with the backup file itself: nothing was changed. */
export class ArchiveError extends Error {}

export const tableEntry = (table: string) => `tables/${table}.copy`;
export const fileEntry = (key: string) => `uploads/${key}`;

const TABLE_ENTRY = /^tables\/([a-z_][a-z0-9_]{0,62})\.copy$/;

/** Whether a storage key can travel in the archive and come back to the same place (no `..`, no absolute path). */
export function isPortableKey(key: string): boolean {
  return key.split("/").every((part) => part !== "" && part !== "." && part !== ".." && !/[\0\\]/.test(part));
}

export interface EntryInfo {
  bytes: number;
  sha256: string;
  /** Line breaks in the entry: for a table, its rows. */
  lines: number;
}

/** Passes bytes through while taking their SHA-256, size and line count. */
function measuring(): Transform & { info(): EntryInfo } {
  const hash = createHash("sha256");
  let bytes = 0;
  let lines = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      bytes += chunk.length;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
      callback(null, chunk);
    },
  });
  return Object.assign(stream, { info: () => ({ bytes, sha256: hash.digest("hex"), lines }) });
}

/** A stream that counts the lines written to a file (a table's rows as COPY writes them). */
export function lineCountingFile(file: string): { stream: Writable; done: Promise<EntryInfo> } {
  const measure = measuring();
  const done = pipeline(measure, createWriteStream(file, { mode: 0o600, flags: "wx" })).then(() => measure.info());
  // The writer's failure surfaces through `done`; the COPY side sees its stream end.
  done.catch(() => {});
  return { stream: measure, done };
}

export interface ArchiveWriter {
  /** Adds the open file `source` (of `size` bytes) as `name`, then closes it; resolves to what was written. */
  addFile(name: string, source: FileHandle, size: number): Promise<EntryInfo>;
  /** Writes the manifest, completes the file, makes it durable and moves it into place (0600). */
  commit(manifest: Manifest): Promise<{ bytes: number }>;
  /** Drops the unfinished file. */
  abort(): Promise<void>;
}

export async function createArchive(file: string): Promise<ArchiveWriter> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString("hex")}.tmp`);
  const output = createWriteStream(temporary, { mode: 0o600, flags: "wx" });
  await new Promise<void>((resolve, reject) => {
    output.once("open", () => resolve());
    output.once("error", reject);
  });
  const pack = tar.pack();
  const gzip = createGzip();
  const written = pipeline(pack as unknown as Readable, gzip, output);
  written.catch(() => {});
  const mtime = new Date();

  function entry(name: string, size: number, source: Readable): Promise<EntryInfo> {
    return new Promise((resolve, reject) => {
      const measure = measuring();
      const sink = pack.entry({ name, size, mode: 0o600, mtime, type: "file" }, (error) => {
        if (error) reject(error);
        else resolve(measure.info());
      });
      pipeline(source, measure, sink as unknown as Writable).catch(reject);
    });
  }

  return {
    async addFile(name, source, size) {
      return entry(name, size, source.createReadStream());
    },
    async commit(manifest) {
      const text = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
      const stream = new PassThrough();
      stream.end(text);
      await entry(MANIFEST, text.length, stream);
      pack.finalize();
      await written;
      const handle = await open(temporary, "r+");
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await chmod(temporary, 0o600);
      await rename(temporary, file);
      await syncDirectory(path.dirname(file));
      return { bytes: (await stat(file)).size };
    },
    async abort() {
      pack.destroy();
      await written.catch(() => {});
      await rm(temporary, { force: true });
    },
  };
}

/** Makes a rename durable (best effort: not every file system lets a directory be opened for it). */
async function syncDirectory(dir: string) {
  const handle = await open(dir, "r").catch(() => null);
  if (!handle) return;
  await handle.sync().catch(() => {});
  await handle.close();
}

export interface ExtractedArchive {
  manifest: Manifest;
  dir: string;
  entries: Map<string, EntryInfo>;
}

const MANIFEST_LIMIT = 64 * 1024 * 1024;

/**
 * Extracts the archive into `dir` (which must exist and be private), checking each entry's name and type as it
 * comes; then checks the manifest and every entry against it. Throws ArchiveError for anything that is not a
 * complete, intact Maison backup.
 */
export async function extractArchive(file: string, dir: string): Promise<ExtractedArchive> {
  const entries = new Map<string, EntryInfo>();
  let manifestText: string | null = null;
  const extract = tar.extract();
  const reading = pipeline(createReadStream(file), createGunzip(), extract as unknown as Writable);
  // Its failure also ends the loop below, which reports it; awaited after the loop for the rest.
  reading.catch(() => {});
  try {
    for await (const entry of extract) {
      const { name, type, size } = entry.header;
      if (type !== "file") throw new ArchiveError(`it holds an unexpected entry (${name})`);
      if (entries.has(name) || (name === MANIFEST && manifestText !== null))
        throw new ArchiveError(`it holds ${name} twice`);
      if (name === MANIFEST) {
        if (size > MANIFEST_LIMIT) throw new ArchiveError("its manifest is too large");
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk as Buffer);
        manifestText = Buffer.concat(chunks).toString("utf8");
        continue;
      }
      const isTable = TABLE_ENTRY.test(name);
      const isUpload = name.startsWith("uploads/") && isPortableKey(name.slice("uploads/".length));
      if (!isTable && !isUpload) throw new ArchiveError(`it holds an unexpected entry (${name})`);
      const destination = path.resolve(dir, name);
      if (!destination.startsWith(`${path.resolve(dir)}${path.sep}`))
        throw new ArchiveError(`it holds an unexpected entry (${name})`);
      await mkdir(path.dirname(destination), { recursive: true, mode: 0o700 });
      const measure = measuring();
      await pipeline(
        entry as unknown as Readable,
        measure,
        createWriteStream(destination, { mode: 0o600, flags: "wx" }),
      );
      entries.set(name, measure.info());
    }
    await reading;
  } catch (error) {
    extract.destroy();
    if (error instanceof ArchiveError) throw error;
    throw new ArchiveError(`it is damaged or incomplete (${(error as Error).message})`);
  }
  if (manifestText === null) throw new ArchiveError("it has no manifest: it is not a Maison backup");
  const manifest = parseManifest(manifestText);
  verifyEntries(manifest, entries);
  return { manifest, dir, entries };
}

function parseManifest(text: string): Manifest {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new ArchiveError("its manifest is not valid JSON");
  }
  const head = z.object({ format: z.string(), formatVersion: z.number() }).safeParse(raw);
  if (!head.success || head.data.format !== FORMAT) throw new ArchiveError("it is not a Maison backup");
  if (head.data.formatVersion > FORMAT_VERSION)
    throw new ArchiveError(
      `it was written by a newer version of Maison (backup format ${head.data.formatVersion}; this version reads format ${FORMAT_VERSION}). Restore it with that version or a later one`,
    );
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) throw new ArchiveError(`its manifest is malformed (${parsed.error.issues[0].message})`);
  return parsed.data;
}

/** Every entry the manifest names is there, whole (size, SHA-256, rows), and nothing else is. */
function verifyEntries(manifest: Manifest, entries: Map<string, EntryInfo>) {
  const expected = new Map<string, { bytes: number; sha256: string; rows?: number }>();
  for (const table of manifest.tables) expected.set(tableEntry(table.name), table);
  for (const file of manifest.files.list) {
    if (!isPortableKey(file.key)) throw new ArchiveError(`its manifest names an unexpected file (${file.key})`);
    expected.set(fileEntry(file.key), file);
  }
  if (expected.size !== manifest.tables.length + manifest.files.list.length)
    throw new ArchiveError("its manifest names an entry twice");
  for (const [name, want] of expected) {
    const got = entries.get(name);
    if (!got) throw new ArchiveError(`${name} is missing from it`);
    if (got.bytes !== want.bytes || got.sha256 !== want.sha256)
      throw new ArchiveError(`${name} does not match its checksum: the file is damaged`);
    if (want.rows !== undefined && got.lines !== want.rows)
      throw new ArchiveError(`${name} holds ${got.lines} rows where the manifest says ${want.rows}`);
  }
  for (const name of entries.keys()) {
    if (!expected.has(name)) throw new ArchiveError(`it holds ${name}, which its manifest does not name`);
  }
}
