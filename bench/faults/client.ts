/**
 * The bench's side of the wire: every HTTP call it makes (counted by answer and by whether it overlapped a
 * fault), and members' event streams that behave as the browser's client does (src/client/lib/realtime.ts):
 * a dropped stream is reopened after 200 ms, doubling (the same `reconnectDelayMs`), resuming after the last event
 * id it received (decision 043); a "resync" event, or a reopened stream with no id to resume from, refetches what
 * the page shows (the member's requests and the open request's thread), retried as TanStack Query retries a failed
 * query (three times, after 1, 2 and 4 s).
 */
import http from "node:http";
import { reconnectDelayMs } from "../../src/shared/realtime";

export interface Call {
  kind: string;
  sentAt: number;
  doneAt: number;
  /** 0: no answer (the connection failed or was cut). */
  status: number;
}

export interface Answer {
  status: number;
  body: string;
  json<T = Record<string, unknown>>(): T;
  sentAt: number;
  doneAt: number;
}

/** Wall-clock milliseconds: compared with the database's timestamps, so not performance.now(). */
export const now = () => Date.now();
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createClient(baseUrl: string) {
  const calls: Call[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 96 });
  const base = new URL(baseUrl);

  function request(
    kind: string,
    method: string,
    path: string,
    options: { cookie?: string; json?: unknown; body?: Buffer; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const payload =
      options.body ?? (options.json === undefined ? undefined : Buffer.from(JSON.stringify(options.json)));
    const headers: Record<string, string> = { ...options.headers };
    if (options.cookie) headers.cookie = options.cookie;
    if (options.json !== undefined) headers["content-type"] = "application/json";
    if (payload) headers["content-length"] = String(payload.length);
    const sentAt = now();
    return new Promise((resolve) => {
      let answered = false;
      const finish = (status: number, body: string) => {
        if (answered) return;
        answered = true;
        const doneAt = now();
        calls.push({ kind, sentAt, doneAt, status });
        resolve({
          status,
          body,
          sentAt,
          doneAt,
          json: <T>() => {
            try {
              return JSON.parse(body) as T;
            } catch {
              return {} as T;
            }
          },
        });
      };
      const req = http.request(
        { host: base.hostname, port: base.port, method, path, headers, agent, timeout: 20_000 },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            text += chunk;
          });
          res.on("end", () => finish(res.statusCode ?? 0, text));
          res.on("aborted", () => finish(0, text));
          res.on("error", () => {});
        },
      );
      req.on("timeout", () => req.destroy(new Error("timeout")));
      req.on("error", (error) => {
        finish(0, String(error));
      });
      req.end(payload);
    });
  }

  return {
    calls,
    request,
    close() {
      agent.destroy();
    },
  };
}
export type Client = ReturnType<typeof createClient>;

/** What a resynchronisation saw: the member's requests with their statuses, and the open request's messages. */
export interface Resync {
  reason: "reconnect" | "resync-event";
  startedAt: number;
  endedAt?: number;
  ok: boolean;
  /** The request whose thread it fetched. */
  thread: string;
  statuses: Map<string, string>;
  messageIds: Set<string>;
}

export interface Segment {
  openedAt: number;
  /** When its first id arrived: a resumed stream has then received what it missed. */
  resumedAt?: number;
  closedAt?: number;
  upstream: string;
}

export interface StreamEvent {
  topic: string;
  at: number;
}

/**
 * One member's browser: its event stream, kept open and reopened as the client does, and the resyncs it made.
 * `onEvent` sees each event as it arrives. `current()` names the request whose thread the page shows.
 */
export class MemberStream {
  segments: Segment[] = [];
  resyncs: Resync[] = [];
  events: StreamEvent[] = [];
  /** Streams refused or cut before they opened. */
  failedOpens = 0;
  private failures = 0;
  /** The last `id:` received, sent back as Last-Event-ID when the stream is reopened. */
  lastEventId = "";
  private retry: NodeJS.Timeout | null = null;
  private req: http.ClientRequest | null = null;
  private closed = false;

  constructor(
    private readonly client: Client,
    private readonly baseUrl: string,
    readonly cookie: string,
    private readonly current: () => string,
    private readonly onEvent: (event: StreamEvent) => void,
  ) {}

  get open(): Segment | undefined {
    const last = this.segments[this.segments.length - 1];
    return last && last.closedAt === undefined ? last : undefined;
  }

  /** Opens the stream; resolves once it answered (opened or failed: a failure schedules the retry). */
  connect(): Promise<void> {
    return new Promise((resolve) => {
      if (this.closed) return resolve();
      this.retry = null;
      const sentAt = now();
      let segment: Segment | null = null;
      let settled = false;
      let gone = false;
      const dropped = () => {
        if (gone) return;
        gone = true;
        if (segment && segment.closedAt === undefined) segment.closedAt = now();
        if (!settled) {
          settled = true;
          this.failedOpens += 1;
          this.client.calls.push({ kind: "stream open", sentAt, doneAt: now(), status: 0 });
          resolve();
        }
        if (this.closed || this.retry) return;
        this.retry = setTimeout(() => void this.connect(), reconnectDelayMs(this.failures));
        this.failures += 1;
      };
      const req = http.get(
        `${this.baseUrl}/api/events`,
        {
          agent: false,
          headers: {
            cookie: this.cookie,
            accept: "text/event-stream",
            ...(this.lastEventId ? { "last-event-id": this.lastEventId } : {}),
          },
        },
        (res) => {
          if (res.statusCode !== 200) {
            res.resume();
            settled = true;
            this.failedOpens += 1;
            this.client.calls.push({ kind: "stream open", sentAt, doneAt: now(), status: res.statusCode ?? 0 });
            resolve();
            res.on("end", dropped);
            res.on("error", dropped);
            return;
          }
          segment = { openedAt: now(), upstream: String(res.headers["x-upstream"] ?? "?") };
          this.segments.push(segment);
          settled = true;
          this.client.calls.push({ kind: "stream open", sentAt, doneAt: segment.openedAt, status: 200 });
          if (this.failures > 0 && !this.lastEventId) void this.resync("reconnect");
          this.failures = 0;
          resolve();
          let buffer = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            buffer += chunk;
            let end = buffer.indexOf("\n\n");
            while (end >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const topic = /^event: (.+)$/m.exec(block)?.[1];
              const id = /^id: (\d+)$/m.exec(block)?.[1];
              if (id) {
                this.lastEventId = id;
                if (segment && segment.resumedAt === undefined) segment.resumedAt = now();
              }
              if (topic) {
                const event = { topic, at: now() };
                this.events.push(event);
                if (topic === "resync") void this.resync("resync-event");
                this.onEvent(event);
              }
              end = buffer.indexOf("\n\n");
            }
          });
          res.on("end", dropped);
          res.on("close", dropped);
          res.on("error", dropped);
        },
      );
      this.req = req;
      req.on("error", dropped);
    });
  }

  /** Refetches what the page shows, as TanStack Query does on an invalidation (with its retries). */
  async resync(reason: Resync["reason"]) {
    const current = this.current();
    const resync: Resync = {
      reason,
      startedAt: now(),
      ok: false,
      thread: current,
      statuses: new Map(),
      messageIds: new Set(),
    };
    this.resyncs.push(resync);
    for (let attempt = 0; attempt < 4 && !this.closed; attempt++) {
      if (attempt > 0) await sleep(1000 * 2 ** (attempt - 1));
      const [list, thread] = await Promise.all([
        this.client.request("resync", "GET", "/api/requests?page=1&pageSize=10", { cookie: this.cookie }),
        this.client.request("resync", "GET", `/api/requests/${current}/messages`, { cookie: this.cookie }),
      ]);
      if (list.status !== 200 || thread.status !== 200) continue;
      for (const item of list.json<{ items: Array<{ id: string; status: string }> }>().items) {
        resync.statuses.set(item.id, item.status);
      }
      for (const message of thread.json<{ messages: Array<{ id: string }> }>().messages) {
        resync.messageIds.add(message.id);
      }
      resync.ok = true;
      resync.endedAt = now();
      return;
    }
  }

  close() {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.req?.destroy();
  }
}
