/**
 * Files behind one interface: local disk under DATA_DIR/uploads by default, S3-compatible object storage when
 * S3_BUCKET is set (so several app instances share files). Files are never public: they are served only through
 * routes that check the caller may see them.
 */
import { createReadStream, createWriteStream, readdirSync, rmSync } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { S3Client } from "@aws-sdk/client-s3";
import { ERRORS } from "@/shared/contracts/common-texts";
import type { Config } from "../config";
import { securePrivateDir } from "../db";
import { isAlive } from "../db/lock";
import { HttpError } from "../http/errors";

/**
 * The answer when the store fails: 503 with a sentence a person can act on, never a 500; the store's own error
 * is kept as the cause, for the log.
 */
export function storageUnavailable(cause: unknown): HttpError {
  const error = new HttpError(503, ERRORS.storageUnavailable, "storage_unavailable", { "retry-after": "30" });
  error.cause = cause;
  return error;
}

/** Whether `get` failed because the store is unavailable (503), rather than because the file is not there. */
export const isStorageUnavailable = (error: unknown) =>
  error instanceof HttpError && error.code === "storage_unavailable";

export interface Storage {
  kind: "local" | "s3";
  /**
   * Stores a local file (already checked) under `key`, then removes the local file. A store that fails throws
   * `storageUnavailable` (503), and nothing is kept under the key.
   */
  putFile(key: string, localPath: string, contentType: string): Promise<void>;
  /** The file's bytes; a missing file rejects with the store's own error, a failing store with a 503. */
  get(key: string): Promise<Readable>;
  delete(key: string): Promise<void>;
  /** Where uploads are spooled while they are checked (on local disk, private; this process's own). */
  spoolDir: string;
}

/**
 * Each process spools into a directory of its own, spool/<host>-<pid>. A process that died mid-upload (kill -9,
 * a crash) leaves its files there; the next start on this host removes the directories of processes that are
 * gone. Another host's (a shared disk) are left to that host.
 */
export function processSpoolDir(root: string): string {
  const host = hostname().replace(/[^A-Za-z0-9.]/g, "_");
  let names: string[] = [];
  try {
    names = readdirSync(root);
  } catch {}
  for (const name of names) {
    const match = /^(.+)-(\d+)$/.exec(name);
    if (match?.[1] === host && !isAlive(Number(match[2])))
      rmSync(path.join(root, name), { recursive: true, force: true });
  }
  return path.join(root, `${host}-${process.pid}`);
}

export function createStorage(config: Config): Storage {
  const root = path.resolve(config.DATA_DIR, "uploads");
  const spoolDir = processSpoolDir(path.join(path.resolve(config.DATA_DIR), "spool"));
  if (config.S3_BUCKET) return s3Storage(config, spoolDir);
  const fileOf = (key: string) => {
    const file = path.resolve(root, key);
    if (!file.startsWith(`${root}${path.sep}`)) throw new Error("Invalid storage key");
    return file;
  };
  return {
    kind: "local",
    spoolDir,
    async putFile(key, localPath) {
      const file = fileOf(key);
      try {
        securePrivateDir(root);
        await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
        await rename(localPath, file).catch(async () => {
          await pipeline(createReadStream(localPath), createWriteStream(file, { mode: 0o600 }));
          await rm(localPath, { force: true });
        });
      } catch (error) {
        // A full or failing disk: no partial copy is left under the key.
        await rm(file, { force: true }).catch(() => {});
        throw storageUnavailable(error);
      }
    },
    async get(key) {
      const file = fileOf(key);
      try {
        await stat(file);
      } catch (error) {
        throw (error as NodeJS.ErrnoException).code === "ENOENT" ? error : storageUnavailable(error);
      }
      return createReadStream(file);
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

function s3Storage(config: Config, spoolDir: string): Storage {
  // The SDK is loaded by the first use, not at the start (decision 026); a failure to load it fails that use,
  // as an unreachable store would.
  let loading: Promise<{ s3: typeof import("@aws-sdk/client-s3"); client: S3Client }> | null = null;
  const sdk = () => {
    if (!loading) {
      loading = import("@aws-sdk/client-s3").then((s3) => ({ s3, client: s3Client(s3, config) }));
      // A failed load is tried again by the next use.
      loading.catch(() => {
        loading = null;
      });
    }
    return loading;
  };
  const Bucket = config.S3_BUCKET as string;
  return {
    kind: "s3",
    spoolDir,
    async putFile(key, localPath, contentType) {
      const { size } = await stat(localPath);
      try {
        const { s3, client } = await sdk();
        await client.send(
          new s3.PutObjectCommand({
            Bucket,
            Key: key,
            Body: createReadStream(localPath),
            ContentLength: size,
            ContentType: contentType,
          }),
        );
      } catch (error) {
        throw storageUnavailable(error);
      } finally {
        await rm(localPath, { force: true });
      }
    },
    async get(key) {
      try {
        const { s3, client } = await sdk();
        const object = await client.send(new s3.GetObjectCommand({ Bucket, Key: key }));
        return object.Body as Readable;
      } catch (error) {
        const missing =
          (error as { name?: string }).name === "NoSuchKey" ||
          (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;
        throw missing ? error : storageUnavailable(error);
      }
    },
    async delete(key) {
      const { s3, client } = await sdk();
      await client.send(new s3.DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}

function s3Client(s3: typeof import("@aws-sdk/client-s3"), config: Config) {
  return new s3.S3Client({
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    // Checksums only where S3 requires them: many S3-compatible servers do not understand the SDK's default
    // aws-chunked uploads with trailing checksums.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // A store that does not answer fails the upload (503) instead of holding it open: 5 s to connect, and a
    // connection silent for 30 s is dropped. The SDK's own retries (3 attempts) still apply.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
  });
}
