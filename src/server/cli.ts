/**
 * Command line tasks. `npm run cli -- create-user --email E --password P --name N [--role R] [--plan P]`
 * creates a user (with a complimentary active membership when --plan is given), for bootstrapping an install
 * and for tests. It opens the database itself, so with the embedded database the server must be stopped.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { PLANS } from "@/shared/plans";
import { ROLES } from "@/shared/roles";
import { firstIssueMessage, signInSchema } from "@/shared/schemas";
import { createAuth } from "./auth/auth";
import { ConfigError, loadConfig } from "./config";
import { type DatabaseHandle, openDatabase } from "./db";
import { DataDirInUseError } from "./db/lock";
import { createAccountRecords, grantComplimentary } from "./features/account/service";

const USAGE = `Usage:
  npm run cli -- create-user --email E --password P --name N [--role client|staff|admin] [--plan free|silver|gold|black]`;

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
      password: { type: "string" },
      name: { type: "string" },
      role: { type: "string" },
      plan: { type: "string" },
    },
  });
  const parsed = createUserArgs.safeParse(values);
  if (!parsed.success) throw new UsageError(firstIssueMessage(parsed.error));
  const input = parsed.data;
  const config = loadConfig();
  const database = await openConfiguredDatabase();
  try {
    const auth = createAuth(config, database.db);
    const { user } = await auth.api
      .signUpEmail({ body: { email: input.email, password: input.password, name: input.name } })
      .catch((error: { body?: { message?: string }; message: string }) => {
        throw new UsageError(error.body?.message ?? error.message);
      });
    await database.db.transaction(async (tx) => {
      await createAccountRecords(tx, { id: user.id, email: user.email, name: input.name, phone: null }, input.role);
      if (input.plan) await grantComplimentary(tx, user.id, input.plan);
    });
    console.log(
      `Created ${input.role} ${user.email}${input.plan ? ` with a complimentary ${input.plan} membership` : ""}.`,
    );
  } finally {
    await database.close();
  }
}

class UsageError extends Error {}

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
