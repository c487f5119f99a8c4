/** 16. The CLI takes the password from standard input (or a prompt), never needing it on the command line. */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { testConfig } from "#tests/helpers/app";
import { buildApp } from "./app";
import { openDatabase } from "./db";
import { outbox, users } from "./db/schema";

const dataDir = mkdtempSync(path.join(tmpdir(), "maison-cli-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function cli(args: string[], input?: string) {
  return spawnSync(process.execPath, ["--import", "tsx", "src/server/cli.ts", ...args], {
    input,
    encoding: "utf8",
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" },
    timeout: 110_000,
  });
}

// Each case starts a Node process that compiles the CLI and migrates a fresh embedded database: on two loaded
// cores that alone can pass the default 30 s.
describe.skipIf(process.env.TEST_DB_DRIVER === "postgres")("npm run cli -- create-user", { timeout: 120_000 }, () => {
  it("reads the password from standard input; the account signs in with it and counts as verified", async () => {
    const password = "a-long-secret-from-stdin";
    const run = cli(
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
      const signIn = await app.inject({
        method: "POST",
        url: "/api/auth/sign-in",
        payload: { email: "ops@maison.test", password },
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
      await app.close();
    } finally {
      await database.close();
    }
  });

  it("refuses a password on the command line (ps and the shell history show it) and points to --password-stdin", () => {
    for (const args of [
      ["--password", "visible-in-ps-123"],
      ["--password=visible-in-ps-123"],
      ["--password-stdin", "--password", "visible-in-ps-123"],
    ]) {
      const run = cli(["create-user", "--email", "argv@maison.test", "--name", "Argv", ...args], "piped-secret-123\n");
      expect(run.status, run.stdout).toBe(1);
      expect(run.stderr).toContain(
        "--password is not accepted: a password on the command line shows in `ps` and the shell history. Pipe it in with --password-stdin, or leave it out to be asked at a prompt.",
      );
      expect(run.stderr).not.toContain("visible-in-ps-123");
      expect(run.stdout).not.toContain("Created");
    }
  });

  it("asks for a terminal or --password-stdin when no password is given", () => {
    const run = cli(["create-user", "--email", "other@maison.test", "--name", "Other"], "");
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("No password: give --password-stdin or run it in a terminal");
  });
});
