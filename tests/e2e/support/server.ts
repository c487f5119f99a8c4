/**
 * The e2e web server: a fresh embedded database, a real SMTP server (smtp-server) that files every email it
 * receives as JSON under <data>/mail for the tests to read, and the production app pointed at it.
 * Playwright starts this before its global setup, so the clean-up happens here.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

const dataDir = process.env.DATA_DIR as string;
const smtpPort = Number(new URL(process.env.SMTP_URL as string).port);
const mailDir = path.join(dataDir, "mail");
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });

let count = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk) => chunks.push(chunk));
    stream.on("end", () => {
      count += 1;
      const to = session.envelope.rcptTo.map((r) => r.address);
      const file = path.join(mailDir, `${Date.now()}-${count}.json`);
      writeFileSync(file, JSON.stringify({ to, raw: Buffer.concat(chunks).toString("utf8") }));
      callback();
    });
  },
});
smtp.listen(smtpPort, "127.0.0.1");

// An admin made the way an operator would: with the CLI, before the server opens the database.
const E2E_ADMIN = { email: "admin@maison.test", password: "admin-secret-1", name: "Ada Admin" };
// The built CLI (npm run build), as the server beside it: no TypeScript compiled at start.
const cli = spawnSync(
  process.execPath,
  [
    "dist/server/cli.js",
    "create-user",
    "--email",
    E2E_ADMIN.email,
    "--password-stdin",
    "--name",
    E2E_ADMIN.name,
    "--role",
    "admin",
  ],
  // The password goes in on standard input, as the CLI prefers: never on a command line that `ps` shows.
  { input: E2E_ADMIN.password, stdio: ["pipe", "inherit", "inherit"], env: process.env },
);
if (cli.status !== 0) process.exit(cli.status ?? 1);
// A second staff member (not an admin), for the journeys with two staff browsers (presence, decision 051).
const E2E_STAFF = { email: "rita@maison.test", password: "staff-secret-1", name: "Rita Reis" };
const staffCli = spawnSync(
  process.execPath,
  [
    "dist/server/cli.js",
    "create-user",
    "--email",
    E2E_STAFF.email,
    "--password-stdin",
    "--name",
    E2E_STAFF.name,
    "--role",
    "staff",
  ],
  { input: E2E_STAFF.password, stdio: ["pipe", "inherit", "inherit"], env: process.env },
);
if (staffCli.status !== 0) process.exit(staffCli.status ?? 1);

// The production server, as `npm start` runs it (`npm run test:e2e` builds it first).
const app = spawn(process.execPath, ["--enable-source-maps", "dist/server/main.js"], {
  stdio: "inherit",
  env: process.env,
});
const stop = () => {
  app.kill("SIGTERM");
  smtp.close();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
app.on("exit", (code) => process.exit(code ?? 0));
