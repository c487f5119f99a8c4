/**
 * The bench's mail server: a real SMTP server (smtp-server) that keeps every message it accepts by its
 * Message-ID, and that can be taken "down": as a mail server that is restarting, it ends the connections it
 * has (421, "shutting down") and answers every new one with 421 (service not available) and closes it.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export async function startMailServer() {
  /** Message-ID -> when each copy was received (a copy sent again shows twice). */
  const received = new Map<string, number[]>();
  let refusing = false;
  let refusedConnections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    disableReverseLookup: true,
    onConnect(_session, callback) {
      if (!refusing) return callback();
      refusedConnections += 1;
      callback(Object.assign(new Error("Service not available, try again later"), { responseCode: 421 }));
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const id = /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? "(none)";
        received.set(id, [...(received.get(id) ?? []), Date.now()]);
        callback();
      });
    },
  });
  // A client that goes away mid-conversation (an app instance killed) is its own business, not a crash.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    get refusedConnections() {
      return refusedConnections;
    },
    setDown(down: boolean) {
      refusing = down;
      if (!down) return;
      const open = (
        server as unknown as { connections: Set<{ send(code: number, text: string): void; close(): void }> }
      ).connections;
      for (const connection of open) {
        connection.send(421, "Server shutting down");
        connection.close();
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
