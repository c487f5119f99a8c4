/**
 * The command line's commands (see ../cli.ts, the entry `npm run cli` runs), callable in-process: runCli takes
 * the arguments, the environment, standard input and two writers, and answers the exit code. It never exits the
 * process, so tests run it without starting Node again.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { inspect, parseArgs } from "node:util";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { formatCount } from "@/shared/format";
import { PLANS } from "@/shared/plans";
import { ROLES } from "@/shared/roles";
import { firstIssueMessage, signInSchema } from "@/shared/schemas";
import { verifyAuditLog } from "../audit/log";
import { createAuth } from "../auth/auth";
import { BackupError, backup, type FilesPlace, restore, secretFingerprint } from "../backup";
import { type Config, ConfigError, loadConfig } from "../config";
import { type DatabaseHandle, MIGRATIONS_DIR, openDatabase } from "../db";
import { DataDirInUseError } from "../db/lock";
import { outbox, users } from "../db/schema";
import { createAccountRecords } from "../features/account/service";
import { grantComplimentary } from "../features/billing/service";
import { createPreferences } from "../features/notifications/service";
import type { Difference } from "../features/quotes/reconcile";
import { createRateLimiter } from "../rate-limit";

const USAGE = `Usage:
  npm run cli -- backup <file>
      writes the database and the uploaded files to <file> (with the embedded database: stop the server first)
  npm run cli -- restore <file> [--force]
      restores a backup; --force replaces a database that already holds data
  npm run cli -- create-user --email E --name N [--role client|staff|admin] [--plan free|silver|gold|black]
      asks for the password at a prompt
  printf '%s' "$PASSWORD" | npm run cli -- create-user --password-stdin --email E --name N ...
      reads the password from standard input
  npm run cli -- money reconcile
      compares the payment provider's hold authorisations and charges with our holds, repairs what it can and
      reports the rest; exits 0 when nothing is left to a person, 2 when a difference is only reported, 1 when
      the run could not be made (with the embedded database: stop the server first)
  npm run cli -- audit verify
      checks the audit log's hash chain: OK with the row count (exit 0), or the first row altered or removed
      (exit 1)`;

const PASSWORD_ON_COMMAND_LINE =
  "--password is not accepted: a password on the command line shows in `ps` and the shell history. Pipe it in with --password-stdin, or leave it out to be asked at a prompt.";

const createUserArgs = signInSchema.extend({
  name: z.string().trim().min(1, "--name is required"),
  role: z.enum(ROLES, "--role must be client, staff or admin").default("client"),
  plan: z.enum(PLANS, "--plan must be free, silver, gold or black").optional(),
});

/** Where a command writes and reads, and the environment its configuration comes from. */
export interface CliIo {
  /** The whole environment, as loadConfig reads it (default: process.env). */
  env?: NodeJS.ProcessEnv;
  /** Standard input: its text, or a stream (the terminal's, for the password prompt). Default: empty. */
  stdin?: string | NodeJS.ReadableStream;
  /** Whether standard input is a terminal, where the password can be asked without echoing it. */
  isTTY?: boolean;
  /** Standard output and error: the text exactly as written, each line with its "\n". */
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** One run of a command: its configuration's environment and its input and output. */
interface Run {
  env: NodeJS.ProcessEnv;
  io: CliIo;
  /** Writes one line to standard output. */
  say: (line: string) => void;
}

async function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  const database = config.DATABASE_URL
    ? await openDatabase({ kind: "postgres", url: config.DATABASE_URL, max: 2 })
    : await openDatabase({ kind: "pglite", dataDir: path.resolve(config.DATA_DIR) });
  await database.migrate();
  return database;
}

async function createUser(argv: string[], run: Run) {
  const { values } = parseArgs({
    args: argv,
    options: {
      email: { type: "string" },
      // Known only to be refused with a clear message (see PASSWORD_ON_COMMAND_LINE).
      password: { type: "string" },
      "password-stdin": { type: "boolean" },
      name: { type: "string" },
      role: { type: "string" },
      plan: { type: "string" },
    },
  });
  const { "password-stdin": fromStdin, password: onCommandLine, ...rest } = values;
  if (onCommandLine !== undefined) throw new UsageError(PASSWORD_ON_COMMAND_LINE);
  const password = fromStdin ? await readStdin(run.io.stdin) : await promptHidden("Password: ", run.io);
  const parsed = createUserArgs.safeParse({ ...rest, password });
  if (!parsed.success) throw new UsageError(firstIssueMessage(parsed.error));
  const input = parsed.data;
  const config = loadConfig(run.env);
  const database = await openConfiguredDatabase(config);
  try {
    const auth = createAuth(config, database.db, createRateLimiter(database.db));
    const { user } = await auth.api
      .signUpEmail({ body: { email: input.email, password: input.password, name: input.name } })
      .catch((error: { body?: { message?: string }; message: string }) => {
        throw new UsageError(error.body?.message ?? error.message);
      });
    await database.db.transaction(async (tx) => {
      await createAccountRecords(tx, { id: user.id, email: user.email, name: input.name, phone: null }, input.role);
      await createPreferences(tx, user.id);
      if (input.plan) await grantComplimentary(tx, user.id, input.plan);
      await tx.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
      // No "confirm your email" message for an address the operator vouched for.
      await tx
        .delete(outbox)
        .where(
          and(sql`${outbox.payload}->>'to' = ${user.email}`, sql`${outbox.payload}->>'reason' = 'email_verification'`),
        );
    });
    run.say(
      `Created ${input.role} ${user.email}${input.plan ? ` with a complimentary ${input.plan} membership` : ""}.`,
    );
  } finally {
    await database.close();
  }
}

/**
 * The database as configured, not migrated (a backup reads it as it is; a restore migrates inside its own
 * transaction). The embedded one must not be open in a running server: its lock says so.
 */
async function openForBackup(config: Config, purpose: "backup" | "restore"): Promise<DatabaseHandle> {
  if (config.DATABASE_URL) return openDatabase({ kind: "postgres", url: config.DATABASE_URL, max: 2 });
  const dataDir = path.resolve(config.DATA_DIR);
  if (purpose === "backup" && !existsSync(path.join(dataDir, "pgdata", "PG_VERSION")))
    throw new BackupError(`There is no embedded database in ${dataDir} to back up (is DATA_DIR right?).`);
  try {
    return await openDatabase({ kind: "pglite", dataDir });
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    throw new BackupError(
      `${error.message}\nThe embedded database can only be ${purpose === "backup" ? "backed up" : "restored"} while the server is stopped: stop it, run the ${purpose}, then start it again.`,
    );
  }
}

async function filesPlace(config: Config): Promise<FilesPlace> {
  if (!config.S3_BUCKET) return { kind: "local", dir: path.resolve(config.DATA_DIR, "uploads") };
  // The S3 client (a few hundred milliseconds to load) only when it is used.
  const { createStorage } = await import("../storage");
  return { kind: "s3", storage: createStorage(config) };
}

/** The fingerprint of the auth secret in use (never the secret), or null when none exists yet. */
function authSecretFingerprint(config: Config): string | null {
  const file = path.resolve(config.DATA_DIR, "auth-secret");
  const secret = config.BETTER_AUTH_SECRET ?? (existsSync(file) ? readFileSync(file, "utf8").trim() : null);
  return secret ? secretFingerprint(secret) : null;
}

/** The project's name and version: its package.json, found upward from the migrations (src or dist/server). */
function appVersion(): { name: string; version: string } {
  let dir = path.dirname(MIGRATIONS_DIR);
  while (!existsSync(path.join(dir, "package.json")) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  const pkg = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
  return { name: pkg.name, version: pkg.version };
}

const number = (n: number) => formatCount(n, "en");
const plural = (n: number, one: string, many = `${one}s`) => `${number(n)} ${n === 1 ? one : many}`;
function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} kB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

function fileArgument(argv: string[], options: { force?: { type: "boolean" } } = {}) {
  const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true });
  if (positionals.length !== 1) throw new UsageError(positionals.length ? "Give one file" : "Give the backup file");
  return { file: path.resolve(positionals[0]), force: Boolean((values as { force?: boolean }).force) };
}

async function backupCommand(argv: string[], run: Run) {
  const { file } = fileArgument(argv);
  const config = loadConfig(run.env);
  const database = await openForBackup(config, "backup");
  try {
    const done = await backup({
      database,
      file,
      files: await filesPlace(config),
      app: appVersion(),
      authSecretFingerprint: authSecretFingerprint(config),
    });
    const onDisk = done.manifest.files.storage === "local";
    const files = onDisk ? ` and ${plural(done.files, "uploaded file")} (${size(done.fileBytes)})` : "";
    run.say(
      `Backed up ${plural(done.tables, "table")} (${plural(done.rows, "row")})${files} to ${done.file} (${size(done.bytes)}).`,
    );
    if (!onDisk) run.say("The uploaded files are in the S3 bucket, not in this backup (see Backups in the README).");
  } finally {
    await database.close();
  }
}

async function restoreCommand(argv: string[], run: Run) {
  const { file, force } = fileArgument(argv, { force: { type: "boolean" } });
  const config = loadConfig(run.env);
  if (!existsSync(file)) throw new BackupError(`There is no backup file at ${file}.`);
  const database = await openForBackup(config, "restore");
  try {
    const done = await restore({
      database,
      file,
      workDir: path.resolve(config.DATA_DIR),
      files: await filesPlace(config),
      force,
      authSecretFingerprint: authSecretFingerprint(config),
    });
    const { manifest } = done;
    const source = manifest.database.kind === "pglite" ? "an embedded database" : "a PostgreSQL server";
    const files = manifest.files.storage === "local" ? ` and ${plural(done.files, "uploaded file")}` : "";
    run.say(
      `Restored ${plural(done.tables, "table")} (${plural(done.rows, "row")})${files} from ${file}, made ${manifest.createdAt} by Maison ${manifest.app.version} from ${source}.`,
    );
    if (done.replaced.size) {
      const rows = [...done.replaced.values()].reduce((sum, n) => sum + n, 0);
      run.say(`It replaced ${plural(rows, "row")} in ${plural(done.replaced.size, "table")}.`);
    }
    if (done.migratedForward.length)
      run.say(
        `The backup came from an older version: ${plural(done.migratedForward.length, "newer migration")} applied (${done.migratedForward.join(", ")}).`,
      );
    for (const note of done.notes) run.say(`Note: ${note}`);
  } finally {
    await database.close();
  }
}

class UsageError extends Error {}

/** All of standard input, without its final line break. */
async function readStdin(stdin: CliIo["stdin"] = ""): Promise<string> {
  let text = stdin;
  if (typeof text !== "string") {
    const chunks: Buffer[] = [];
    for await (const chunk of stdin as AsyncIterable<Buffer | string>) chunks.push(Buffer.from(chunk));
    text = Buffer.concat(chunks).toString("utf8");
  }
  return text.replace(/\r?\n$/, "");
}

/** Asks at the terminal without echoing what is typed (a test's "terminal" is a string of keys). */
async function promptHidden(question: string, io: CliIo): Promise<string> {
  const { stdin = "", isTTY } = io;
  if (!isTTY) throw new UsageError("No password: give --password-stdin or run it in a terminal");
  const terminal = typeof stdin === "string" ? null : (stdin as NodeJS.ReadStream);
  io.stdout(question);
  terminal?.setRawMode?.(true);
  terminal?.resume();
  let value = "";
  try {
    for await (const chunk of (terminal ?? [stdin]) as AsyncIterable<Buffer | string>) {
      for (const char of chunk.toString()) {
        if (char === "\r" || char === "\n") return value;
        if (char === "\u0003") throw new UsageError("Cancelled");
        if (char === "\u007f" || char === "\b") value = value.slice(0, -1);
        else value += char;
      }
    }
    return value;
  } finally {
    terminal?.setRawMode?.(false);
    terminal?.pause();
    io.stdout("\n");
  }
}

async function moneyCommand(argv: string[], cli: Run): Promise<number> {
  const { positionals } = parseArgs({ args: argv, options: {}, allowPositionals: true });
  if (positionals.length !== 1 || positionals[0] !== "reconcile") throw new UsageError("Give: money reconcile");
  const config = loadConfig(cli.env);
  const database = await openConfiguredDatabase(config);
  try {
    // The whole app (without its workers): the provider, and the quotes domain's handler that applies its word.
    const [{ buildApp }, { reconcile }] = await Promise.all([import("../app"), import("../features/quotes/reconcile")]);
    const app = await buildApp({ config, database, clientDir: null, startWorkers: false });
    try {
      const outcome = await reconcile(app.ctx);
      if ("running" in outcome) {
        throw new ReconcileError(
          "A reconciliation is already running (on a server, or another command): try again later.",
        );
      }
      const { run } = outcome;
      const provider = run.provider === "stripe" ? "Stripe" : "the test provider";
      if (run.error) throw new ReconcileError(`The reconciliation with ${provider} failed: ${run.error}`);
      const differences = run.differences as unknown as Difference[];
      cli.say(
        `Reconciled with ${provider}: ${plural(run.checked, "payment intent")} checked, ${plural(differences.length, "difference")}, ${number(run.repaired)} repaired.`,
      );
      for (const d of differences) {
        const where = [d.holdId && `hold ${d.holdId}`, d.requestId && `request ${d.requestId}`].filter(Boolean);
        cli.say(
          `  ${d.repaired ? "repaired" : "REPORTED"}  ${d.kind}  ${d.paymentIntentId}${where.length ? ` (${where.join(", ")})` : ""}: ${d.detail}`,
        );
      }
      return differences.some((d) => !d.repaired) ? 2 : 0;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

class ReconcileError extends Error {}

/**
 * `audit verify` (decision 050): walks the audit log's hash chain. OK with the row count (exit 0), or the first
 * row that was altered or removed on standard error (exit 1).
 */
async function auditCommand(argv: string[], cli: Run): Promise<number> {
  const { positionals } = parseArgs({ args: argv, options: {}, allowPositionals: true });
  if (positionals.length !== 1 || positionals[0] !== "verify") throw new UsageError("Give: audit verify");
  const config = loadConfig(cli.env);
  const database = await openConfiguredDatabase(config);
  try {
    const verdict = await verifyAuditLog(database.db);
    if (verdict.ok) {
      cli.say(`Audit log OK: ${plural(verdict.rows, "row")}, the chain unbroken.`);
      return 0;
    }
    const what =
      verdict.problem === "missing"
        ? `row ${verdict.seq} was removed (the numbers skip it)`
        : verdict.problem === "altered"
          ? `row ${verdict.seq} was altered (its hash does not match its content)`
          : `row ${verdict.seq} does not follow the row before it (its previous hash differs)`;
    cli.io.stderr(`Audit log BROKEN: ${what}; ${plural(verdict.rows, "row")} before it verified.\n`);
    return 1;
  } finally {
    await database.close();
  }
}

async function command(argv: string[], run: Run): Promise<number | undefined> {
  const [name, ...rest] = argv;
  if (name === "create-user") return void (await createUser(rest, run));
  if (name === "backup") return void (await backupCommand(rest, run));
  if (name === "restore") return void (await restoreCommand(rest, run));
  if (name === "money") return moneyCommand(rest, run);
  if (name === "audit") return auditCommand(rest, run);
  throw new UsageError(name ? `Unknown command: ${name}` : "No command given");
}

/**
 * Runs one command as `npm run cli -- <argv>` does and answers its exit code: 0 done, 1 refused or failed (the
 * reason on standard error, with the usage when the command line was wrong), 2 a reconciliation that left a
 * difference to a person.
 */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const run: Run = { env: io.env ?? process.env, io, say: (line) => io.stdout(`${line}\n`) };
  try {
    return (await command(argv, run)) ?? 0;
  } catch (error) {
    if (error instanceof UsageError) io.stderr(`${error.message}\n\n${USAGE}\n`);
    else if (
      error instanceof ConfigError ||
      error instanceof DataDirInUseError ||
      error instanceof BackupError ||
      error instanceof ReconcileError
    )
      io.stderr(`${error.message}\n`);
    else io.stderr(`${inspect(error)}\n`);
    return 1;
  }
}
