import { type Kysely, type RawBuilder, sql } from 'kysely';
import { attachStatementTriggers, defineTriggerFunction } from '../../../reports/rollup-triggers.js';

/**
 * Who posted, without the channel (active-senders.ts): messages per sender in each UTC day, ISO week
 * (from Monday), month, and in all time (`unit` 'all', one row per sender, started at 2000-01-01),
 * and per unit how many senders have messages in it (`report_chat_presence_counts`). A distinct count
 * cannot be summed, but it can be kept: a sender's row going from none to some messages adds one to
 * its unit's count, and back to none takes it away.
 */
export const PRESENCE_UNITS = ['day', 'week', 'month', 'all'] as const;

/** The changes' units: each change of (created_at, sender_uid, delta) in every unit it falls in. */
function unitChanges(changes: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    select u.unit, case when u.unit = 'all' then date '2000-01-01'
        else date_trunc(u.unit, c.created_at at time zone 'UTC')::date end as start,
      c.sender_uid, sum(c.delta) as delta
    from (${changes}) as c (created_at, sender_uid, delta)
    cross join unnest(${sql.raw(`array[${PRESENCE_UNITS.map((unit) => `'${unit}'`).join(', ')}]`)}) as u (unit)
    group by 1, 2, 3 having sum(c.delta) <> 0`;
}

/**
 * Moves the senders' rows, then each unit's count by the rows that crossed zero. Rows and counts are
 * written in key order, so two statements never wait on each other crosswise; a statement that waits
 * on another's row sees its committed `n`, so crossings are counted once.
 */
function presenceUpsert(changes: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    with units as (${unitChanges(changes)}),
    written as (
      insert into report_chat_presence as p (unit, start, sender_uid, n)
      select unit, start, sender_uid, delta from units order by 1, 2, 3
      on conflict (unit, start, sender_uid) do update set n = p.n + excluded.n
      returning p.unit, p.start, p.sender_uid, p.n
    ), crossed as (
      select w.unit, w.start,
        sum(case when w.n > 0 and w.n - u.delta <= 0 then 1 when w.n <= 0 and w.n - u.delta > 0 then -1 else 0 end) as senders
      from written w join units u using (unit, start, sender_uid) group by 1, 2
    )
    insert into report_chat_presence_counts as c (unit, start, senders)
    select unit, start, senders from crossed where senders <> 0 order by 1, 2
    on conflict (unit, start) do update set senders = c.senders + excluded.senders`;
}

export async function createChatPresence(db: Kysely<unknown>): Promise<void> {
  await sql`create table report_chat_presence (
    unit text not null check (unit in ('day', 'week', 'month', 'all')), start date not null,
    sender_uid uuid not null, n bigint not null, primary key (unit, start, sender_uid))`.execute(db);
  // For the period's total: does this sender have a message on one of these days?
  await sql`create index report_chat_presence_sender_days on report_chat_presence (sender_uid, start)
    where unit = 'day' and n > 0`.execute(db);
  await sql`create table report_chat_presence_counts (unit text not null, start date not null,
    senders bigint not null, primary key (unit, start))`.execute(db);
  const added = sql`select created_at, sender_uid, 1 from new_rows`;
  const removed = sql`select created_at, sender_uid, -1 from old_rows`;
  const bodies = {
    insert: presenceUpsert(added),
    update: presenceUpsert(sql`${added} union all ${removed}`),
    delete: presenceUpsert(removed),
    truncate: sql`delete from report_chat_presence; delete from report_chat_presence_counts`,
  };
  for (const [event, body] of Object.entries(bodies)) {
    await defineTriggerFunction(db, `report_chat_presence_${event}`, body);
  }
  // The triggers before the backfill: creating them locks the messages until the migration commits.
  await attachStatementTriggers(db, 'chat_messages', 'report_chat_presence');
  await sql`insert into report_chat_presence (unit, start, sender_uid, n)
    select unit, start, sender_uid, delta
    from (${unitChanges(sql`select created_at, sender_uid, 1 from chat_messages`)}) as u`.execute(db);
  await sql`insert into report_chat_presence_counts (unit, start, senders)
    select unit, start, count(*) from report_chat_presence where n > 0 group by 1, 2`.execute(db);
}
