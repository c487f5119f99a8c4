/** 16. The CLI takes the password from standard input (or a prompt), never needing it on the command line. */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { testConfig } from "#tests/helpers/app";
import { call } from "#tests/helpers/call";
import { runCliInProcess } from "#tests/helpers/cli";
import { as, createUser } from "#tests/helpers/users";
import { buildApp } from "./app";
import { openDatabase } from "./db";
import { holds, outbox, reconciliationRuns, testPaymentObjects, users } from "./db/schema";

const dataDir = mkdtempSync(path.join(tmpdir(), "maison-cli-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const cliEnv = (dir: string) => ({ ...process.env, DATA_DIR: dir, DATABASE_URL: "", LOG_LEVEL: "silent" });

/** The command as an operator runs it: a Node process of its own, standard input piped in. */
function cliProcess(args: string[], input?: string, dir = dataDir) {
  return spawnSync(process.execPath, ["--import", "tsx", "src/server/cli.ts", ...args], {
    input,
    encoding: "utf8",
    env: cliEnv(dir),
    timeout: 110_000,
  });
}

/** The same command run in this process (cli/run.ts): every case but the one above that covers the entry. */
function cli(args: string[], input?: string, dir = dataDir) {
  return runCliInProcess(args, { env: cliEnv(dir), stdin: input });
}

// The first case starts a Node process that compiles the CLI and migrates a fresh embedded database: on two
// loaded cores that alone can pass the default 30 s.
describe.skipIf(process.env.TEST_DB_DRIVER === "postgres")("npm run cli -- create-user", { timeout: 120_000 }, () => {
  it("reads the password from standard input; the account signs in with it and counts as verified", async () => {
    const password = "a-long-secret-from-stdin";
    const run = cliProcess(
      ["create-user", "--password-stdin", "--email", "ops@maison.test", "--name", "Ops", "--role", "admin"],
      `${password}\n`,
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain("Created admin ops@maison.test");

    const database = await openDatabase({ kind: "pglite", dataDir });
    try {
      const [user] = await database.db.select().from(users);
      expect(user).toMatchObject({ email: "ops@maison.test", emailVerified: true });
      expect(await database.db.select().from(outbox)).toEqual([]);
      const app = await buildApp({ config: testConfig(), database, clientDir: null, startWorkers: false });
      const signIn = await call({ app }, "POST /auth/sign-in", { body: { email: "ops@maison.test", password } });
      expect(signIn.statusCode, signIn.body).toBe(200);
      await app.close();
    } finally {
      await database.close();
    }
  });

  it("refuses a password on the command line (ps and the shell history show it) and points to --password-stdin", async () => {
    for (const args of [
      ["--password", "visible-in-ps-123"],
      ["--password=visible-in-ps-123"],
      ["--password-stdin", "--password", "visible-in-ps-123"],
    ]) {
      const run = await cli(
        ["create-user", "--email", "argv@maison.test", "--name", "Argv", ...args],
        "piped-secret-123\n",
      );
      expect(run.status, run.stdout).toBe(1);
      expect(run.stderr).toContain(
        "--password is not accepted: a password on the command line shows in `ps` and the shell history. Pipe it in with --password-stdin, or leave it out to be asked at a prompt.",
      );
      expect(run.stderr).not.toContain("visible-in-ps-123");
      expect(run.stdout).not.toContain("Created");
    }
  });

  it("asks for a terminal or --password-stdin when no password is given", async () => {
    const run = await cli(["create-user", "--email", "other@maison.test", "--name", "Other"], "");
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("No password: give --password-stdin or run it in a terminal");
  });

  it("asks at a terminal without echoing, and stops at Ctrl-C", async () => {
    const run = await runCliInProcess(["create-user", "--email", "tty@maison.test", "--name", "Tty"], {
      env: cliEnv(dataDir),
      stdin: "typed-secret\u0003",
      isTTY: true,
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("Password: \n");
    expect(run.stderr).toContain("Cancelled");
    expect(run.stderr).not.toContain("typed-secret");
  });
});

/** A hold authorised on the test provider whose row the app then lost (released): an orphan authorisation. */
async function orphanIn(dir: string) {
  const database = await openDatabase({ kind: "pglite", dataDir: dir });
  await database.migrate();
  const config = testConfig({ DATA_DIR: dir });
  const app = await buildApp({ config, database, clientDir: null, startWorkers: false });
  try {
    const ctx = { app, database, config, close: async () => {} };
    const staff = await createUser(ctx, { role: "staff" });
    const member = await createUser(ctx, { plan: "gold" });
    const created = await call(
      ctx,
      "POST /requests",
      {
        body: {
          title: "Vintage Rolex",
          category: "Fashion",
          budget_eur: 30000,
          urgency: "High",
          notes: "",
          phone_number: "+351912345678",
        },
      },
      as(member),
    );
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json();
    await call(ctx, "POST /admin/requests/:id/status", { params: { id }, body: { status: "Sourcing" } }, as(staff));
    const quote = await call(
      ctx,
      "POST /admin/requests/:id/quotes",
      {
        params: { id },
        body: {
          options: [{ title: "Submariner 1680", priceCents: 2_000_000 }],
          validUntil: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
        },
      },
      as(staff),
    );
    const quoteId = quote.json().id;
    const send = await call(
      ctx,
      "POST /admin/requests/:id/quotes/:quoteId/send",
      { params: { id, quoteId } },
      as(staff),
    );
    expect(send.statusCode).toBe(200);
    const requestQuotes = await call(ctx, "GET /requests/:id/quotes", { params: { id } }, as(member));
    const accepted = await call(
      ctx,
      "POST /requests/:id/quotes/:quoteId/accept",
      { params: { id, quoteId }, body: { optionId: requestQuotes.json().quotes[0].options[0].id } },
      as(member),
    );
    const session = String(accepted.json().url).split("/").pop() ?? "";
    const card = { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", name: "Ana" };
    const authorized = await call(
      ctx,
      "POST /billing/test/holds/:id/authorize",
      { params: { id: session }, body: card },
      as(member),
    );
    expect(authorized.statusCode).toBe(200);
    const [hold] = await database.db.select().from(holds).where(eq(holds.requestId, id));
    await database.db.update(holds).set({ status: "released" }).where(eq(holds.id, hold.id));
    return hold.paymentIntentId as string;
  } finally {
    await app.close();
    await database.close();
  }
}

describe.skipIf(process.env.TEST_DB_DRIVER === "postgres")(
  "npm run cli -- money reconcile",
  { timeout: 240_000 },
  () => {
    it("cancels an orphan authorisation at the provider, records the run, and finds nothing the second time", async () => {
      const dir = mkdtempSync(path.join(tmpdir(), "maison-cli-reconcile-"));
      try {
        const intentId = await orphanIn(dir);
        const run = await cli(["money", "reconcile"], undefined, dir);
        expect(run.status, run.stderr).toBe(0);
        expect(run.stdout).toContain(
          "Reconciled with the test provider: 1 payment intent checked, 1 difference, 1 repaired.",
        );
        expect(run.stdout).toMatch(new RegExp(`repaired +orphan_authorisation +${intentId}`));

        const database = await openDatabase({ kind: "pglite", dataDir: dir });
        try {
          const [intent] = await database.db
            .select()
            .from(testPaymentObjects)
            .where(eq(testPaymentObjects.id, intentId));
          expect(intent.data).toMatchObject({ status: "canceled" });
          const runs = await database.db.select().from(reconciliationRuns);
          expect(runs).toHaveLength(1);
          expect(runs[0]).toMatchObject({ provider: "test", startedBy: null, repaired: 1, error: null });
        } finally {
          await database.close();
        }

        const again = await cli(["money", "reconcile"], undefined, dir);
        expect(again.status, again.stderr).toBe(0);
        expect(again.stdout).toContain("1 payment intent checked, 0 differences, 0 repaired.");
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it("refuses an unknown money command with the usage", async () => {
      const run = await cli(["money", "refund"]);
      expect(run.status).toBe(1);
      expect(run.stderr).toContain("Give: money reconcile");
      expect(run.stderr).toContain("npm run cli -- money reconcile");
    });
  },
);
