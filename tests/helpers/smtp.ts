/**
 * A real SMTP server in-process that keeps what it receives, and can be told to refuse mail (450 at DATA: this
 * message) or to be down (421 at the greeting: every message, as a mail server that is restarting).
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export async function startSmtpSink() {
  const received: ReceivedMail[] = [];
  let refuse = false;
  let down = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    disableReverseLookup: true,
    onConnect(_session, callback) {
      if (!down) return callback();
      callback(Object.assign(new Error("Service not available, try again later"), { responseCode: 421 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c) => chunks.push(c));
      stream.on("end", () => {
        if (refuse) return callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 450 }));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
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
    setRefuse(value: boolean) {
      refuse = value;
    },
    /** Down: the connections it has are ended (421, as a restart does) and every new one is refused (421). */
    setDown(value: boolean) {
      down = value;
      if (!value) return;
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
