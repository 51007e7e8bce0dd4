import type { Condition } from '@pult/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Db, Executor } from '../db/database.js';
import type { SetFilter } from './countable-scope.js';

/**
 * A uniform sample of a big table's filterable columns, held in each server process: how many rows a
 * filter matches is estimated by checking the sample in memory, instead of asking the planner.
 *
 * Why not the planner: its estimate of `ilike '%fragment%'` matches the pattern against 1,000 values
 * of the column's statistics, which cost 0.5 ms of planning per request, and below 1 in 1,000 it
 * answers a floor (1,001 or 2,002 rows of a million) whatever the truth: "brooks" (2,275 matches)
 * and "i.k" (2,810) looked rare, so the list collected their matches through an index that finds
 * 126,000 candidates for "i.k", ran out of its budget, and only then walked. The sample holds 10,000
 * rows (1 in 100 of a million), and it judges all of a filter's conditions together, where the
 * planner multiplies them as if independent.
 */
export interface ListSample {
  /** Rows in the sample. */
  size: number;
  /** Rows in the table when it was sampled. */
  tableRows: number;
  takenAt: number;
  /** Per field: its values in sample order (see `SampledColumn`); null stays null. */
  values: Map<string, Array<string | null>>;
}

/** How the database compares a column: decides the cast of a bound filter value. */
export type ColumnKind = 'text' | 'integer' | 'timestamp' | 'date' | 'boolean';

/** A field the sample holds: how to read it, and how it is compared. */
export interface SampledColumn {
  sql: RawBuilder<unknown>;
  kind: ColumnKind;
  /**
   * Filtered by "contains", which ignores case: held folded to lower case, by the same JavaScript
   * folding as the filter's value, and folded once here to keep it off every request. Otherwise held
   * as stored, for an exact comparison.
   */
  contains?: boolean;
}

/** The table a list reads, and the fields its sample holds. */
export interface SampleTarget {
  table: string;
  alias: string;
  /** The table's name in `row_counts` (a list's `countedTable`): its size scales the sample's counts. */
  countedTable: string;
  columns: Record<string, SampledColumn>;
}

const SAMPLE_SIZE = 10_000;
/**
 * Every process draws the same rows: with a fixed seed, `bernoulli` keeps a row by its place in the
 * table, so two processes' samples differ only by the rows written between their samplings (and a
 * slightly different rate keeps nearly the same rows: a row is kept below a threshold of its own).
 * Independent draws would make two processes' estimates of one filter differ by up to the sampling
 * error, ±8 % (`estimate-precision.ts`), instead of agreeing.
 */
const SAMPLE_SEED = 26;
/** A sample is taken again after this long; sooner while the table is small (it may be filling). */
const MAX_AGE_MS = 10 * 60_000;
const SMALL_TABLE_MAX_AGE_MS = 30_000;

/** A timestamp is held as its UTC day, the rest as PostgreSQL prints them. */
function sampledValue(column: SampledColumn): RawBuilder<unknown> {
  if (column.kind === 'timestamp') return sql`to_char(${column.sql} at time zone 'UTC', 'YYYY-MM-DD')`;
  return sql`(${column.sql})::text`;
}

/**
 * How many of the sample's rows a filter and a countable row scope (its set filters) match, or
 * undefined when a condition cannot be judged here. A "contains" finds its rows first (usually the
 * rarest condition); each further condition checks only the rows still in.
 */
export function sampleMatches(
  sample: ListSample,
  columns: Record<string, SampledColumn>,
  conditions: Condition[],
  sets: readonly SetFilter[] = [],
): number | undefined {
  if (
    conditions.some((condition) => condition.type === 'text') ||
    (conditions.length === 0 && sets.length === 0)
  )
    return scanSample(sample, columns, conditions, sets);
  const kept = strataMatches.get(sample) ?? new Map<string, number | undefined>();
  strataMatches.set(sample, kept);
  const key = JSON.stringify([conditions, sets]);
  if (kept.has(key)) return kept.get(key);
  const matches = scanSample(sample, columns, conditions, sets);
  // A scope alone is always kept: a scoped administrator's every estimate asks it.
  if (kept.size < KEPT_STRATA || conditions.length === 0) kept.set(key, matches);
  return matches;
}

/**
 * The rows of a filter without "contains" (a scope's sets, a status, a day range) in the sample, kept
 * with it (a sample is never changed, only replaced): every filtered list asks its stratum, the
 * conditions the counters count, as the denominator of its estimate, and a scan of 10,000 rows per
 * request was a third of a millisecond, a tenth of the list's own time. Such filters are few (a
 * status, a scope, a day range chosen on a calendar); past this many a sample keeps no more.
 */
const strataMatches = new WeakMap<ListSample, Map<string, number | undefined>>();
const KEPT_STRATA = 1_000;

function scanSample(
  sample: ListSample,
  columns: Record<string, SampledColumn>,
  conditions: Condition[],
  sets: readonly SetFilter[],
): number | undefined {
  const tests: RowTest[] = [];
  for (const set of sets) {
    const column = columns[set.field];
    const values = sample.values.get(set.field);
    if (!column || !values) return undefined;
    const members = new Set<string>();
    for (const value of set.values) {
      const wanted = equalityValue(column, value);
      if (wanted === undefined) return undefined;
      members.add(wanted);
    }
    tests.push((row) => {
      const value = values[row];
      return value !== null && value !== undefined && members.has(value);
    });
  }
  let searched: { field: string; needle: string } | undefined;
  for (const condition of conditions) {
    const column = columns[condition.field];
    const values = sample.values.get(condition.field);
    if (!column || !values) return undefined;
    const test = conditionTest(column, values, condition);
    if (!test) return undefined;
    const needle = condition.type === 'text' ? condition.value.toLowerCase() : '';
    // The first "contains" (usually the rarest condition) finds its rows by searching the column's
    // values as one text; the other conditions check only those rows.
    if (!searched && needle.length > 0 && !needle.includes('\u0000'))
      searched = { field: condition.field, needle };
    else tests.push(test);
  }
  let rows: number[];
  if (searched) rows = rowsContaining(haystackOf(sample, searched.field), searched.needle);
  else {
    const first = tests.shift();
    if (!first) return sample.size;
    rows = [];
    for (let row = 0; row < sample.size; row++) if (first(row)) rows.push(row);
  }
  for (const test of tests) rows = rows.filter(test);
  return rows.length;
}

/**
 * A column's folded values joined into one text by NUL, which no PostgreSQL text holds, with where
 * each row's value starts. `indexOf` over it, from one match to the next row, finds a fragment's rows
 * several times faster than `includes` on each of the 10,000 values (0.7 ms of the server's CPU a request); a null is an empty
 * value, which no fragment is in.
 */
interface Haystack {
  text: string;
  starts: number[];
}

const haystacks = new WeakMap<ListSample, Map<string, Haystack>>();

function haystackOf(sample: ListSample, field: string): Haystack {
  const fields = haystacks.get(sample) ?? new Map<string, Haystack>();
  haystacks.set(sample, fields);
  const known = fields.get(field);
  if (known) return known;
  const values = sample.values.get(field) ?? [];
  const starts: number[] = [];
  let length = 0;
  for (const value of values) {
    starts.push(length);
    length += (value?.length ?? 0) + 1;
  }
  const haystack = { text: values.map((value) => value ?? '').join('\u0000'), starts };
  fields.set(field, haystack);
  return haystack;
}

/** The rows whose value holds `needle` (non-empty, without NUL), each once, in order. */
function rowsContaining(haystack: Haystack, needle: string): number[] {
  const { text, starts } = haystack;
  const rows: number[] = [];
  let from = 0;
  for (;;) {
    const at = text.indexOf(needle, from);
    if (at < 0) return rows;
    const row = rowAt(starts, at);
    rows.push(row);
    from = starts[row + 1] ?? text.length;
  }
}

/** The row whose value holds the text's position `at` (the last start at or before it). */
function rowAt(starts: number[], at: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] ?? 0) <= at) low = middle;
    else high = middle - 1;
  }
  return low;
}

type RowTest = (row: number) => boolean;

function conditionTest(
  column: SampledColumn,
  values: Array<string | null>,
  condition: Condition,
): RowTest | undefined {
  switch (condition.type) {
    case 'text': {
      if (column.kind !== 'text' || !column.contains) return undefined;
      // As in the list's SQL: no text holds a NUL.
      if (condition.value.includes('\u0000')) return () => false;
      const needle = condition.value.toLowerCase();
      return (row) => values[row]?.includes(needle) ?? false;
    }
    case 'number':
    case 'select': {
      const wanted = equalityValue(column, condition.value);
      if (wanted === undefined) return undefined;
      return (row) => values[row] === wanted;
    }
    case 'date':
      if (column.kind !== 'timestamp' && column.kind !== 'date') return undefined;
      return (row) => {
        const day = values[row];
        return day !== null && day !== undefined && day >= condition.from && day <= condition.to;
      };
  }
}

/** The value as the sample holds it; a folded column cannot judge an exact comparison. */
function equalityValue(column: SampledColumn, value: string | number | boolean): string | undefined {
  if (column.kind === 'integer') return Number.isFinite(Number(value)) ? String(Number(value)) : undefined;
  if (column.kind === 'boolean') return String(value);
  if (column.kind === 'text' && !column.contains) return String(value);
  return undefined;
}

interface Held {
  sample?: ListSample;
  refreshing: boolean;
  failedAt?: number;
}

/** Samples per database (tests open many), table and set of fields; one refresh at a time each. */
const held = new WeakMap<object, Map<string, Held>>();

/**
 * The table's current sample, or undefined while the first one is being taken. A missing or old one
 * is taken in the background, so no request waits for the scan (~0.2 s on a million rows); one that
 * failed is not tried again before a sample's age has passed.
 */
export function currentSample(db: Executor, target: SampleTarget, now = Date.now()): ListSample | undefined {
  if (db.isTransaction) return undefined;
  const tables = held.get(db) ?? new Map<string, Held>();
  held.set(db, tables);
  const key = `${target.table}(${Object.keys(target.columns).join(',')})`;
  const entry = tables.get(key) ?? { refreshing: false };
  tables.set(key, entry);
  const { sample } = entry;
  const maxAge = sample && sample.tableRows < 10 * SAMPLE_SIZE ? SMALL_TABLE_MAX_AGE_MS : MAX_AGE_MS;
  const due = sample ? now - sample.takenAt > maxAge : now - (entry.failedAt ?? 0) > MAX_AGE_MS;
  if (due && !entry.refreshing) refresh(db as Db, target, entry);
  return sample;
}

function refresh(db: Db, target: SampleTarget, entry: Held): void {
  entry.refreshing = true;
  takeSample(db, target)
    .then((sample) => {
      entry.sample = sample;
    })
    // A sample that could not be taken (the database closing, a scan past the statement timeout)
    // leaves the planner's estimates in use until the next try.
    .catch(() => {
      entry.failedAt = Date.now();
    })
    .finally(() => {
      entry.refreshing = false;
    });
}

export async function takeSample(db: Executor, target: SampleTarget): Promise<ListSample> {
  const fields = Object.keys(target.columns);
  const { rows: counted } = await sql<{ n: string }>`select n from row_counts
    where table_name = ${target.countedTable}`.execute(db);
  const tableRows = Number(counted[0]?.n ?? 0);
  const percent = tableRows <= SAMPLE_SIZE ? 100 : (100 * SAMPLE_SIZE) / tableRows;
  const select = sql.join(
    fields.map(
      (field, i) => sql`${sampledValue(target.columns[field] as SampledColumn)} as ${sql.id(`f${i}`)}`,
    ),
  );
  const { rows } = await sql<Record<string, string | null>>`select ${select}
    from ${sql.table(target.table)} as ${sql.id(target.alias)}
    tablesample bernoulli (${percent}::float4) repeatable (${SAMPLE_SEED}::float8)`.execute(db);
  const values = new Map(
    fields.map((field, i) => {
      const fold = target.columns[field]?.contains === true;
      return [
        field,
        rows.map((row) => (fold ? (row[`f${i}`]?.toLowerCase() ?? null) : (row[`f${i}`] ?? null))),
      ];
    }),
  );
  return { size: rows.length, tableRows, takenAt: Date.now(), values };
}
