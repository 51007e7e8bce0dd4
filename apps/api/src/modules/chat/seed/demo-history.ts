import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';

/**
 * Spreads the demo's messages over the last two weeks, each channel's newest now (its order kept), so
 * the dashboard's chart and the Chat report have days to show; the per-day counters the posts kept
 * are counted again from the messages. Only on the fresh demo: nothing else has posted yet.
 */
export async function spreadDemoHistory(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`update chat_messages m set created_at = now() - (c.last_seq - m.seq) * interval '131 minutes'
      from chat_channels c where c.id = m.channel_id`.execute(trx);
    await sql`delete from chat_daily_counts`.execute(trx);
    await sql`insert into chat_daily_counts (day, channel_id, messages)
      select (created_at at time zone 'UTC')::date, channel_id, count(*) from chat_messages group by 1, 2`.execute(
      trx,
    );
  });
}
