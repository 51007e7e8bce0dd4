import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

export interface DailyMessageCount {
  /** A UTC day, `YYYY-MM-DD`. */
  day: string;
  messages: number;
}

/** Chat messages posted per UTC day from `from` to `to` (inclusive), from the counters kept by each post. */
export async function chatMessagesPerDay(
  executor: Executor,
  from: string,
  to: string,
): Promise<DailyMessageCount[]> {
  const rows = await sql<{ day: string; messages: number }>`
    select day::text as day, sum(messages)::bigint as messages from chat_daily_counts
    where day between ${from}::date and ${to}::date group by day order by day`.execute(executor);
  return rows.rows.map((row) => ({ day: row.day, messages: Number(row.messages) }));
}
