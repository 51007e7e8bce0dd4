import type { ChatEvent, ChatEventType } from '@pult/contract';
import { sql, type Transaction } from 'kysely';
import type { Db, Executor } from '../../../db/database.js';
import type { Database } from '../../../db/schema.js';

/** The PostgreSQL channel every server process LISTENs on. */
export const NOTIFY_CHANNEL = 'chat_events';
/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more; larger events travel by reference. */
const MAX_PAYLOAD_BYTES = 7_900;

export type Trx = Transaction<Database>;

/** Where committed events go in this process (the socket hub); PostgreSQL's NOTIFY reaches the others. */
export interface EventSink {
  /** True when events reach the hub through LISTEN (PostgreSQL), so a commit need not hand them over. */
  readonly viaNotify: boolean;
  deliver(events: readonly ChatEvent[]): void;
}

/**
 * Takes the channel's next event number and records the event, in the caller's transaction. The
 * `update` locks the channel's row until commit, so a channel's events commit in the order of their
 * numbers and NOTIFY (sent at commit, in commit order) delivers them in that order too.
 */
export async function appendEvent(
  trx: Trx,
  channelId: number,
  type: ChatEventType,
  data: Record<string, unknown>,
  viaNotify: boolean,
): Promise<ChatEvent> {
  const { last_seq } = await trx
    .updateTable('chat_channels')
    .set((eb) => ({ last_seq: eb('last_seq', '+', 1) }))
    .where('id', '=', channelId)
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  const event: ChatEvent = { type, channel_id: channelId, seq: last_seq, data };
  if (type !== 'channel.deleted') {
    await trx
      .insertInto('chat_events')
      .values({ channel_id: channelId, seq: last_seq, type, data: JSON.stringify(data) })
      .execute();
  }
  if (viaNotify) await sql`select pg_notify(${NOTIFY_CHANNEL}, ${notifyPayload(event)})`.execute(trx);
  return event;
}

function notifyPayload(event: ChatEvent): string {
  const full = JSON.stringify(event);
  if (Buffer.byteLength(full) < MAX_PAYLOAD_BYTES) return full;
  // The listener reads the rest from chat_events.
  return JSON.stringify({ type: event.type, channel_id: event.channel_id, seq: event.seq, ref: true });
}

/** A channel's events after `afterSeq`, oldest first: what a client missed. */
export async function eventsAfter(
  executor: Executor,
  channelId: number,
  afterSeq: number,
  limit: number,
): Promise<ChatEvent[]> {
  const rows = await executor
    .selectFrom('chat_events')
    .select(['channel_id', 'seq', 'type', 'data'])
    .where('channel_id', '=', channelId)
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    type: row.type as ChatEvent['type'],
    channel_id: row.channel_id,
    seq: row.seq,
    data: row.data,
  }));
}

/**
 * Runs `work` in a transaction that may append events; once it commits, the events reach this
 * process's hub at once (PGlite) or through LISTEN (PostgreSQL).
 */
export async function withEvents<T>(
  db: Db,
  sink: EventSink,
  work: (
    trx: Trx,
    emit: (channelId: number, type: ChatEventType, data: Record<string, unknown>) => Promise<ChatEvent>,
  ) => Promise<T>,
): Promise<T> {
  const events: ChatEvent[] = [];
  const result = await db.transaction().execute((trx) =>
    work(trx, async (channelId, type, data) => {
      const event = await appendEvent(trx, channelId, type, data, sink.viaNotify);
      events.push(event);
      return event;
    }),
  );
  if (!sink.viaNotify && events.length > 0) sink.deliver(events);
  return result;
}
