import { type Kysely, type Migration, sql } from 'kysely';
import { createSlotRollup } from '../../../reports/report-migrations.js';
import { addChatPresenceEdges, createChatPresence } from './presence-migration.js';

/**
 * The Chat report's rollups (docs/architecture.md, "Reports"): messages per channel, and messages per
 * channel and sender, by the quarter hour and UTC day they were posted. The second is who was present
 * when: a distinct count of senders cannot be summed across slots, but a union of these rows can be
 * counted for any bucket (active-senders.ts).
 */
export const chatReportMigrations: Record<string, Migration> = {
  '2026-11-29-0500-chat-report-rollups': {
    async up(db: Kysely<unknown>) {
      await sql`set local statement_timeout = 0`.execute(db);
      await createSlotRollup(
        db,
        {
          table: 'chat_messages',
          rollup: 'report_chat_messages',
          columns: ['channel_id'],
          values: sql`report_slot(created_at), channel_id`,
        },
        { channel_id: 'bigint' },
      );
      await createSlotRollup(
        db,
        {
          table: 'chat_messages',
          rollup: 'report_chat_senders',
          columns: ['channel_id', 'sender_uid'],
          values: sql`report_slot(created_at), channel_id, sender_uid`,
        },
        { channel_id: 'bigint', sender_uid: 'uuid' },
      );
    },
  },
  '2026-12-03-0300-chat-presence': {
    async up(db: Kysely<unknown>) {
      await sql`set local statement_timeout = 0`.execute(db);
      await createChatPresence(db);
    },
  },
  '2026-12-04-0300-chat-presence-edges': {
    async up(db: Kysely<unknown>) {
      await sql`set local statement_timeout = 0`.execute(db);
      await addChatPresenceEdges(db);
    },
  },
};
