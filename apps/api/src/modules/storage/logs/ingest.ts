import { sql } from 'kysely';
import type { Db, Executor } from '../../../db/database.js';
import type { Clock } from '../../../lib/clock.js';
import { metrics } from '../../../metrics/metrics.js';
import { errorFingerprint, topFrame } from './fingerprint.js';
import type { LogNames } from './log-names.js';
import { type ParsedEntry, parseBatch } from './parse-batch.js';

type LogTable = 'storage_logs' | 'storage_errors';

/**
 * Ingestion of logs and errors: a batch is validated whole, then written by one statement whose
 * parameters are column arrays (`unnest`), so a batch of 1,000 costs one round trip and one plan.
 * Errors also update their groups (triage) in the same transaction; a new occurrence reopens a
 * resolved group.
 */
export function createIngest(db: Db, names: LogNames, clock: Clock) {
  async function nameIds(entries: readonly ParsedEntry[]) {
    const [services, environments] = await Promise.all([
      names.ids(
        'service',
        entries.map((entry) => entry.service),
      ),
      names.ids(
        'environment',
        entries.map((entry) => entry.environment),
      ),
    ]);
    return {
      service: entries.map((entry) => services.get(entry.service) as number),
      environment: entries.map((entry) => environments.get(entry.environment) as number),
    };
  }

  async function insertRows(
    executor: Executor,
    table: LogTable,
    entries: readonly ParsedEntry[],
    ids: { service: number[]; environment: number[] },
    groupIds?: number[],
  ): Promise<void> {
    const columns = {
      created: entries.map((entry) => entry.created_at.toISOString()),
      level: entries.map((entry) => entry.level),
      message: entries.map((entry) => entry.message),
      trace: entries.map((entry) => entry.trace_log ?? null),
      context: entries.map((entry) => (entry.context === undefined ? null : JSON.stringify(entry.context))),
    };
    const receivedAt = clock();
    const group = groupIds ? sql`, group_id` : sql``;
    const groupArray = groupIds ? sql`, ${groupIds}::bigint[]` : sql``;
    await sql`
      insert into ${sql.table(table)}
        (created_at, received_at, level, service_id, environment_id, message, trace_log, context ${group})
      select c, ${receivedAt}, l, s, e, m, t, x ${group}
      from unnest(${columns.created}::timestamptz[], ${columns.level}::text[], ${ids.service}::int[],
        ${ids.environment}::int[], ${columns.message}::text[], ${columns.trace}::text[], ${columns.context}::jsonb[]
        ${groupArray})
        as u(c, l, s, e, m, t, x ${group})`.execute(executor);
  }

  return {
    async logs(body: unknown): Promise<number> {
      const entries = parseBatch(body, clock());
      await insertRows(db, 'storage_logs', entries, await nameIds(entries));
      metrics.ingested('log', entries.length);
      return entries.length;
    },

    async errors(body: unknown): Promise<number> {
      const entries = parseBatch(body, clock());
      const ids = await nameIds(entries);
      const fingerprints = entries.map((entry) =>
        errorFingerprint(entry.service, entry.message, entry.trace_log),
      );
      const groups = summariseGroups(entries, fingerprints, ids.service);
      await db.transaction().execute(async (trx) => {
        // In fingerprint order, so concurrent batches lock shared groups in the same order.
        const { rows } = await sql<{ id: number; fingerprint: string }>`
          insert into storage_error_groups
            (fingerprint, service_id, level, message, top_frame, count, first_seen, last_seen)
          select f, s, l, m, t, n, fs, ls
          from unnest(${groups.map((g) => g.fingerprint)}::text[], ${groups.map((g) => g.serviceId)}::int[],
            ${groups.map((g) => g.level)}::text[], ${groups.map((g) => g.message)}::text[],
            ${groups.map((g) => g.topFrame)}::text[], ${groups.map((g) => g.count)}::bigint[],
            ${groups.map((g) => g.firstSeen.toISOString())}::timestamptz[],
            ${groups.map((g) => g.lastSeen.toISOString())}::timestamptz[]) as u(f, s, l, m, t, n, fs, ls)
          order by f
          on conflict (fingerprint) do update set
            count = storage_error_groups.count + excluded.count,
            first_seen = least(storage_error_groups.first_seen, excluded.first_seen),
            last_seen = greatest(storage_error_groups.last_seen, excluded.last_seen),
            level = case when excluded.last_seen >= storage_error_groups.last_seen
              then excluded.level else storage_error_groups.level end,
            message = case when excluded.last_seen >= storage_error_groups.last_seen
              then excluded.message else storage_error_groups.message end,
            status = 'open',
            resolved_at = null,
            -- A resolved group that recurs starts a new episode (the Errors report times each one).
            opened_at = case when storage_error_groups.status = 'resolved'
              then greatest(excluded.last_seen, storage_error_groups.resolved_at)
              else storage_error_groups.opened_at end
          returning id, fingerprint`.execute(trx);
        const groupIds = new Map(rows.map((row) => [row.fingerprint, row.id]));
        await insertRows(
          trx,
          'storage_errors',
          entries,
          ids,
          fingerprints.map((fingerprint) => groupIds.get(fingerprint) as number),
        );
      });
      metrics.ingested('error', entries.length);
      return entries.length;
    },
  };
}

interface GroupSummary {
  fingerprint: string;
  serviceId: number;
  level: string;
  message: string;
  topFrame: string | null;
  count: number;
  firstSeen: Date;
  lastSeen: Date;
}

/** One row per fingerprint: how many, when first and last, and the latest entry as its sample. */
function summariseGroups(
  entries: readonly ParsedEntry[],
  fingerprints: readonly string[],
  serviceIds: readonly number[],
): GroupSummary[] {
  const groups = new Map<string, GroupSummary>();
  entries.forEach((entry, index) => {
    const fingerprint = fingerprints[index] as string;
    const seen = entry.created_at;
    const group = groups.get(fingerprint);
    if (!group) {
      groups.set(fingerprint, {
        fingerprint,
        serviceId: serviceIds[index] as number,
        level: entry.level,
        message: entry.message,
        topFrame: topFrame(entry.trace_log),
        count: 1,
        firstSeen: seen,
        lastSeen: seen,
      });
      return;
    }
    group.count += 1;
    if (seen < group.firstSeen) group.firstSeen = seen;
    if (seen >= group.lastSeen) {
      group.lastSeen = seen;
      group.level = entry.level;
      group.message = entry.message;
    }
  });
  return [...groups.values()];
}
