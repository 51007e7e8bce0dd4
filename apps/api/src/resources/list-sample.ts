import type { Condition } from '@pult/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Db, Executor } from '../db/database.js';

/**
 * A uniform sample of a big table's filterable columns, held in each server process: how many rows a
 * filter matches is estimated by checking the sample in memory, instead of asking the planner.
 *
 * Why not the planner: its estimate of `ilike '%fragment%'` matches the pattern against 1,000 values
 * of the column's statistics, which cost 0.5 ms of planning per request, and below 1 in 1,000 it
 * answers a floor (1,001 or 2,002 rows of a million) whatever the truth: "brooks" (2,275 matches)
 * and "i.k" (2,810) looked rare, so the list collected their matches through an index that finds
 * 126,000 candidates for "i.k", ran out of its budget, and only then walked. The sample sees 1 in
 * 100 rows, and it judges all of a filter's conditions together, where the planner multiplies them
 * as if independent.
 */
export interface ListSample {
  /** Rows in the sample. */
  size: number;
  /** Rows in the table when it was sampled. */
  tableRows: number;
  takenAt: number;
  /** Per field: its values in sample order, as `sampledValue` writes them; null stays null. */
  values: Map<string, Array<string | null>>;
}

/** A field the sample holds: how to read it, and how it is compared. */
export interface SampledColumn {
  sql: RawBuilder<unknown>;
  kind: 'text' | 'integer' | 'timestamp' | 'date' | 'boolean';
}

const SAMPLE_ROWS = 10_000;
/** A sample is taken again after this long; sooner while the table is small (it may be filling). */
const MAX_AGE_MS = 10 * 60_000;
const SMALL_TABLE_MAX_AGE_MS = 30_000;

/**
 * How a value is held: text folded to lower case (a "contains" filter ignores case, and folding once
 * here keeps it off every request), a timestamp as its UTC day, the rest as PostgreSQL prints them.
 */
function sampledValue(column: SampledColumn): RawBuilder<unknown> {
  switch (column.kind) {
    case 'text':
      return sql`lower(${column.sql})`;
    case 'timestamp':
      return sql`to_char(${column.sql} at time zone 'UTC', 'YYYY-MM-DD')`;
    default:
      return sql`(${column.sql})::text`;
  }
}

/**
 * How many of the sample's rows a filter matches, or undefined when a condition cannot be judged
 * here. The first condition scans the sample, a "contains" first (usually the rarest); each further
 * one checks only the rows still in.
 */
export function sampleMatches(
  sample: ListSample,
  columns: Record<string, SampledColumn>,
  conditions: Condition[],
): number | undefined {
  const tests: RowTest[] = [];
  for (const condition of conditions) {
    const column = columns[condition.field];
    const values = sample.values.get(condition.field);
    if (!column || !values) return undefined;
    const test = conditionTest(column.kind, values, condition);
    if (!test) return undefined;
    if (condition.type === 'text') tests.unshift(test);
    else tests.push(test);
  }
  const [first, ...rest] = tests;
  if (!first) return sample.size;
  let rows: number[] = [];
  for (let row = 0; row < sample.size; row++) if (first(row)) rows.push(row);
  for (const test of rest) rows = rows.filter(test);
  return rows.length;
}

type RowTest = (row: number) => boolean;

function conditionTest(
  kind: SampledColumn['kind'],
  values: Array<string | null>,
  condition: Condition,
): RowTest | undefined {
  switch (condition.type) {
    case 'text': {
      if (kind !== 'text') return undefined;
      const needle = condition.value.toLowerCase();
      return (row) => values[row]?.includes(needle) ?? false;
    }
    case 'number':
    case 'select': {
      const wanted = equalityValue(kind, condition.value);
      if (wanted === undefined) return undefined;
      return (row) => values[row] === wanted;
    }
    case 'date':
      if (kind !== 'timestamp' && kind !== 'date') return undefined;
      return (row) => {
        const day = values[row];
        return day !== null && day !== undefined && day >= condition.from && day <= condition.to;
      };
  }
}

/** The value as the sample holds it: the equality of a text column is judged ignoring case. */
function equalityValue(kind: SampledColumn['kind'], value: string | number | boolean): string | undefined {
  if (kind === 'integer') return Number.isFinite(Number(value)) ? String(Number(value)) : undefined;
  if (kind === 'boolean') return String(value);
  if (kind === 'text') return String(value).toLowerCase();
  return undefined;
}

/** Samples per database (tests open many) and table; refreshed in the background, one at a time. */
const samples = new WeakMap<object, Map<string, ListSample>>();
const refreshing = new WeakMap<object, Set<string>>();

/**
 * The table's current sample, or undefined while the first one is being taken. A missing or old one
 * is taken in the background, so no request waits for the scan (~0.3 s on a million rows).
 */
export function currentSample(
  db: Executor,
  table: string,
  alias: string,
  columns: Record<string, SampledColumn>,
  now = Date.now(),
): ListSample | undefined {
  if (db.isTransaction) return undefined;
  const held = samples.get(db)?.get(table);
  const maxAge = held && held.tableRows < 10 * SAMPLE_ROWS ? SMALL_TABLE_MAX_AGE_MS : MAX_AGE_MS;
  if (!held || now - held.takenAt > maxAge) refresh(db as Db, table, alias, columns);
  return held;
}

function refresh(db: Db, table: string, alias: string, columns: Record<string, SampledColumn>): void {
  const running = refreshing.get(db) ?? new Set<string>();
  refreshing.set(db, running);
  if (running.has(table)) return;
  running.add(table);
  takeSample(db, table, alias, columns)
    .then((sample) => {
      const held = samples.get(db) ?? new Map<string, ListSample>();
      samples.set(db, held.set(table, sample));
    })
    // A sample that could not be taken (the database closing, say) leaves the planner's estimates in use.
    .catch(() => undefined)
    .finally(() => running.delete(table));
}

export async function takeSample(
  db: Executor,
  table: string,
  alias: string,
  columns: Record<string, SampledColumn>,
): Promise<ListSample> {
  const fields = Object.keys(columns);
  // Only tables whose size `row_counts` keeps are sampled (a list's `countedTable`).
  const { rows: counted } = await sql<{ n: string }>`select n from row_counts
    where table_name = ${table}`.execute(db);
  const tableRows = Number(counted[0]?.n ?? 0);
  const percent = tableRows <= SAMPLE_ROWS ? 100 : (100 * SAMPLE_ROWS) / tableRows;
  const select = sql.join(
    fields.map((field, i) => sql`${sampledValue(columns[field] as SampledColumn)} as ${sql.id(`f${i}`)}`),
  );
  const { rows } = await sql<Record<string, string | null>>`select ${select}
    from ${sql.table(table)} as ${sql.id(alias)} tablesample bernoulli (${percent}::float4)`.execute(db);
  const values = new Map(fields.map((field, i) => [field, rows.map((row) => row[`f${i}`] ?? null)]));
  return { size: rows.length, tableRows, takenAt: Date.now(), values };
}
