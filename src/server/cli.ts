/**
 * Command line tasks. `npm run cli -- create-user --email E --name N [--role R] [--plan P]` creates a user
 * (with a complimentary active membership when --plan is given), for bootstrapping an install and for tests.
 * The password is asked at a prompt (not echoed), or read from standard input with --password-stdin. It is
 * never taken from the command line, where `ps` and the shell history show it: --password is refused with a
 * pointer to --password-stdin. The address counts as verified: the operator vouches for it. It opens the
 * database itself, so with the embedded database the server must be stopped.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { PLANS } from "@/shared/plans";
import { ROLES } from "@/shared/roles";
import { firstIssueMessage, signInSchema } from "@/shared/schemas";
import { createAuth } from "./auth/auth";
import { ConfigError, loadConfig } from "./config";
import { type DatabaseHandle, openDatabase } from "./db";
import { DataDirInUseError } from "./db/lock";
import { outbox, users } from "./db/schema";
import { createAccountRecords } from "./features/account/service";
import { grantComplimentary } from "./features/billing/service";
import { createPreferences } from "./features/notifications/service";
import { createRateLimiter } from "./rate-limit";

const USAGE = `Usage:
  npm run cli -- create-user --email E --name N [--role client|staff|admin] [--plan free|silver|gold|black]
      asks for the password at a prompt
  printf '%s' "$PASSWORD" | npm run cli -- create-user --password-stdin --email E --name N ...
      reads the password from standard input`;

const PASSWORD_ON_COMMAND_LINE =
  "--password is not accepted: a password on the command line shows in `ps` and the shell history. Pipe it in with --password-stdin, or leave it out to be asked at a prompt.";

const createUserArgs = signInSchema.extend({
  name: z.string().trim().min(1, "--name is required"),
  role: z.enum(ROLES, "--role must be client, staff or admin").default("client"),
  plan: z.enum(PLANS, "--plan must be free, silver, gold or black").optional(),
});

async function openConfiguredDatabase(): Promise<DatabaseHandle> {
  const config = loadConfig();
  const database = config.DATABASE_URL
    ? await openDatabase({ kind: "postgres", url: config.DATABASE_URL, max: 2 })
    : await openDatabase({ kind: "pglite", dataDir: path.resolve(config.DATA_DIR) });
  await database.migrate();
  return database;
}

async function createUser(argv: string[]) {
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
  const password = fromStdin ? await readStdin() : await promptHidden("Password: ");
  const parsed = createUserArgs.safeParse({ ...rest, password });
  if (!parsed.success) throw new UsageError(firstIssueMessage(parsed.error));
  const input = parsed.data;
  const config = loadConfig();
  const database = await openConfiguredDatabase();
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
    console.log(
      `Created ${input.role} ${user.email}${input.plan ? ` with a complimentary ${input.plan} membership` : ""}.`,
    );
  } finally {
    await database.close();
  }
}

class UsageError extends Error {}

/** All of standard input, without its final line break. */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

/** Asks at the terminal without echoing what is typed. */
async function promptHidden(question: string): Promise<string> {
  if (!process.stdin.isTTY) throw new UsageError("No password: give --password-stdin or run it in a terminal");
  process.stdout.write(question);
  process.stdin.setRawMode(true);
  process.stdin.resume();
  let value = "";
  try {
    for await (const chunk of process.stdin) {
      for (const char of (chunk as Buffer).toString("utf8")) {
        if (char === "\r" || char === "\n") return value;
        if (char === "\u0003") throw new UsageError("Cancelled");
        if (char === "\u007f" || char === "\b") value = value.slice(0, -1);
        else value += char;
      }
    }
    return value;
  } finally {
    process.stdin.setRawMode(false);
    process.stdin.pause();
    process.stdout.write("\n");
  }
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  if (command === "create-user") return createUser(rest);
  throw new UsageError(command ? `Unknown command: ${command}` : "No command given");
}

main().then(
  () => process.exit(0),
  (error) => {
    if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
    else if (error instanceof ConfigError || error instanceof DataDirInUseError) console.error(error.message);
    else console.error(error);
    process.exit(1);
  },
);
