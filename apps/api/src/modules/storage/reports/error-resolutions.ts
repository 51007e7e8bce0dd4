import { type Kysely, type RawBuilder, sql } from 'kysely';
import { defineTriggerFunction, upserts } from '../../../reports/rollup-triggers.js';

const ROLLUPS = ['report_error_resolutions', 'report_error_resolve_seconds'] as const;

/** Both resolution rollups (and their daily tables) take `changes`' rows: a count, and the seconds taken. */
function addResolutions(changes: RawBuilder<unknown>): RawBuilder<unknown> {
  const counts = sql`select slot, service_id, 1 from (${changes}) as r (slot, service_id, seconds)`;
  const seconds = sql`select slot, service_id, seconds from (${changes}) as r (slot, service_id, seconds)`;
  return sql.join(
    ROLLUPS.map((rollup, index) =>
      upserts(
        {
          table: 'storage_error_groups',
          rollup,
          columns: ['service_id'],
          values: sql``,
          daily: `${rollup}_daily`,
        },
        index === 0 ? counts : seconds,
      ),
    ),
    sql`; `,
  );
}

/**
 * A group's seconds to resolve: from the start of the episode it was resolved in (`opened_at`, which
 * ingestion sets when a new occurrence reopens a resolved group; its first sighting before that).
 */
const SECONDS = (row: string) =>
  sql.raw(
    `floor(extract(epoch from ${row}.resolved_at - coalesce(${row}.opened_at, ${row}.first_seen)))::bigint`,
  );

/**
 * Resolutions as events, counted when they happen (open → resolved, or a group stored resolved) and
 * never taken back: a group that recurs and is resolved again has two resolutions, each timed from its
 * own episode's start, and last week's figures do not change because an error came back today.
 */
export async function defineResolutionFunctions(db: Kysely<unknown>): Promise<void> {
  await defineTriggerFunction(
    db,
    'report_error_resolutions_insert',
    addResolutions(sql`select report_slot(n.resolved_at), n.service_id, ${SECONDS('n')}
      from new_rows n where n.status = 'resolved' and n.resolved_at is not null`),
  );
  await defineTriggerFunction(
    db,
    'report_error_resolutions_update',
    addResolutions(sql`select report_slot(n.resolved_at), n.service_id, ${SECONDS('n')}
      from new_rows n join old_rows o on o.id = n.id
      where o.status <> 'resolved' and n.status = 'resolved' and n.resolved_at is not null`),
  );
}
