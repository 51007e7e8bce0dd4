import { LIVE_REPLAY_SECONDS, type LiveOp, recordEtag } from '@pult/contract';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { type Db, inProcessListenerOf } from '../db/database.js';
import { createPgListener } from '../db/pg-listener.js';
import { type Cursor, compareCursors } from './cursor.js';
import { CHANGES_CHANNEL } from './migrations.js';

/** A committed change, as the feed hands it to the streams of this process. */
export interface FeedEvent {
  cursor: Cursor;
  resource: string;
  recordId: string | null;
  op: LiveOp;
  /** The record's `ETag` after the change, or null (a delete, `many`). */
  version: string | null;
  actorId: number | null;
  /** The administrator's name as it is now ("first last", else the e-mail). */
  actorName: string | null;
  at: Date;
}

/** A stream of this process: it gets every event after its position, in order, exactly once. */
export interface FeedSubscriber {
  /** Where it resumes (`Last-Event-ID`); from now on when absent. */
  position?: Cursor;
  deliver(events: readonly FeedEvent[]): void;
  /** Its position is older than the replay window (or unknown here): it should reload what it shows. */
  reset(): void;
}

export interface ChangeFeedDeps {
  db: Db;
  /** PostgreSQL's URL: notifications come by LISTEN on a connection of their own. */
  url?: string;
  logger: FastifyBaseLogger;
  /** Administrators' display names by id (the auth module's). */
  actorNames: (ids: readonly number[]) => Promise<Map<number, string>>;
}

const PAGE = 1_000;
/** While events of still-open transactions wait, the feed looks again this soon. */
const SETTLE_RETRY_MS = 100;
/** Without notifications (neither LISTEN nor PGlite's), the feed looks this often. */
const FALLBACK_POLL_MS = 1_000;
const PRUNE_EVERY_MS = 60_000;
const MAX_NAMES = 10_000;

interface ChangeRow {
  id: number;
  tx: string;
  at: Date;
  resource: string;
  record_id: string | null;
  op: string;
  version: string | null;
  actor_id: number | null;
  settled: boolean;
}

/**
 * The oldest transaction of this database still running when the statement began (its snapshot's
 * `xmin`, unless that belongs elsewhere), or the snapshot's `xmax` when none is: every event below it
 * is in, and no event can join below it later.
 *
 * Transaction ids are the PostgreSQL server's, not the database's, so `pg_snapshot_xmin` alone also
 * waits for a bulk load into another database on the same server, which cannot write here. A running
 * id is skipped only when `pg_stat_activity` shows it as the transaction of a session connected to
 * another database (or to none); an id it does not show (a subtransaction's, a prepared
 * transaction's, one that started after the view was read) is kept, so the horizon only ever errs on
 * the side of waiting. Ids in the view are 32 bits, in the snapshot 64: compared modulo 2³².
 */
const SETTLED_HORIZON = sql`
  select coalesce(
    (select min(x) from pg_snapshot_xip(pg_current_snapshot()) as x
      where not exists (select 1 from pg_stat_activity a
        where a.backend_xid is not null and a.datname is distinct from current_database()
          and a.backend_xid::text::bigint = x::text::bigint % 4294967296)),
    pg_snapshot_xmax(pg_current_snapshot())) as horizon`;

/**
 * One per process: reads the change feed (`change_events`, written by the tracked tables' triggers)
 * and hands each event to this process's streams.
 *
 * Order without loss: events are read in `(tx, id)` order, and only those whose transaction is older
 * than every transaction of this database still running (`SETTLED_HORIZON`), so the set below the cursor never grows
 * afterwards — an event of a long transaction that commits after a later one's is not skipped, it
 * holds the later ones back until it is in. Notifications (LISTEN on PostgreSQL, PGlite's own on the
 * embedded database) only say "read again"; a read that finds unsettled events tries again shortly.
 */
export function createChangeFeed(deps: ChangeFeedDeps) {
  const { db, logger } = deps;
  const subscribers = new Set<FeedSubscriber>();
  const joining: Array<{ subscriber: FeedSubscriber; resolve: () => void }> = [];
  const names = new Map<number, string>();
  let cursor: Cursor | undefined;
  let pumping = false;
  let again = false;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let poller: NodeJS.Timeout | undefined;
  let pruner: NodeJS.Timeout | undefined;
  let unlisten: (() => Promise<void>) | undefined;

  const pgListener = deps.url
    ? createPgListener({
        url: deps.url,
        channel: CHANGES_CHANNEL,
        logger,
        onNotification: () => schedule(),
        onReconnect: () => schedule(),
      })
    : undefined;

  function schedule(): void {
    if (stopped) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    void pump()
      .catch((err: unknown) => {
        logger.warn({ err }, 'Reading the change feed failed; retrying');
        later(FALLBACK_POLL_MS);
      })
      .finally(() => {
        pumping = false;
        if (again) {
          again = false;
          schedule();
        }
      });
  }

  function later(ms: number): void {
    if (retry || stopped) return;
    retry = setTimeout(() => {
      retry = undefined;
      schedule();
    }, ms);
    retry.unref();
  }

  async function pump(): Promise<void> {
    if (!cursor) cursor = await startingCursor();
    for (let next = joining.shift(); next; next = joining.shift()) {
      try {
        await join(next.subscriber, cursor);
      } catch (error) {
        // Still waiting: the next read (after a failure, a second later) tries its join again.
        joining.unshift(next);
        throw error;
      }
      next.resolve();
    }
    for (;;) {
      const rows = await readAfter(cursor);
      const settled = rows.filter((row) => row.settled);
      if (settled.length > 0) {
        const events = await named(settled.map(toEvent));
        cursor = events[events.length - 1]?.cursor ?? cursor;
        for (const subscriber of subscribers) deliverAfterPosition(subscriber, events);
      }
      if (settled.length < rows.length) later(SETTLE_RETRY_MS);
      if (rows.length < PAGE || settled.length < rows.length) return;
    }
  }

  /** Events start after the transactions that ran before this process began to read. */
  async function startingCursor(): Promise<Cursor> {
    const { rows } = await sql<{ horizon: string }>`
      with h as (${SETTLED_HORIZON}) select horizon::text as horizon from h`.execute(db);
    return { tx: BigInt(rows[0]?.horizon ?? '0'), id: 0 };
  }

  function readAfter(after: Cursor, upTo?: Cursor): Promise<ChangeRow[]> {
    const bound = upTo ? sql`and (tx, id) <= (${upTo.tx.toString()}::xid8, ${upTo.id})` : sql``;
    return sql<ChangeRow>`
      with h as (${SETTLED_HORIZON})
      select id, tx::text as tx, at, resource, record_id, op, version, actor_id, tx < h.horizon as settled
      from change_events, h
      where (tx, id) > (${after.tx.toString()}::xid8, ${after.id}) ${bound}
      order by tx, id
      limit ${PAGE}`
      .execute(db)
      .then((result) => result.rows);
  }

  /** A new stream: what it missed since its position (up to the feed's), then the live events. */
  async function join(subscriber: FeedSubscriber, now: Cursor): Promise<void> {
    let position = subscriber.position;
    if (position && !(await stillKept(position))) {
      subscriber.reset();
      position = undefined;
    }
    if (!position) {
      subscriber.position = now;
    } else {
      while (compareCursors(position, now) < 0) {
        const rows = await readAfter(position, now);
        if (rows.length === 0) break;
        const events = await named(rows.map(toEvent));
        subscriber.deliver(events);
        position = events[events.length - 1]?.cursor ?? now;
      }
      subscriber.position = compareCursors(position, now) < 0 ? now : position;
    }
    subscribers.add(subscriber);
  }

  /** Fills in who made each change; names are kept (and dropped when that administrator changes). */
  async function named(events: FeedEvent[]): Promise<FeedEvent[]> {
    for (const event of events) {
      if (event.resource === 'auth.admins' && event.recordId !== null) names.delete(Number(event.recordId));
    }
    const missing = [
      ...new Set(events.flatMap((event) => (event.actorId === null ? [] : [event.actorId]))),
    ].filter((id) => !names.has(id));
    if (missing.length > 0) {
      if (names.size > MAX_NAMES) names.clear();
      const found = await deps.actorNames(missing);
      for (const id of missing) names.set(id, found.get(id) ?? `#${id}`);
    }
    return events.map((event) =>
      event.actorId === null ? event : { ...event, actorName: names.get(event.actorId) ?? null },
    );
  }

  /** Every event after a position is still in the table unless pruning removed one past it. */
  async function stillKept(position: Cursor): Promise<boolean> {
    const { rows } = await sql<{ lost: boolean }>`
      select exists (
        select 1 from change_events_pruned
        where (tx, id) > (${position.tx.toString()}::xid8, ${position.id})
      ) as lost`.execute(db);
    return rows[0]?.lost === false;
  }

  async function prune(): Promise<void> {
    // Twice the promised window: a stream that reconnects at its edge still finds its position.
    await sql`
      with gone as (
        delete from change_events where at < now() - make_interval(secs => ${LIVE_REPLAY_SECONDS * 2})
        returning tx, id
      ), last as (select tx, id from gone order by tx desc, id desc limit 1)
      insert into change_events_pruned (tx, id) select tx, id from last
      on conflict (one) do update set tx = excluded.tx, id = excluded.id
        where (change_events_pruned.tx, change_events_pruned.id) < (excluded.tx, excluded.id)`.execute(db);
  }

  return {
    async start(): Promise<void> {
      const listen = inProcessListenerOf(db);
      if (pgListener) await pgListener.start();
      else if (listen) unlisten = await listen(CHANGES_CHANNEL, () => schedule());
      else {
        poller = setInterval(schedule, FALLBACK_POLL_MS);
        poller.unref();
      }
      pruner = setInterval(
        () => void prune().catch((err: unknown) => logger.warn({ err }, 'Pruning the change feed failed')),
        PRUNE_EVERY_MS,
      );
      pruner.unref();
      schedule();
    },
    /**
     * Adds a stream: `joined` settles once it has been given what it missed and gets every later
     * event (so a change made after it is never missed, even without a position).
     */
    subscribe(subscriber: FeedSubscriber): { joined: Promise<void>; unsubscribe: () => void } {
      const joined = new Promise<void>((resolve) => {
        joining.push({ subscriber, resolve });
      });
      schedule();
      return {
        joined,
        unsubscribe() {
          subscribers.delete(subscriber);
          const waiting = joining.findIndex((entry) => entry.subscriber === subscriber);
          if (waiting >= 0) joining.splice(waiting, 1);
        },
      };
    },
    /** Reads what has settled now (tests; the notifications do it otherwise). */
    async catchUp(): Promise<void> {
      while (pumping) await new Promise((resolve) => setTimeout(resolve, 5));
      schedule();
      while (pumping) await new Promise((resolve) => setTimeout(resolve, 5));
    },
    prune,
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(retry);
      clearInterval(poller);
      clearInterval(pruner);
      await unlisten?.();
      await pgListener?.stop();
      subscribers.clear();
    },
  };
}

export type ChangeFeed = ReturnType<typeof createChangeFeed>;

function deliverAfterPosition(subscriber: FeedSubscriber, events: readonly FeedEvent[]): void {
  const position = subscriber.position;
  const fresh = position ? events.filter((event) => compareCursors(event.cursor, position) > 0) : events;
  const last = fresh[fresh.length - 1];
  if (!last) return;
  subscriber.position = last.cursor;
  subscriber.deliver(fresh);
}

function toEvent(row: ChangeRow): FeedEvent {
  return {
    cursor: { tx: BigInt(row.tx), id: Number(row.id) },
    resource: row.resource,
    recordId: row.record_id,
    op: row.op as LiveOp,
    version: row.version === null ? null : recordEtag(row.version),
    actorId: row.actor_id === null ? null : Number(row.actor_id),
    actorName: null,
    at: row.at,
  };
}
