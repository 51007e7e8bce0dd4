import {
  channelMessagesResource,
  channelsResource,
  chatReportQuerySchema,
  type ReportSection,
  type ReportSeries,
} from '@pult/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { defineReport, type ReportSource } from '../../../reports/report-source.js';
import { type BucketRow, bucketCounts, toSeries } from '../../../reports/rollup-sql.js';
import { activeUsers } from './active-users.js';

type ChatQuery = ReturnType<typeof chatReportQuerySchema.parse>;

/** Channels shown one by one; the rest are summed as `other`, or the table would grow a column each. */
const TOP_CHANNELS = 10;

function filtersOf(query: ChatQuery): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (query.channel !== undefined) parts.push(sql`and channel_id = ${query.channel}`);
  if (query.type !== undefined)
    parts.push(sql`and channel_id in (select id from chat_channels where type = ${query.type})`);
  return sql.join(parts, sql` `);
}

/** The busiest channels by name (a direct channel has none: its number), then the rest as one series. */
async function busiestChannels(
  db: Db,
  rows: readonly BucketRow[],
  buckets: readonly string[],
): Promise<ReportSeries[]> {
  const ranked = toSeries(rows, buckets);
  const top = ranked.slice(0, TOP_CHANNELS);
  const ids = top.map((series) => Number(series.key));
  const found = ids.length
    ? await db.selectFrom('chat_channels').select(['id', 'name']).where('id', 'in', ids).execute()
    : [];
  const names = new Map(found.map((row) => [String(row.id), row.name ?? `#${row.id}`]));
  const rest = ranked.slice(TOP_CHANNELS);
  const other = rest.length
    ? [
        {
          key: 'other',
          label: null,
          values: buckets.map((_, index) =>
            rest.reduce((sum, series) => sum + (series.values[index] ?? 0), 0),
          ),
          total: rest.reduce((sum, series) => sum + (series.total ?? 0), 0),
        },
      ]
    : [];
  return [
    ...top.map((series) => ({ ...series, label: names.get(series.key) ?? `#${series.key}` })),
    ...other,
  ];
}

/**
 * Chat: messages posted per bucket, users who posted in it (distinct, so the total is the distinct
 * count over the whole period, not a sum), and the busiest channels.
 */
export function chatReport(db: Db): ReportSource {
  return defineReport({
    id: 'chat',
    service: 'chat',
    resource: channelsResource,
    // Who posted when is the messages' to show, and direct channels' messages are a private matter.
    alsoSums: [channelMessagesResource(0)],
    query: chatReportQuerySchema,
    async sections(query, frame): Promise<ReportSection[]> {
      const where = filtersOf(query);
      const filtered = query.channel !== undefined || query.type !== undefined;
      const [messages, active] = await Promise.all([
        bucketCounts(db, frame, {
          rollup: 'report_chat_messages',
          key: sql<string>`channel_id::text`,
          where,
        }),
        activeUsers(db, frame, filtered, where),
      ]);
      const all = messages.map((row) => ({ ...row, key: 'all' }));
      return [
        { id: 'messages', series: toSeries(all, frame.buckets, ['all']) },
        {
          id: 'activeUsers',
          series: [{ key: 'all', label: null, values: active.values, total: active.total }],
          totals: 'period',
        },
        { id: 'channels', series: await busiestChannels(db, messages, frame.buckets) },
      ];
    },
  });
}
