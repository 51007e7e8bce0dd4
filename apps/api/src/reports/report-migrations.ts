import { type Kysely, sql } from 'kysely';

/**
 * `report_slot(t)`: the quarter hour `t` falls in. Rollups for reports are kept per slot, not per UTC
 * day, so a report can be cut at the midnights of any time zone (docs/architecture.md, "Reports").
 * Each module's report migration calls this; `create or replace` lets them run in any order.
 */
export async function createReportSlotFunction(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function report_slot(t timestamptz) returns timestamptz
    language sql immutable parallel safe
    as $$ select date_bin('15 minutes', t, timestamptz '2000-01-01 00:00:00+00') $$`.execute(db);
}
