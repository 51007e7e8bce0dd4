import { type ChatMessage, MESSAGE_PAGE } from '@pult/contract';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { errors } from '../../../http/app-error.js';
import { peerOf, requireMembership, requireRole } from './channel-access.js';
import { type EventSink, withEvents } from './event-log.js';
import { type MessageRow, toMessage } from './message-rows.js';

export interface PostResult {
  message: ChatMessage;
  /** False when a message with the same client id was already there (a retry). */
  created: boolean;
}

/** Posting, paging, deleting and reading messages, for members of a channel. */
export function createMessageService(db: Db, sink: EventSink) {
  async function post(
    channelId: number,
    senderUid: string,
    body: string,
    clientId: string | undefined,
  ): Promise<PostResult> {
    return withEvents(db, sink, async (trx, emit) => {
      await requireMembership(trx, channelId, senderUid);
      // The channel's lock: a retry with the same client id waits here, then finds the first.
      const channel = await trx
        .selectFrom('chat_channels')
        .select(['direct_key', 'last_seq'])
        .where('id', '=', channelId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (clientId !== undefined) {
        const existing = await trx
          .selectFrom('chat_messages')
          .selectAll()
          .where('channel_id', '=', channelId)
          .where('sender_uid', '=', senderUid)
          .where('client_id', '=', clientId)
          .executeTakeFirst();
        if (existing) return { message: toMessage(existing), created: false };
      }
      const row = await trx
        .insertInto('chat_messages')
        .values({
          channel_id: channelId,
          seq: channel.last_seq + 1,
          sender_uid: senderUid,
          peer_id: peerOf(channel, senderUid),
          body,
          client_id: clientId ?? null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('chat_channels')
        .set((eb) => ({ message_count: eb('message_count', '+', 1), last_message_at: sql<Date>`now()` }))
        .where('id', '=', channelId)
        .execute();
      const message = toMessage(row);
      const event = await emit(channelId, 'message.created', { message });
      if (event.seq !== message.seq) throw new Error('Chat event numbering out of step');
      await sql`insert into chat_daily_counts (day, channel_id, messages)
        values ((now() at time zone 'UTC')::date, ${channelId}, 1)
        on conflict (day, channel_id) do update set messages = chat_daily_counts.messages + 1`.execute(trx);
      return { message, created: true };
    });
  }

  /** Newest first, before the cursor; a page never skips or repeats a message, whoever writes meanwhile. */
  async function page(
    channelId: number,
    userUid: string,
    before: number | undefined,
    limit: number = MESSAGE_PAGE.default,
  ) {
    await requireMembership(db, channelId, userUid);
    const rows = await sql<MessageRow>`
      select m.* from chat_messages m
      where m.channel_id = ${channelId}
        ${before === undefined ? sql`` : sql`and m.seq < ${before}`}
        and not (m.sender_uid = ${userUid}::uuid and m.deleted_by_sender)
        and not (m.peer_id is not null and m.peer_id = ${userUid}::uuid and m.deleted_by_recipient)
        and not exists (select 1 from chat_hidden_messages h where h.message_id = m.id and h.user_uid = ${userUid}::uuid)
      order by m.seq desc
      limit ${limit + 1}`.execute(db);
    const items = rows.rows.slice(0, limit).map(toMessage);
    const more = rows.rows.length > limit;
    return { items, next_cursor: more ? String(items[items.length - 1]?.seq) : null };
  }

  async function findInChannel(channelId: number, messageId: number) {
    const row = await db
      .selectFrom('chat_messages')
      .selectAll()
      .where('channel_id', '=', channelId)
      .where('id', '=', messageId)
      .executeTakeFirst();
    if (!row) throw errors.notFound();
    return row;
  }

  /** Hides the message from the caller only: the sender's and the recipient's flags, or a group member's own mark. */
  async function deleteForMe(channelId: number, messageId: number, userUid: string): Promise<ChatMessage> {
    await requireMembership(db, channelId, userUid);
    const row = await findInChannel(channelId, messageId);
    if (String(row.sender_uid) === userUid) {
      const updated = await db
        .updateTable('chat_messages')
        .set({ deleted_by_sender: true })
        .where('id', '=', messageId)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toMessage(updated);
    }
    if (row.peer_id !== null && String(row.peer_id) === userUid) {
      const updated = await db
        .updateTable('chat_messages')
        .set({ deleted_by_recipient: true })
        .where('id', '=', messageId)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toMessage(updated);
    }
    await db
      .insertInto('chat_hidden_messages')
      .values({ message_id: messageId, user_uid: userUid })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return toMessage(row);
  }

  /**
   * Deletes the message for everyone: by its sender or a moderator or admin of the channel (`actor`
   * undefined: a panel administrator). The text is gone; the message stays as a marked tombstone.
   */
  async function deleteForEveryone(
    channelId: number,
    messageId: number,
    actorUid: string | undefined,
  ): Promise<ChatMessage> {
    return withEvents(db, sink, async (trx, emit) => {
      const membership =
        actorUid === undefined ? undefined : await requireMembership(trx, channelId, actorUid);
      const row = await trx
        .selectFrom('chat_messages')
        .selectAll()
        .where('channel_id', '=', channelId)
        .where('id', '=', messageId)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw errors.notFound();
      if (membership && String(row.sender_uid) !== actorUid) {
        requireRole(membership, ['admin', 'moderator'], 'messageDeleteForbidden');
      }
      if (row.deleted_at !== null) return toMessage(row);
      const updated = await trx
        .updateTable('chat_messages')
        .set({ deleted_at: sql<Date>`now()`, deleted_by_uid: actorUid ?? null, body: '' })
        .where('id', '=', messageId)
        .returningAll()
        .executeTakeFirstOrThrow();
      await emit(channelId, 'message.deleted', {
        message_id: messageId,
        message_seq: row.seq,
        by_admin: actorUid === undefined,
      });
      return toMessage(updated);
    });
  }

  /** Moves the caller's read mark forward (never back, never past the channel's last event). */
  async function markRead(
    channelId: number,
    userUid: string,
    seq: number,
  ): Promise<{ last_read_seq: number }> {
    await requireMembership(db, channelId, userUid);
    const row = await sql<{ last_read_seq: number }>`
      update chat_channel_users cu
      set last_read_seq = greatest(cu.last_read_seq, least(${seq}::bigint, c.last_seq))
      from chat_channels c
      where c.id = cu.channel_id and cu.channel_id = ${channelId} and cu.user_uid = ${userUid}::uuid
      returning cu.last_read_seq`.execute(db);
    return { last_read_seq: Number(row.rows[0]?.last_read_seq ?? 0) };
  }

  return { post, page, deleteForMe, deleteForEveryone, markRead };
}

export type MessageService = ReturnType<typeof createMessageService>;
