/**
 * The event stream as a browser tab has it, for the tests that listen to it: a test app listening on a free
 * local port, and a stream opened with a user's cookie.
 */
import type { AddressInfo } from "node:net";
import { expect } from "vitest";
import { endpointUrl } from "../../src/shared/contracts/endpoint";
import { createTestApp, type TestContext } from "./app";

/** A test app (no workers) listening on a free local port, and its address (`base`) for `fetch`. */
export async function listeningTestApp(): Promise<{ ctx: TestContext; base: string }> {
  const ctx = await createTestApp({ deps: { startWorkers: false } });
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  return { ctx, base: `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}` };
}

/**
 * Opens the event stream at `base` with a session `cookie`, as a browser tab would: the raw `text` it receives
 * and the event names in it (`events`); `ended` settles when the stream stops (true when the server ended it,
 * false when it broke or was closed by `close()`), and `closed()` says whether the server has ended it.
 */
export async function openEventStream(
  base: string,
  cookie: string,
  resume: { lastEventId?: string; header?: boolean } = {},
) {
  const controller = new AbortController();
  const { lastEventId, header } = resume;
  const inQuery = lastEventId !== undefined && !header;
  const response = await fetch(
    `${base}${endpointUrl("GET /events", inQuery ? { query: { lastEventId } } : undefined)}`,
    {
      headers: { cookie, ...(header && lastEventId !== undefined ? { "last-event-id": lastEventId } : {}) },
      signal: controller.signal,
    },
  );
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/event-stream");
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let serverEnded = false;
  const stream = {
    text: "",
    events: [] as string[],
    closed: () => serverEnded,
    close: () => controller.abort(),
    /** The last `id:` received: what a browser would send as Last-Event-ID. */
    lastId: () => [...stream.text.matchAll(/^id: (\d+)$/gm)].at(-1)?.[1] ?? "",
  };
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const chunk = decoder.decode(value);
        stream.text += chunk;
        for (const match of chunk.matchAll(/^event: (.+)$/gm)) stream.events.push(match[1]);
      }
      serverEnded = true;
      return true;
    } catch {
      return false;
    }
  })();
  return Object.assign(stream, { ended });
}
