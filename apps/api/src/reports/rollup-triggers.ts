import { type Kysely, type RawBuilder, sql } from 'kysely';

/**
 * Report rollups come in threes: per quarter hour (`slot`), per UTC day (`day`, the table named
 * `<rollup>_daily`) and per UTC month (`<rollup>_monthly`, kept from the daily one). A report sums
 * whole UTC months and days from the last two and corrects each bucket's edges with the first
 * (docs/architecture.md, "Reports"). Triggers write all three in the writing statement.
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

/** Per rollup, its time column: from which column of a change (`slot`, or a daily row's `day`), and how. */
const TIME = {
  slot: { source: 'slot', value: sql`slot` },
  day: { source: 'slot', value: sql`(slot at time zone 'UTC')::date` },
  month: { source: 'day', value: sql`date_trunc('month', day::timestamp)::date` },
} as const;

/**
 * An upsert of netted changes into `target`, whose first key column is `time` (the slot, its UTC day,
 * or a day's UTC month). Groups are written in key order, so two statements never wait on each other's
 * counters crosswise, and groups that net to zero are not written.
 */
function upsert(
  target: string,
  time: keyof typeof TIME,
  columns: readonly string[],
  changes: RawBuilder<unknown>,
): RawBuilder<unknown> {
  const key = sql.join([sql.ref(time), ...columns.map((column) => sql.ref(column))]);
  const source = sql.join([sql.ref(TIME[time].source), ...columns.map((column) => sql.ref(column))]);
  const rest = columns.map((column) => sql.ref(column));
  const groups = sql.raw(columns.map((_, index) => String(index + 2)).join(', '));
  return sql`
    insert into ${sql.table(target)} as r (${key}, n)
    select ${sql.join([TIME[time].value, ...rest])}, sum(delta) from (${changes}) as c (${source}, delta)
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

/**
 * Keeps `<rollup>_monthly` (`month`: the first day of a UTC month) the sum of `<rollup>_daily` per
 * month, by triggers on the daily table: whatever writes a daily row (a rollup's triggers, or a service
 * counting refusals itself) moves its month in the same statement, so no writer needs to know of it.
 */
export async function trackMonthlySums(
  db: Kysely<unknown>,
  rollup: string,
  columns: readonly string[],
): Promise<void> {
  const [daily, monthly] = [`${rollup}_daily`, `${rollup}_monthly`];
  const values = sql.join(['day', ...columns].map((column) => sql.ref(column)));
  const added = sql`select ${values}, n from new_rows`;
  const removed = sql`select ${values}, -n from old_rows`;
  const bodies = {
    insert: upsert(monthly, 'month', columns, added),
    update: upsert(monthly, 'month', columns, sql`${added} union all ${removed}`),
    delete: upsert(monthly, 'month', columns, removed),
    truncate: sql`delete from ${sql.table(monthly)}`,
  };
  for (const [event, body] of Object.entries(bodies)) {
    await defineTriggerFunction(db, `${monthly}_${event}`, body);
  }
  await attachStatementTriggers(db, daily, monthly);
}

/** Attaches the counting functions to the table (creating the triggers locks it until the migration commits). */
export async function trackSlotCounts(db: Kysely<unknown>, counts: SlotCounts): Promise<void> {
  await defineSlotCountFunctions(db, counts);
  await attachStatementTriggers(db, counts.table, counts.rollup);
}

/** Triggers `<name>_<event>` on `table` running the functions of the same names, one per event. */
export async function attachStatementTriggers(
  db: Kysely<unknown>,
  table: string,
  name: string,
): Promise<void> {
  const events = [
    ['insert', sql`referencing new table as new_rows`],
    ['update', sql`referencing old table as old_rows new table as new_rows`],
    ['delete', sql`referencing old table as old_rows`],
    ['truncate', sql``],
  ] as const;
  for (const [event, referencing] of events) {
    const trigger = sql.id(`${name}_${event}`);
    await sql`create trigger ${trigger} after ${sql.raw(event)} on ${sql.table(table)} ${referencing}
      for each statement execute function ${trigger}()`.execute(db);
  }
}
