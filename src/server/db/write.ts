/**
 * One way to write (issue 20): a service hands the unit of work its writes and the events and notices they
 * cause, and they commit together. Notices (notifications, emails, the team's Slack post) are written inside
 * the transaction by the notifications domain's engine; events, and the outbox's wake-ups, go out in one
 * `app_notify()` call at its end, which writes the events to the event log and notifies (decisions 006, 043),
 * so they are delivered only if it commits.
 *
 *   await ctx.write(async (tx, out) => {
 *     await tx.update(requests).set({ status }).where(eq(requests.id, id));
 *     await out.notify({ type: "status_changed", to: memberId, ... });
 *     out.publish(toMemberAndStaff("requests", memberId));
 *   });
 *
 * A change that is one new row with its notice and events is written by one prepared statement instead
 * (`write.one`, decision 012): a single statement is atomic and commits by itself, with no BEGIN and COMMIT
 * round trips, and its own commit sends its events.
 */

import type { WithSubquery } from "drizzle-orm";
import { sql } from "drizzle-orm";
import type { Notice } from "@/shared/contracts/notifications";
import { type AuditEntry, appendAudit } from "../audit/log";
import { type AppEvent, EVENTS_CHANNEL, eventPayloads } from "../realtime/events";
import type { Database, Queryable } from "./index";
import { type Placeholders, prepared } from "./prepared";

/** A NOTIFY to send at commit: [channel, payload]. */
export type Wake = [channel: string, payload: string];

/**
 * What a notice writes. Owned by the notifications domain (features/notifications/engine.ts); app.ts gives it
 * to the unit of work, so no domain reaches into another's tables.
 */
export interface NoticeEngine<V extends Record<string, unknown> = Record<string, unknown>> {
  /** Writes a notice with the caller's transaction; its readers' event and its outbox wake-ups are returned. */
  write(tx: Queryable, notice: Notice): Promise<{ ids: string[]; events: AppEvent[]; wakes: Wake[] }>;
  /** A notice as the values of the statement parts below (its recipients are read first, unless given). */
  values(db: Queryable, notice: Notice): Promise<{ values: V; events: AppEvent[]; wakes: Wake[] }>;
  /** The statement parts writing a notice from those values: CTEs over their placeholders. */
  parts(p: Placeholders<V>): WithSubquery[];
}

export interface Effects {
  /** An event others must see, sent when the transaction commits. */
  publish(event: AppEvent): void;
  /** A notice, written in the transaction now. */
  notify(notice: Notice): Promise<{ ids: string[] }>;
  /** An audit log row (decision 050), appended in the transaction now: it commits with the action, or not at all. */
  audit(entry: AuditEntry): Promise<void>;
}

/** Sends the events and wake-ups, with the statement's transaction: delivered at its commit. */
const sendAll = (tx: Queryable, events: AppEvent[], wakes: Wake[]) => {
  const pairs: Wake[] = [...eventPayloads(events).map((payload): Wake => [EVENTS_CHANNEL, payload]), ...wakes];
  if (!pairs.length) return Promise.resolve();
  return tx.execute(sql`select app_notify(${JSON.stringify(pairs)}::jsonb)`);
};

/** The statement column sending the `notifies` value's pairs when the statement commits. */
const notifiesColumn = (p: Placeholders<{ notifies: string }>) => sql<number>`app_notify(${p.notifies}::jsonb)`;

export type Write = ReturnType<typeof createWrite>;

/** One new row's write, with its notice and events: `{ id }` of the row. */
export type OneWrite<V> = (values: V, effects: { notice: Notice; events: AppEvent[] }) => Promise<{ id: string }>;

export function createWrite(db: Database, engine: () => NoticeEngine | null) {
  const noticeEngine = () => {
    const found = engine();
    if (!found) throw new Error("No notice engine: this unit of work writes no notices.");
    return found;
  };

  /** Runs `work` in a transaction; its notices are written in it, and its events are sent when it commits. */
  async function write<T>(work: (tx: Queryable, out: Effects) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      const events: AppEvent[] = [];
      const wakes: Wake[] = [];
      const result = await work(tx, {
        publish: (event) => void events.push(event),
        async notify(notice) {
          const written = await noticeEngine().write(tx, notice);
          events.push(...written.events);
          wakes.push(...written.wakes);
          return { ids: written.ids };
        },
        async audit(entry) {
          await appendAudit(tx, entry);
        },
      });
      await sendAll(tx, events, wakes);
      return result;
    });
  }

  const statements = new Map<string, unknown>();

  /**
   * A change that is one new row, written with its notice and events by one prepared statement. `build` gives
   * the statement's first CTEs over the typed placeholders of `V`; the one named `written` returns the row's id.
   * `name` names the statement (unique in the app): it is built once.
   */
  function one<V extends Record<string, unknown>>(name: string, build: (p: Placeholders<V>) => WithSubquery[]) {
    const known = statements.get(name);
    if (known) return known as OneWrite<V>;
    const made = makeOne(name, build);
    statements.set(name, made);
    return made;
  }

  function makeOne<V extends Record<string, unknown>>(
    name: string,
    build: (p: Placeholders<V>) => WithSubquery[],
  ): OneWrite<V> {
    type All = V & Record<string, unknown> & { notifies: string };
    const statement = prepared<All, Array<{ id: string | null }>>(name, (runner, p) =>
      runner
        .with(...build(p as unknown as Placeholders<V>), ...noticeEngine().parts(p))
        .select({ id: sql<string | null>`(select id from written)`, notified: notifiesColumn(p) })
        .from(sql`(select 1) as one`),
    );
    return async (values: V, effects: { notice: Notice; events: AppEvent[] }): Promise<{ id: string }> => {
      const notice = await noticeEngine().values(db, effects.notice);
      const events = [...effects.events, ...notice.events];
      const notifies = JSON.stringify([
        ...eventPayloads(events).map((payload): Wake => [EVENTS_CHANNEL, payload]),
        ...notice.wakes,
      ]);
      const [row] = await statement(db, { ...values, ...notice.values, notifies } as All);
      return { id: row.id as string };
    };
  }

  return Object.assign(write, { one });
}
