import { type Kysely, type RawBuilder, sql } from 'kysely';
import { attachStatementTriggers, defineTriggerFunction } from '../../../reports/rollup-triggers.js';

/**
 * Who posted, without the channel (presence-senders.ts): messages per sender in each UTC day, ISO week
 * (from Monday) and month, with the sender's first and last message in the unit and their last one
 * before it (the edge times, since migration `2026-12-04-0300-chat-presence-edges`), and per unit how
 * many senders have messages in it (`report_chat_presence_counts`; days only since that migration).
 * A distinct count cannot be summed, but it can be kept: a sender's row going from none to some
 * messages adds one to its unit's count, and back to none takes it away.
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
    cross join unnest(${unitsArray()}) as u (unit)
    group by 1, 2, 3 having sum(c.delta) <> 0`;
}

/**
 * Moves the senders' rows, then each unit's count by the rows that crossed zero. Rows and counts are
 * written in key order, so two statements never wait on each other crosswise; a statement that waits
 * on another's row sees its committed `n`, so crossings are counted once.
 */
function presenceUpsert(changes: RawBuilder<unknown>, keeping: PresenceKeeping): RawBuilder<unknown> {
  const counted = keeping.edges ? sql`true` : sql`w.unit <> 'day'`;
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
      from written w join units u using (unit, start, sender_uid) where ${counted} group by 1, 2
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

/**
 * What the triggers keep. Before migration `2026-12-04-0300-chat-presence-edges` no unit row had its
 * edge times and days had no kept count; that migration redefines the functions with both.
 */
interface PresenceKeeping {
  edges: boolean;
}

/**
 * Serialises the statements that write a sender's messages, taken before any presence row: the edge
 * times are read again from `chat_messages`, so two transactions posting as one sender at once must
 * not each read the other's messages as absent. A lock per sender would put a bulk write's thousands
 * of senders in the shared lock table (it overflowed at 20,000), so senders share one of 64 locks;
 * two posters share one with odds of 1 in 64 and wait only for the other's commit. In key order, so
 * two statements never wait on each other crosswise.
 */
function lockSenders(rows: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    perform pg_advisory_xact_lock(hashtext('pult:chat-presence'), bucket) from (
      select distinct hashtext(sender_uid::text) & 63 as bucket from (${rows}) as m order by 1) as buckets`;
}

/**
 * Reads each touched unit row's edge times again from the sender's messages (the index on
 * `(sender_uid, created_at)`: two probes for the first and last, one for the last before the unit),
 * and the `prev_at` of the sender's next row after it, the only other row whose edge can move.
 */
function edgesRead(rows: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    with touched as (
      select distinct u.unit, date_trunc(u.unit, m.created_at at time zone 'UTC')::date as start, m.sender_uid
      from (${rows}) as m cross join unnest(${unitsArray()}) as u (unit)
    ), targets as (
      select unit, start, sender_uid from touched
      union
      select t.unit, date_trunc(t.unit, n.created_at at time zone 'UTC')::date, t.sender_uid from touched t
      cross join lateral (select m.created_at from chat_messages m where m.sender_uid = t.sender_uid
        and m.created_at >= (t.start + ('1 ' || t.unit)::interval)::timestamp at time zone 'UTC'
        order by m.created_at limit 1) as n
    ), spans as (
      select unit, start, sender_uid, start::timestamp at time zone 'UTC' as lo,
        (start + ('1 ' || unit)::interval)::timestamp at time zone 'UTC' as hi
      from targets
    )
    update report_chat_presence p set first_at = e.first_at, last_at = e.last_at, prev_at = e.prev_at
    from (
      select s.unit, s.start, s.sender_uid, inside.first_at, inside.last_at, before.prev_at from spans s
      cross join lateral (select min(m.created_at) as first_at, max(m.created_at) as last_at from chat_messages m
        where m.sender_uid = s.sender_uid and m.created_at >= s.lo and m.created_at < s.hi) as inside
      cross join lateral (select max(m.created_at) as prev_at from chat_messages m
        where m.sender_uid = s.sender_uid and m.created_at < s.lo) as before
    ) as e
    where p.unit = e.unit and p.start = e.start and p.sender_uid = e.sender_uid`;
}

function unitsArray(): RawBuilder<unknown> {
  return sql.raw(`array[${PRESENCE_UNITS.map((unit) => `'${unit}'`).join(', ')}]`);
}

/** The trigger functions on `chat_messages` (`create or replace`: the edges migration redefines them). */
async function definePresenceFunctions(db: Kysely<unknown>, keeping: PresenceKeeping): Promise<void> {
  const added = sql`select created_at, sender_uid, 1 from new_rows`;
  const removed = sql`select created_at, sender_uid, -1 from old_rows`;
  const movedRows = sql`${moved('new_rows')} union all ${moved('old_rows')}`;
  const all = { insert: sql`select * from new_rows`, delete: sql`select * from old_rows` };
  const writes = (rows: RawBuilder<unknown>, body: RawBuilder<unknown>) =>
    keeping.edges
      ? sql`${lockSenders(sql`select created_at, sender_uid from (${rows}) as r`)}; ${body};
        ${edgesRead(sql`select created_at, sender_uid from (${rows}) as r`)}`
      : body;
  const bodies = {
    insert: writes(
      all.insert,
      sql`${presenceUpsert(added, keeping)}; ${yearDaysAdded(sql`select * from new_rows`)}`,
    ),
    update: writes(
      movedRows,
      sql`${presenceUpsert(sql`${added} union all ${removed}`, keeping)}; ${yearDaysAdded(moved('new_rows'))};
      ${yearDaysRemoved(moved('old_rows'))}`,
    ),
    delete: writes(
      all.delete,
      sql`${presenceUpsert(removed, keeping)}; ${yearDaysRemoved(sql`select * from old_rows`)}`,
    ),
    truncate: sql`delete from report_chat_presence; delete from report_chat_presence_counts;
      delete from report_chat_presence_years`,
  };
  for (const [event, body] of Object.entries(bodies)) {
    await defineTriggerFunction(db, `report_chat_presence_${event}`, body);
  }
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
  await definePresenceFunctions(db, { edges: false });
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

/**
 * Each unit row's edge times (presence-senders.ts): the sender's first and last message in the unit
 * and their last one before it, and a kept count for days too, so a day is read against its UTC day
 * like a week or a month. The messages are locked against writes until the migration commits, so
 * nothing posted meanwhile is missed by the backfill or kept by the old functions.
 */
export async function addChatPresenceEdges(db: Kysely<unknown>): Promise<void> {
  await sql`lock table chat_messages in share mode`.execute(db);
  await sql`alter table report_chat_presence add column first_at timestamptz,
    add column last_at timestamptz, add column prev_at timestamptz`.execute(db);
  await sql`create index chat_messages_sender_time on chat_messages (sender_uid, created_at)`.execute(db);
  await definePresenceFunctions(db, { edges: true });
  await sql`update report_chat_presence p set first_at = e.first_at, last_at = e.last_at, prev_at = e.prev_at
    from (
      select unit, start, sender_uid, first_at, last_at,
        lag(last_at) over (partition by unit, sender_uid order by start) as prev_at
      from (select u.unit, date_trunc(u.unit, m.created_at at time zone 'UTC')::date as start, m.sender_uid,
          min(m.created_at) as first_at, max(m.created_at) as last_at
        from chat_messages m cross join unnest(${unitsArray()}) as u (unit) group by 1, 2, 3) as g
    ) as e
    where p.unit = e.unit and p.start = e.start and p.sender_uid = e.sender_uid`.execute(db);
  await sql`insert into report_chat_presence_counts (unit, start, senders)
    select unit, start, count(*) from report_chat_presence where n > 0 and unit = 'day' group by 1, 2
    order by 2`.execute(db);
  // What a bucket's edges read: who came first or last, or last came before, within a few hours of a
  // unit's edge. Day rows included: a day is read against its unit too.
  await sql`create index report_chat_presence_first on report_chat_presence (unit, start, first_at)
    include (prev_at)`.execute(db);
  await sql`create index report_chat_presence_last on report_chat_presence (unit, start, last_at)`.execute(
    db,
  );
  await sql`create index report_chat_presence_prev on report_chat_presence (unit, start, prev_at)
    include (first_at)`.execute(db);
}
