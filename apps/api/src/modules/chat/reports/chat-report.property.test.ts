import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders } from '../../../test/factories.js';
import {
  fetchReport,
  PICKED_ROWS,
  periodArbitrary,
  reportCells,
  reportDays,
  sqlCells,
} from '../../../test/report-cells.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';

/**
 * The Chat report against `chat_messages`: messages per bucket and per channel equal `count(*)`, active
 * users per bucket equal `count(distinct sender_uid)` (and the total the distinct count over the whole
 * period), after random posts, moves (another time ± 72 h, another sender) and deletes, for any
 * period, grouping, zone (buckets cut mid-UTC-day) and channel filter.
 */

const NUM_RUNS = Number(process.env.REPORT_PROPERTY_RUNS ?? 25);
const FIRST = Date.UTC(2025, 9, 15);
const DAYS = reportDays(FIRST);
/** Many senders, so dropping or doubling a slot's senders changes a distinct count. */
const SENDERS = Array.from({ length: 50 }, () => randomUUID());

type Write =
  | { kind: 'insert'; count: number; hour: number; spread: number; channel: number; sender: number }
  | { kind: 'move'; modulo: number; rest: number; hours: number; sender: number }
  | { kind: 'delete'; modulo: number; rest: number };

const write: fc.Arbitrary<Write> = fc.oneof(
  fc.record({
    kind: fc.constant('insert' as const),
    count: fc.integer({ min: 1, max: 40 }),
    hour: fc.nat({ max: 30 * 24 }),
    // Dense runs of posts from many senders, so a bucket's edge slots hold senders seen nowhere else.
    spread: fc.integer({ min: 1, max: 20 }),
    channel: fc.nat({ max: 2 }),
    sender: fc.nat({ max: SENDERS.length - 1 }),
  }),
  fc.record({
    kind: fc.constant('move' as const),
    ...PICKED_ROWS,
    hours: fc.integer({ min: -72, max: 72 }),
    sender: fc.nat({ max: SENDERS.length - 1 }),
  }),
  fc.record({ kind: fc.constant('delete' as const), ...PICKED_ROWS }),
);

describe.each(testDatabaseKinds())('the Chat report equals count(*) on %s', (kind) => {
  let t: TestApp;
  let auth: Record<string, string>;
  let channels: number[];
  let sequence = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    auth = await adminHeaders(t);
    const { rows } = await sql<{ id: number }>`
      insert into chat_channels (type, name, url, created_by_uid)
      select 'group', 'Report ' || i, 'report-' || i, ${SENDERS[0]} from generate_series(1, 3) as i
      returning id`.execute(t.db);
    channels = rows.map((row) => Number(row.id));
  });
  afterAll(() => t?.close());

  async function apply(step: Write): Promise<void> {
    const picks = 'modulo' in step ? sql`id % ${step.modulo} = ${step.rest % step.modulo}` : sql``;
    switch (step.kind) {
      case 'insert': {
        const at = new Date(FIRST + step.hour * 3_600_000);
        // Each message's sender stepped through the list, so senders recur across buckets and channels.
        await sql`insert into chat_messages (channel_id, seq, sender_uid, body, created_at)
          select ${channels[step.channel]}, ${sequence} + i,
            (${SENDERS}::uuid[])[1 + (${step.sender} + i * 7) % ${SENDERS.length}],
            'hi', ${at}::timestamptz + i * ${step.spread} * interval '1 minute'
          from generate_series(1, ${step.count}) as i`.execute(t.db);
        sequence += step.count;
        return;
      }
      case 'move':
        await sql`update chat_messages set created_at = created_at + ${step.hours} * interval '1 hour',
          sender_uid = ${SENDERS[step.sender]} where ${picks}`.execute(t.db);
        return;
      case 'delete':
        await sql`delete from chat_messages where ${picks}`.execute(t.db);
    }
  }

  it('after any writes, for any period, grouping, zone and channel', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(write, { minLength: 1, maxLength: 4 }),
        periodArbitrary(DAYS),
        // Half unfiltered: those read the channel-free presence (presence-senders.ts), the rest a union.
        fc.option(fc.nat({ max: 2 }), { nil: undefined, freq: 2 }),
        async (writes, period, pick) => {
          for (const step of writes) await apply(step);
          const channel = pick === undefined ? undefined : channels[pick];
          const params = new URLSearchParams({ ...period, ...(channel ? { channel: String(channel) } : {}) });
          const result = await fetchReport(t, `/auth/admin/reports/chat?${params}`, auth);
          const inPeriod = sql`created_at >= (${period.from}::date)::timestamp at time zone ${period.tz}
            and created_at < (${period.to}::date + 1)::timestamp at time zone ${period.tz}
            ${channel ? sql`and channel_id = ${channel}` : sql``}`;
          const { rows } = await sql<{ bucket: string; key: string; n: number }>`
            select to_char(date_trunc(${period.group}, created_at at time zone ${period.tz}), 'YYYY-MM-DD') as bucket,
              channel_id::text as key, count(*)::int as n
            from chat_messages where ${inPeriod} group by 1, 2`.execute(t.db);
          expect(reportCells(result, 'channels')).toEqual(sqlCells(rows));
          expect(reportCells(result, 'messages')).toEqual(
            sqlCells(rows.map((row) => ({ ...row, key: 'all' }))),
          );
          const active = await sql<{ bucket: string; key: string; n: number }>`
            select to_char(date_trunc(${period.group}, created_at at time zone ${period.tz}), 'YYYY-MM-DD') as bucket,
              'all' as key, count(distinct sender_uid)::int as n
            from chat_messages where ${inPeriod} group by 1`.execute(t.db);
          expect(reportCells(result, 'activeUsers')).toEqual(sqlCells(active.rows));
          const overall = await sql<{ n: number }>`
            select count(distinct sender_uid)::int as n from chat_messages where ${inPeriod}`.execute(t.db);
          const total = result.sections.find((section) => section.id === 'activeUsers')?.series[0]?.total;
          expect(total).toBe(overall.rows[0]?.n ?? 0);
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });

  it('counts a sender in the local day of each post, cut at a half-hour midnight', async () => {
    const { rows } = await sql<{ id: number }>`insert into chat_channels (type, name, url, created_by_uid)
      values ('group', 'Edges', 'report-edges', ${SENDERS[0]}) returning id`.execute(t.db);
    const channel = Number(rows[0]?.id);
    // Kolkata's midnight of 2025-11-02 is 18:30Z on the 1st: one sender on each side of it, one on both.
    const posts: [string, number][] = [
      ['2025-11-01T18:29:00Z', 1],
      ['2025-11-01T18:30:00Z', 2],
      ['2025-11-01T18:44:00Z', 3],
      ['2025-11-01T00:00:00Z', 3],
      ['2025-11-02T18:29:00Z', 4],
    ];
    for (const [index, [at, sender]] of posts.entries())
      await sql`insert into chat_messages (channel_id, seq, sender_uid, body, created_at)
        values (${channel}, ${index + 1}, ${SENDERS[sender]}, 'hi', ${at})`.execute(t.db);
    const result = await fetchReport(
      t,
      `/auth/admin/reports/chat?from=2025-11-01&to=2025-11-03&tz=Asia/Kolkata&channel=${channel}`,
      auth,
    );
    const active = result.sections.find((section) => section.id === 'activeUsers')?.series[0];
    expect(active?.values).toEqual([2, 3, 0]);
    expect(active?.total).toBe(4);
  });
});
