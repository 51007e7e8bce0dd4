import type { ChatMessage } from '@pult/contract';
import type { Selectable } from 'kysely';
import type { ChatMessagesTable } from '../tables.js';

export type MessageRow = Selectable<ChatMessagesTable>;

export function toMessage(row: MessageRow): ChatMessage {
  const deleted = row.deleted_at !== null;
  return {
    id: row.id,
    channel_id: row.channel_id,
    seq: row.seq,
    sender_uid: String(row.sender_uid),
    peer_id: row.peer_id === null ? null : String(row.peer_id),
    body: deleted ? '' : row.body,
    client_id: row.client_id,
    created_at: new Date(row.created_at).toISOString(),
    deleted,
    deleted_by_sender: row.deleted_by_sender,
    deleted_by_recipient: row.deleted_by_recipient,
  };
}
