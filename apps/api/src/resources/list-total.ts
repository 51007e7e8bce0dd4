import type { TotalKind } from '@pult/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Db, Executor } from '../db/database.js';
import { metrics } from '../metrics/metrics.js';
import { clusteredShare, isPresentable, type SampledPage } from './estimate-precision.js';

/** How much a filtered total may cost before it becomes an estimate or a lower bound. */
export interface TotalBudget {
  /** Matches counted at most; more than this (expected or found) and the total is not exact. */
  countLimit: number;
  /** Time the count may take on PostgreSQL (`statement_timeout`); 0 for none. */
  budgetMs: number;
}

/**
 * Counting costs every candidate the filter's index finds, not the matches: a name fragment expected
 * to match 1,000–2,000 of a million users cost 10–30 ms to count, most of the e-mail-fragment load's
 * database time (p50 at concurrency 10: 21.6–22.3 ms with 2,000, 15.8–19.1 ms with 1,000).
 */
export const DEFAULT_TOTAL_BUDGET: TotalBudget = { countLimit: 1_000, budgetMs: 30 };

/**
 * What a total asked for exactly (`total=exact`) may cost: every match counted, for up to 5 s (half the
 * statement timeout); a count that still does not finish answers an estimate or a bound, flagged.
 */
export const EXACT_TOTAL_BUDGET: TotalBudget = { countLimit: Number.MAX_SAFE_INTEGER, budgetMs: 5_000 };

export interface Total {
  /** The matches (`exact`), an estimate to present (`estimate`), or a bound they exceed (`moreThan`). */
  total: number;
  kind: TotalKind;
}

const QUERY_CANCELED = '57014';

/**
 * The number of rows `matches` (a `select 1 from … where …`) returns, counted up to `countLimit` and
 * within the budget. A count that reaches the limit or runs out of time knows only a lower bound;
 * `check`, when given, may turn it into an estimate (`overLimitTotal`). A slow count costs the
 * budget, never an error.
 */
export async function boundedTotal(
  executor: Executor,
  matches: RawBuilder<unknown>,
  budget: TotalBudget,
  check?: SampledCount,
): Promise<Total> {
  const limited = sql<{ total: number }>`select count(*)::int as total
    from (${matches} limit ${budget.countLimit + 1}) as matches`;
  let counted: number | undefined;
  try {
    const { rows } = await withBudget(executor, budget.budgetMs, (runner) => limited.execute(runner));
    counted = Number(rows[0]?.total ?? 0);
  } catch (error) {
    if (!isQueryCanceled(error)) throw error;
    metrics.countBudgetExceeded();
  }
  if (counted !== undefined && counted <= budget.countLimit) return { total: counted, kind: 'exact' };
  return overLimitTotal(executor, check, budget, counted);
}

/**
 * A count found more matches than the limit (`counted`), or ran out of time (undefined): it is only
 * a lower bound. A sample of the table's pages (`check`) estimates the total instead when it saw
 * enough matches to be presented (`estimate-precision.ts`) and agrees with the count; otherwise the
 * answer is the bound itself, "more than" the rows counted but the last (the one past the limit),
 * or more than none when time ran out (the page raises that, `reconcile`).
 */
export async function overLimitTotal(
  executor: Executor,
  check: SampledCount | undefined,
  budget: TotalBudget,
  counted: number | undefined,
): Promise<Total> {
  const bound = counted === undefined ? 0 : counted - 1;
  const sampled = check ? await sampledTotal(executor, check, budget) : undefined;
  if (sampled !== undefined && sampled > bound) return { total: sampled, kind: 'estimate' };
  return { total: bound, kind: 'moreThan' };
}

/** A filter's table and its `where`, for counting the matches in a sample of the table's pages. */
export interface SampledCount {
  table: string;
  alias: string;
  where: RawBuilder<unknown>;
  /** The table's name in `row_counts`, when it has one: its exact size scales the sampled share. */
  countedTable?: string;
}

/**
 * Pages sampled aim at this many rows: enough for a filter matching a few percent to be estimated
 * within the bar of `estimate-precision.ts`, few enough to be read within the count's budget.
 */
const SAMPLE_ROWS = 20_000;

/**
 * The matches estimated from a sample of the table's pages, or undefined when the sample cannot
 * promise the estimate (too few matches, or pages too unlike each other) or ran out of time.
 */
async function sampledTotal(executor: Executor, sample: SampledCount, budget: TotalBudget) {
  const tableRows = await tableSize(executor, sample);
  if (tableRows <= 0) return undefined;
  const percent = Math.min(100, Math.max(0.01, (100 * SAMPLE_ROWS) / tableRows));
  // Per page, its rows and its matches: the error of the estimate is judged from how pages differ.
  const query = sql<SampledPage>`with drawn as materialized (
      select (${sql.ref(`${sample.alias}.ctid`)}::text::point)[0] as list_page, ${sql.ref(`${sample.alias}`)}.*
      from ${sql.table(sample.table)} as ${sql.id(sample.alias)} tablesample system (${percent}::float4)
    ),
    pages as (select list_page, count(*)::int as rows from drawn group by list_page),
    matched as (
      select list_page, count(*)::int as hits from drawn as ${sql.id(sample.alias)} ${sample.where}
      group by list_page
    )
    select pages.rows, coalesce(matched.hits, 0)::int as hits
    from pages left join matched using (list_page)`;
  try {
    const { rows } = await withBudget(executor, budget.budgetMs, (runner) => query.execute(runner));
    const pages = rows.map((row) => ({ rows: Number(row.rows), hits: Number(row.hits) }));
    const { share, relativeStandardError } = clusteredShare(pages, percent >= 100);
    return isPresentable(relativeStandardError) ? Math.round(share * tableRows) : undefined;
  } catch (error) {
    if (!isQueryCanceled(error)) throw error;
    metrics.countBudgetExceeded();
    return undefined;
  }
}

/** The table's exact size from `row_counts` where it is kept, else the planner's statistics. */
async function tableSize(executor: Executor, sample: SampledCount): Promise<number> {
  const { rows } = sample.countedTable
    ? await sql<{ rows: number }>`select n::float8 as rows from row_counts
        where table_name = ${sample.countedTable}`.execute(executor)
    : await sql<{ rows: number }>`select greatest(reltuples, 0)::float8 as rows
        from pg_class where oid = to_regclass(${sample.table})`.execute(executor);
  return Number(rows[0]?.rows ?? 0);
}

/** A statement allowed this long may start parallel workers, as many as PostgreSQL's default. */
const PARALLEL_FROM_MS = 1_000;
const PARALLEL_WORKERS = '2';

/**
 * Runs a statement with its own `statement_timeout`, set for one transaction only; one allowed a second
 * or more (an exact count asked for) may also use parallel workers, which the pool's connections do
 * not start. Inside a caller's transaction a timeout would abort that transaction, so there the count
 * is bounded by its limit alone. PGlite accepts the settings but has no timer or workers.
 */
export async function withBudget<T>(
  executor: Executor,
  budgetMs: number,
  run: (runner: Executor) => Promise<T>,
): Promise<T> {
  if (budgetMs <= 0 || executor.isTransaction) return run(executor);
  const workers = budgetMs >= PARALLEL_FROM_MS ? PARALLEL_WORKERS : '0';
  return (executor as Db).transaction().execute(async (trx) => {
    await sql`select set_config('statement_timeout', ${String(budgetMs)}, true),
      set_config('max_parallel_workers_per_gather', ${workers}, true)`.execute(trx);
    return run(trx);
  });
}

export function isQueryCanceled(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === QUERY_CANCELED;
}

interface PlanNode {
  'Plan Rows'?: number;
}

/** The row count the planner expects of `matches`: no rows are read, only statistics. */
export async function plannerEstimate(executor: Executor, matches: RawBuilder<unknown>): Promise<number> {
  const { rows } = await sql<Record<string, unknown>>`explain (format json) ${matches}`.execute(executor);
  const raw = rows[0] ? Object.values(rows[0])[0] : undefined;
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan?: PlanNode }> | undefined;
  return Math.max(0, Math.round(plan?.[0]?.Plan?.['Plan Rows'] ?? 0));
}

let processBudget: TotalBudget = DEFAULT_TOTAL_BUDGET;

/** The budget every list of this process uses (from the configuration, at start-up). */
export function configureTotalBudget(budget: TotalBudget): void {
  processBudget = budget;
}

export function totalBudget(): TotalBudget {
  return processBudget;
}
