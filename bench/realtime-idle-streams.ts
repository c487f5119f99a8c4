/**
 * bench:realtime's idle streams (issue 33 item 6): a process of its own holding open event streams of members
 * the writers never reply to, so a server can be measured with 10,000 streams open although one process may
 * hold only so many sockets (a bench at 10,000 streams needs more than 40,000 for its three lines). It opens
 * the streams of the members named on stdin (one user id a line) on `--url`, 100 at a time, tells its parent
 * `{ open: n }`, counts the bytes they receive, and on `{ close: true }` reports `{ bytes }` and exits.
 */
import http from "node:http";
import { parseArgs } from "node:util";
import { makeSignature } from "better-auth/crypto";
import { BENCH_SECRET } from "./support";

const { values: args } = parseArgs({ options: { url: { type: "string" } } });
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
const requests: http.ClientRequest[] = [];
let bytes = 0;

function open(userId: string, cookie: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.get(args.url as string, { agent, headers: { cookie, accept: "text/event-stream" } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`idle stream of ${userId}: ${res.statusCode}`));
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      resolve();
    });
    req.on("error", reject);
    requests.push(req);
  });
}

let input = "";
process.stdin.setEncoding("utf8");
for await (const chunk of process.stdin) input += chunk;
const users = input.split("\n").filter(Boolean);
for (let i = 0; i < users.length; i += 100) {
  await Promise.all(
    users.slice(i, i + 100).map(async (userId) => {
      const token = `token-${userId}`;
      const value = encodeURIComponent(`${token}.${await makeSignature(token, BENCH_SECRET)}`);
      await open(userId, `maison.session_token=${value}`);
    }),
  );
}
process.send?.({ open: users.length });
process.on("message", (message: { close?: boolean }) => {
  if (!message.close) return;
  for (const req of requests) req.destroy();
  process.send?.({ bytes }, () => process.exit(0));
});
