/**
 * `npm run cli -- …` run in this process (src/server/cli/run.ts): what a child process would give back, its
 * exit status and everything it wrote, without starting Node and compiling the CLI again for each command.
 */
import { type CliIo, runCli } from "../../src/server/cli/run";

export interface CliResult {
  status: number;
  stdout: string;
  stderr: string;
}

export async function runCliInProcess(
  args: string[],
  io: { env: NodeJS.ProcessEnv; stdin?: CliIo["stdin"]; isTTY?: boolean },
): Promise<CliResult> {
  let stdout = "";
  let stderr = "";
  const status = await runCli(args, {
    ...io,
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
  });
  return { status, stdout, stderr };
}
