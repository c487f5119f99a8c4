/**
 * Command line tasks. `npm run cli -- backup <file>` and `restore <file> [--force]` save and restore the
 * database and the uploaded files (decision 025; with the embedded database, the server must be stopped).
 * `npm run cli -- create-user --email E --name N [--role R] [--plan P]` creates a user
 * (with a complimentary active membership when --plan is given), for bootstrapping an install and for tests.
 * The password is asked at a prompt (not echoed), or read from standard input with --password-stdin. It is
 * never taken from the command line, where `ps` and the shell history show it: --password is refused with a
 * pointer to --password-stdin. The address counts as verified: the operator vouches for it. It opens the
 * database itself, so with the embedded database the server must be stopped.
 * `npm run cli -- audit verify` checks the audit log's hash chain (decision 050).
 * `npm run cli -- money reconcile` compares the payment provider's hold authorisations and charges with our holds
 * and repairs or reports every difference (decision 031), as the hourly job and the admin's button do.
 *
 * This is only the process around the commands (cli/run.ts, which tests call in-process): this process's
 * arguments, environment, standard streams, and its exit with the command's code.
 */
import { runCli } from "./cli/run";

const code = await runCli(process.argv.slice(2), {
  env: process.env,
  stdin: process.stdin,
  isTTY: process.stdin.isTTY,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
process.exit(code);
