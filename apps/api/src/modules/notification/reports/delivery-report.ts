import {
  deliveryReportQuerySchema,
  EMAIL_STATUSES,
  emailQueueResource,
  QUEUE_CHANNELS,
  type ReportSection,
} from '@pult/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { defineReport, type ReportSource } from '../../../reports/report-source.js';
import { bucketCounts, toSeries } from '../../../reports/rollup-sql.js';

type DeliveryQuery = ReturnType<typeof deliveryReportQuerySchema.parse>;

function filtersOf(query: DeliveryQuery): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (query.channel !== undefined) parts.push(sql`and channel = ${query.channel}`);
  if (query.status !== undefined) parts.push(sql`and status = ${query.status}`);
  if (query.template !== undefined) parts.push(sql`and template_name = ${query.template}`);
  return sql.join(parts, sql` `);
}

/**
 * Delivery: e-mails, SMS and push messages by the period they were queued in, per outcome (sent,
 * failed, cancelled, still pending), per channel and per template.
 */
export function deliveryReport(db: Db): ReportSource {
  return defineReport({
    id: 'delivery',
    service: 'notification',
    resource: emailQueueResource,
    query: deliveryReportQuerySchema,
    async sections(query, frame): Promise<ReportSection[]> {
      const by = async (id: string, key: RawBuilder<string>, keys: readonly string[] = []) => ({
        id,
        series: toSeries(
          await bucketCounts(db, frame, { rollup: 'report_deliveries', key, where: filtersOf(query) }),
          frame.buckets,
          keys,
        ),
      });
      return Promise.all([
        by('byStatus', sql<string>`status`, EMAIL_STATUSES),
        by('byChannel', sql<string>`channel`, QUEUE_CHANNELS),
        by('byTemplate', sql<string>`template_name`),
      ]);
    },
  });
}
