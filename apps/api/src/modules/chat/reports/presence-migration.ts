import { type Kysely, type RawBuilder, sql } from 'kysely';
import { attachStatementTriggers, defineTriggerFunction } from '../../../reports/rollup-triggers.js';

/**
 * Who posted, without the channel (presence-senders.ts): messages per sender in each UTC day, ISO week
 * (from Monday) and month, and per week and month how many senders have messages in it
 * (`report_chat_presence_counts`; days are read as unions, so theirs would only cost writers a wait
 * on one row per day). A distinct count cannot be summed, but it can be kept: a sender's row going
 * from none to some messages adds one to its unit's count, and back to none takes it away.
 *
 * Rows, counts and yearly bits are each written in key order within a statement. Two transactions
 * that each write messages in several statements (no path of the panel does) could still wait on
 * each other crosswise; PostgreSQL then ends one with a deadlock error and the other goes on.
 * Beside them, per sender and UTC year, a bit per day of the year set while they have messages that
 * day (`report_chat_presence_years`): a period's distinct senders read a row per sender and year.
 */
const PRESENCE_UNITS = ['day', 'week', 'month'] as const;

/** A year's days, none set: bit d (from 0) is the year's day d + 1. */
const NO_DAYS = sql.raw(`repeat('0', 366)::bit(366)`);

/** The changes' units: each change of (created_at, sender_uid, delta) in every unit it falls in. */
function unitChanges(changes: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    select u.unit, date_trunc(u.unit, c.created_at at time zone 'UTC')::date as start,
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
      from written w join units u using (unit, start, sender_uid) where w.unit <> 'day' group by 1, 2
    )
    insert into report_chat_presence_counts as c (unit, start, senders)
    select unit, start, senders from crossed where senders <> 0 order by 1, 2
    on conflict (unit, start) do update set senders = c.senders + excluded.senders`;
}

/** Sets each added message's day in its sender's year: a day with messages stays set however many come. */
function yearDaysAdded(rows: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    insert into report_chat_presence_years as y (year, sender_uid, days)
    select year, sender_uid, bit_or(set_bit(${NO_DAYS}, day - make_date(year, 1, 1), 1))
    from (select extract(year from t)::int as year, sender_uid, t::date as day
      from (select created_at at time zone 'UTC' as t, sender_uid from (${rows}) as m) as r) as r
    group by 1, 2 order by 1, 2
    on conflict (year, sender_uid) do update set days = y.days | excluded.days`;
}

/**
 * Reads again, from the daily presence (moved already by this statement's first step), the years of
 * the senders whose messages went: a day keeps its bit while any message of it is left. Locked in key
 * order first, so two statements never wait on each other crosswise.
 */
function yearDaysRemoved(rows: RawBuilder<unknown>): RawBuilder<unknown> {
  const touched = sql`select distinct extract(year from created_at at time zone 'UTC')::int, sender_uid
    from (${rows}) as m`;
  return sql`
    perform 1 from report_chat_presence_years where (year, sender_uid) in (${touched})
      order by year, sender_uid for update;
    update report_chat_presence_years y set days = coalesce((
      select bit_or(set_bit(${NO_DAYS}, d.start - make_date(y.year, 1, 1), 1)) from report_chat_presence d
      where d.unit = 'day' and d.sender_uid = y.sender_uid and d.n > 0
        and d.start >= make_date(y.year, 1, 1) and d.start < make_date(y.year + 1, 1, 1)), ${NO_DAYS})
    where (y.year, y.sender_uid) in (${touched})`;
}

/**
 * An update's rows (`new_rows` or `old_rows`) that moved in time or to another sender: an edited
 * message body leaves its sender's year as it was, and should not rewrite it.
 */
function moved(side: 'new_rows' | 'old_rows'): RawBuilder<unknown> {
  return sql`select m.created_at, m.sender_uid from ${sql.table(side)} m
    join ${sql.table(side === 'new_rows' ? 'old_rows' : 'new_rows')} o using (id)
    where (m.created_at, m.sender_uid) is distinct from (o.created_at, o.sender_uid)`;
}

export async function createChatPresence(db: Kysely<unknown>): Promise<void> {
  await sql`create table report_chat_presence (
    unit text not null check (unit in ('day', 'week', 'month')), start date not null,
    sender_uid uuid not null, n bigint not null, primary key (unit, start, sender_uid))`.execute(db);
  // A sender's days of a year, read again when their messages go. Not on `n`: its updates stay HOT.
  await sql`create index report_chat_presence_sender_days on report_chat_presence (sender_uid, start)
    where unit = 'day'`.execute(db);
  await sql`create table report_chat_presence_counts (unit text not null, start date not null,
    senders bigint not null, primary key (unit, start))`.execute(db);
  await sql`create table report_chat_presence_years (year int not null, sender_uid uuid not null,
    days bit(366) not null, primary key (year, sender_uid))`.execute(db);
  const added = sql`select created_at, sender_uid, 1 from new_rows`;
  const removed = sql`select created_at, sender_uid, -1 from old_rows`;
  const bodies = {
    insert: sql`${presenceUpsert(added)}; ${yearDaysAdded(sql`select * from new_rows`)}`,
    update: sql`${presenceUpsert(sql`${added} union all ${removed}`)}; ${yearDaysAdded(moved('new_rows'))};
      ${yearDaysRemoved(moved('old_rows'))}`,
    delete: sql`${presenceUpsert(removed)}; ${yearDaysRemoved(sql`select * from old_rows`)}`,
    truncate: sql`delete from report_chat_presence; delete from report_chat_presence_counts;
      delete from report_chat_presence_years`,
  };
  for (const [event, body] of Object.entries(bodies)) {
    await defineTriggerFunction(db, `report_chat_presence_${event}`, body);
  }
  // The triggers before the backfill: creating them locks the messages until the migration commits.
  await attachStatementTriggers(db, 'chat_messages', 'report_chat_presence');
  await sql`insert into report_chat_presence (unit, start, sender_uid, n)
    select unit, start, sender_uid, delta
    from (${unitChanges(sql`select created_at, sender_uid, 1 from chat_messages`)}) as u order by 1, 2`.execute(
    db,
  );
  await sql`insert into report_chat_presence_counts (unit, start, senders)
    select unit, start, count(*) from report_chat_presence where n > 0 and unit <> 'day' group by 1, 2`.execute(
    db,
  );
  await sql`${yearDaysAdded(sql`select created_at, sender_uid from chat_messages`)}`.execute(db);
}
