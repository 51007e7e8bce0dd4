import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/database.js';
import { openTestDatabase, testDatabaseKinds } from '../../../test/test-database.js';
import { activeSenders } from './active-senders.js';
import { presenceSenders, presenceTotal } from './presence-senders.js';

describe.each(testDatabaseKinds())('the chat presence on %s', (kind) => {
  let handle: DatabaseHandle;
  let channel: number;
  let seq = 0;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    const { rows } = await sql<{ id: number }>`insert into chat_channels (type, name, url, created_by_uid)
      values ('group', 'Presence', 'presence', ${randomUUID()}) returning id`.execute(handle.db);
    channel = Number(rows[0]?.id);
  });
  afterAll(() => handle?.close());

  async function post(sender: string, at: string): Promise<void> {
    seq += 1;
    await sql`insert into chat_messages (channel_id, seq, sender_uid, body, created_at)
      values (${channel}, ${seq}, ${sender}, 'hi', ${at})`.execute(handle.db);
  }

  /** Each unit's kept count, edge times and each sender's yearly days against the messages: what differs. */
  async function countsDrift(): Promise<unknown[]> {
    const { rows } = await sql`
      with truth as (
        select u.unit, date_trunc(u.unit, created_at at time zone 'UTC')::date as start,
          count(distinct sender_uid) as senders
        from chat_messages cross join unnest(array['day', 'week', 'month']) as u (unit)
        group by 1, 2
      )
      select coalesce(t.unit, c.unit) as unit, coalesce(t.start, c.start) as start, t.senders as truth, c.senders as kept
      from truth t full join (select * from report_chat_presence_counts where senders <> 0) c using (unit, start)
      where t.senders is distinct from c.senders`.execute(handle.db);
    const years = await sql`
      with truth as (
        select extract(year from t)::int as year, sender_uid, t::date - make_date(extract(year from t)::int, 1, 1) as bit
        from (select distinct created_at at time zone 'UTC' as t, sender_uid from chat_messages) as m
      ), kept as (
        select y.year, y.sender_uid, bit from report_chat_presence_years y
        cross join generate_series(0, 365) as bit where get_bit(y.days, bit) = 1
      )
      select * from ((select year, sender_uid, bit from truth except select * from kept)
        union all (select * from kept except select year, sender_uid, bit from truth)) as differ`.execute(
      handle.db,
    );
    const edges = await sql`
      with truth as (
        select unit, start, sender_uid, first_at, last_at,
          lag(last_at) over (partition by unit, sender_uid order by start) as prev_at
        from (select u.unit, date_trunc(u.unit, created_at at time zone 'UTC')::date as start, sender_uid,
            min(created_at) as first_at, max(created_at) as last_at
          from chat_messages cross join unnest(array['day', 'week', 'month']) as u (unit) group by 1, 2, 3) as g
      )
      select * from ((select * from truth except
          select unit, start, sender_uid, first_at, last_at, prev_at from report_chat_presence where n > 0)
        union all (select unit, start, sender_uid, first_at, last_at, prev_at from report_chat_presence
          where n > 0 except select * from truth)) as differ`.execute(handle.db);
    return [...rows, ...years.rows, ...edges.rows];
  }

  it('counts a sender seen at both edges of a local month, and nowhere between, once', async () => {
    // Kyiv's November 2025 is 22:00Z on Oct 31 to 22:00Z on Nov 30: `both` posts in its first UTC
    // hours (outside UTC November) and in its last (inside UTC November, outside Kyiv's).
    const [both, early, late, middle] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await post(both, '2025-10-31T22:30:00Z');
    await post(both, '2025-11-30T22:30:00Z');
    await post(early, '2025-10-31T23:59:00Z');
    await post(late, '2025-11-30T23:00:00Z');
    await post(middle, '2025-11-15T12:00:00Z');
    await post(middle, '2025-11-30T23:30:00Z');
    const month = [['2025-11-01', '2025-12-01']] as const;
    expect(await presenceSenders(handle.db, month, 'Europe/Kyiv', 'month')).toEqual([3]);
    expect(await activeSenders(handle.db, ['2025-11-01', '2025-12-01'], 'Europe/Kyiv', sql``)).toEqual([3]);
    expect(await presenceTotal(handle.db, '2025-11-01', '2025-12-01', 'Europe/Kyiv')).toBe(3);
    // UTC November lacks `early`; Kyiv's December starts with the last three posts.
    expect(await presenceSenders(handle.db, month, 'UTC', 'month')).toEqual([3]);
    expect(await presenceTotal(handle.db, '2025-12-01', '2026-01-01', 'Europe/Kyiv')).toBe(3);
    expect(await countsDrift()).toEqual([]);
  });

  it('counts weeks, months and periods across a leap year’s end, at offsets of −11 and +14 hours', async () => {
    // 2024 is a leap year: its 31 December is bit 365. Posts every 7 hours 13 minutes from
    // 20 December 2024 to 14 January 2025, by senders chosen in a fixed scramble.
    // More senders than posts in a week, so no count is capped by how many there are.
    const senders = Array.from({ length: 40 }, () => randomUUID());
    for (let index = 0; index < 90; index += 1) {
      const at = new Date(Date.UTC(2024, 11, 20) + index * (7 * 60 + 13) * 60_000).toISOString();
      await post(senders[(index * 7 + (index >> 2)) % senders.length] as string, at);
    }
    const truth = async (tz: string, first: string, next: string) => {
      const { rows } = await sql<{ n: number }>`select count(distinct sender_uid)::int as n from chat_messages
        where created_at >= (${first}::date)::timestamp at time zone ${tz}
          and created_at < (${next}::date)::timestamp at time zone ${tz}`.execute(handle.db);
      return Number(rows[0]?.n);
    };
    for (const tz of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Asia/Kathmandu', 'UTC']) {
      const weeks = [
        ['2024-12-23', '2024-12-30'],
        ['2024-12-30', '2025-01-06'],
        ['2025-01-06', '2025-01-13'],
      ] as const;
      const months = [
        ['2024-12-01', '2025-01-01'],
        ['2025-01-01', '2025-02-01'],
      ] as const;
      for (const [group, spans] of [
        ['week', weeks],
        ['month', months],
      ] as const) {
        const expected = await Promise.all(spans.map(([first, next]) => truth(tz, first, next)));
        expect(await presenceSenders(handle.db, spans, tz, group), `${tz} by ${group}`).toEqual(expected);
      }
      for (const [first, next] of [
        ['2024-12-31', '2025-01-01'],
        ['2024-12-24', '2025-01-09'],
      ] as const) {
        expect(await presenceTotal(handle.db, first, next, tz), `${tz} ${first}`).toBe(
          await truth(tz, first, next),
        );
      }
    }
    expect(await countsDrift()).toEqual([]);
  });

  it('keeps every edge time exact when one sender posts on both sides of a unit’s edge at once', async () => {
    const sender = randomUUID();
    const first = seq;
    // Each transaction's message lands before or after midnight of a new month (and week and day),
    // so each reads the other's as the last before its unit or the first after it, or misses it.
    const edge = Date.UTC(2026, 5, 1);
    await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        handle.db.transaction().execute(async (trx) => {
          const at = new Date(edge + (index % 2 === 0 ? -1 : 1) * (index + 1) * 60_000);
          await sql`insert into chat_messages (channel_id, seq, sender_uid, body, created_at)
            values (${channel}, ${first + index + 1}, ${sender}, 'hi', ${at})`.execute(trx);
          if (kind === 'postgres') await sql`select pg_sleep(0.02)`.execute(trx);
        }),
      ),
    );
    seq += 12;
    expect(await countsDrift()).toEqual([]);
    await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        sql`delete from chat_messages where channel_id = ${channel} and seq = ${first + index + 1}
          and ${index % 3 !== 0}`.execute(handle.db),
      ),
    );
    expect(await countsDrift()).toEqual([]);
  });

  it('writes 10,000 senders’ first posts in one statement, and deletes them in one', async () => {
    // One lock per sender would hold 10,000 entries of PostgreSQL's shared lock table at once.
    await sql`insert into chat_messages (channel_id, seq, sender_uid, body, created_at)
      select ${channel}, ${seq} + i, md5('bulk-sender-' || i)::uuid, 'hi',
        timestamptz '2026-08-01T00:00:00Z' + (i % 97) * interval '37 minutes'
      from generate_series(1, 10000) as i`.execute(handle.db);
    expect(await countsDrift()).toEqual([]);
    await sql`delete from chat_messages where channel_id = ${channel} and seq > ${seq}`.execute(handle.db);
    expect(await countsDrift()).toEqual([]);
  });

  it('keeps each unit’s count exact when first posts and deletes race', async () => {
    const senders = Array.from({ length: 4 }, () => randomUUID());
    const first = seq;
    // Every transaction holds its rows a while, so the next one waits on its presence rows and counts.
    const race = (statement: (index: number) => ReturnType<typeof sql>) =>
      Promise.all(
        Array.from({ length: 16 }, (_, index) =>
          handle.db.transaction().execute(async (trx) => {
            await statement(index).execute(trx);
            if (kind === 'postgres') await sql`select pg_sleep(0.02)`.execute(trx);
          }),
        ),
      );
    await race(
      (index) => sql`insert into chat_messages (channel_id, seq, sender_uid, body, created_at)
        values (${channel}, ${first + index + 1}, ${senders[index % senders.length]}, 'hi',
          ${new Date(Date.UTC(2026, 0, 5 + (index % 3), 10))})`,
    );
    seq += 16;
    expect(await countsDrift()).toEqual([]);
    await race(
      (index) => sql`delete from chat_messages where channel_id = ${channel} and seq = ${first + index + 1}
      and ${index % 2 === 0}`,
    );
    expect(await countsDrift()).toEqual([]);
    await race(
      (index) => sql`delete from chat_messages where channel_id = ${channel} and seq = ${first + index + 1}`,
    );
    expect(await countsDrift()).toEqual([]);
  });
});
