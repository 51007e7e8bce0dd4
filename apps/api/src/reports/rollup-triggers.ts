import { type Kysely, type RawBuilder, sql } from 'kysely';

/**
 * Report rollups come in pairs: per quarter hour (`slot`) and per UTC day (`day`, the table named
 * `<rollup>_daily`). A report sums whole UTC days from the second and corrects each bucket's edges
 * with the first (docs/architecture.md, "Reports"). Triggers write both in the writing statement.
 */
export interface SlotCounts {
  /** The counted table. */
  table: string;
  /** The quarter-hour rollup: `slot`, the `columns`, then `n`, with a primary key over all but `n`. */
  rollup: string;
  columns: readonly string[];
  /** The slot and the columns' values of one counted row, in that order (read from a transition table). */
  values: RawBuilder<unknown>;
  /** What one counted row adds to `n` (default 1): a file's size, a group's seconds to resolve. */
  weight?: RawBuilder<unknown>;
  /** Which rows count (default all), a condition over their columns: groups that are resolved. */
  where?: RawBuilder<unknown>;
  /** The daily rollup beside it (`day` instead of `slot`); absent before migration …-0200. */
  daily?: string;
}

/**
 * An upsert of netted changes into `target`, whose first key column is `time` (the slot, or its UTC
 * day). Groups are written in key order, so two statements never wait on each other's counters
 * crosswise, and groups that net to zero are not written.
 */
function upsert(
  target: string,
  time: 'slot' | 'day',
  columns: readonly string[],
  changes: RawBuilder<unknown>,
): RawBuilder<unknown> {
  const key = sql.join([sql.ref(time), ...columns.map((column) => sql.ref(column))]);
  const source = sql.join([sql.ref('slot'), ...columns.map((column) => sql.ref(column))]);
  const first = time === 'slot' ? sql.ref('slot') : sql`(slot at time zone 'UTC')::date`;
  const rest = columns.map((column) => sql.ref(column));
  const groups = sql.raw(columns.map((_, index) => String(index + 2)).join(', '));
  return sql`
    insert into ${sql.table(target)} as r (${key}, n)
    select ${sql.join([first, ...rest])}, sum(delta) from (${changes}) as c (${source}, delta)
    group by 1, ${groups} having sum(delta) <> 0 order by 1, ${groups}
    on conflict (${key}) do update set n = r.n + excluded.n`;
}

/** The statements a trigger runs for these changes: into the quarter-hour rollup and its daily one. */
export function upserts(counts: SlotCounts, changes: RawBuilder<unknown>): RawBuilder<unknown> {
  const statements = [upsert(counts.rollup, 'slot', counts.columns, changes)];
  if (counts.daily) statements.push(upsert(counts.daily, 'day', counts.columns, changes));
  return sql.join(statements, sql`; `);
}

/**
 * The trigger functions that count `table`'s rows per slot and group, exactly, on every insert, update,
 * delete and truncate (`create or replace`: a later migration adds the daily rollup to them). Each
 * statement's old and new rows are netted first, so an update that moves no row between groups writes
 * nothing. One function per event: a transition table exists only for its events.
 */
export async function defineSlotCountFunctions(db: Kysely<unknown>, counts: SlotCounts): Promise<void> {
  const weight = counts.weight ?? sql`1`;
  const where = counts.where ?? sql`true`;
  const added = sql`select ${counts.values}, ${weight} from new_rows where ${where}`;
  const removed = sql`select ${counts.values}, -(${weight}) from old_rows where ${where}`;
  const cleared = [counts.rollup, ...(counts.daily ? [counts.daily] : [])].map(
    (target) => sql`delete from ${sql.table(target)}`,
  );
  const bodies = {
    insert: upserts(counts, added),
    update: upserts(counts, sql`${added} union all ${removed}`),
    delete: upserts(counts, removed),
    truncate: sql.join(cleared, sql`; `),
  };
  for (const [event, body] of Object.entries(bodies)) {
    await defineTriggerFunction(db, `${counts.rollup}_${event}`, body);
  }
}

/**
 * A statement-level trigger function that runs `body` (`create or replace`, so a later migration can
 * redefine it); it returns null because an after-statement trigger's result is ignored.
 */
export async function defineTriggerFunction(
  db: Kysely<unknown>,
  name: string,
  body: RawBuilder<unknown>,
): Promise<void> {
  await sql`create or replace function ${sql.id(name)}() returns trigger
    language plpgsql as $body$
    begin
      ${body};
      return null;
    end $body$`.execute(db);
}

/** Attaches the counting functions to the table (creating the triggers locks it until the migration commits). */
export async function trackSlotCounts(db: Kysely<unknown>, counts: SlotCounts): Promise<void> {
  await defineSlotCountFunctions(db, counts);
  const events = [
    ['insert', sql`referencing new table as new_rows`],
    ['update', sql`referencing old table as old_rows new table as new_rows`],
    ['delete', sql`referencing old table as old_rows`],
    ['truncate', sql``],
  ] as const;
  for (const [event, referencing] of events) {
    const name = sql.id(`${counts.rollup}_${event}`);
    await sql`create trigger ${name} after ${sql.raw(event)} on ${sql.table(counts.table)} ${referencing}
      for each statement execute function ${name}()`.execute(db);
  }
}
