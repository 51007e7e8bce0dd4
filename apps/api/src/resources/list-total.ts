import { type RawBuilder, sql } from 'kysely';
import type { Db, Executor } from '../db/database.js';
import { metrics } from '../metrics/metrics.js';

/** How much a filtered total may cost before it becomes an estimate. */
export interface TotalBudget {
  /** Matches counted at most; more than this (expected or found) and the total is an estimate. */
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
 * statement timeout); a count that still does not finish answers the estimate, flagged as one.
 */
export const EXACT_TOTAL_BUDGET: TotalBudget = { countLimit: Number.MAX_SAFE_INTEGER, budgetMs: 5_000 };

export interface Total {
  total: number;
  /** False when `total` is an estimate: more matches than the limit, or the count ran out of time. */
  exact: boolean;
}

const QUERY_CANCELED = '57014';

/**
 * The number of rows `matches` (a `select 1 from … where …`) returns. An estimate comes first: the
 * caller's `planned` (from the table's sample or the planner), else the planner's (statistics only,
 * no rows read). When it expects more than `countLimit` matches the estimate is the answer, since
 * counting a broad filter costs a scan of every match. Otherwise the matches are counted, up to the
 * limit and within the budget; a count that reaches either answers an estimate instead (the
 * expected one, or a sample of the table's pages when the count proved the planner short and
 * `sample` is given), never below what was counted. A slow count costs the budget, never an error.
 */
export async function boundedTotal(
  executor: Executor,
  matches: RawBuilder<unknown>,
  budget: TotalBudget,
  sample?: SampledCount,
  planned?: number,
): Promise<Total> {
  const estimate = planned ?? (await plannerEstimate(executor, matches));
  if (estimate > budget.countLimit) return { total: estimate, exact: false };
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
  if (counted !== undefined && counted <= budget.countLimit) return { total: counted, exact: true };
  if (counted === undefined || !sample) return { total: Math.max(estimate, counted ?? 0), exact: false };
  return { total: await overLimitTotal(executor, sample, budget, estimate, counted), exact: false };
}

/**
 * A count found more than the planner expected: its statistics missed this filter, and the count is
 * only a lower bound, so a sample of the table's pages estimates it instead; never below either.
 */
export async function overLimitTotal(
  executor: Executor,
  sample: SampledCount,
  budget: TotalBudget,
  planned: number,
  counted: number,
): Promise<number> {
  const sampled = await sampledTotal(executor, sample, budget);
  return Math.max(planned, counted, sampled ?? 0);
}

/** A filter's table and its `where`, for counting the matches in a sample of the table's pages. */
export interface SampledCount {
  table: string;
  alias: string;
  where: RawBuilder<unknown>;
}

/** Pages sampled aim at this many rows: enough for a fraction of a percent to show, few enough to be quick. */
const SAMPLE_ROWS = 20_000;

async function sampledTotal(executor: Executor, sample: SampledCount, budget: TotalBudget) {
  const { rows: sizes } = await sql<{ rows: number }>`select greatest(reltuples, 0)::float8 as rows
    from pg_class where oid = to_regclass(${sample.table})`.execute(executor);
  const tableRows = Number(sizes[0]?.rows ?? 0);
  if (tableRows <= 0) return undefined;
  const percent = Math.min(100, Math.max(0.01, (100 * SAMPLE_ROWS) / tableRows));
  const query = sql<{ total: number }>`select count(*)::float8 * ${100 / percent}::float8 as total
    from ${sql.table(sample.table)} as ${sql.id(sample.alias)} tablesample system (${percent}::float4)
    ${sample.where}`;
  try {
    const { rows } = await withBudget(executor, budget.budgetMs, (runner) => query.execute(runner));
    return Math.round(Number(rows[0]?.total ?? 0));
  } catch (error) {
    if (!isQueryCanceled(error)) throw error;
    metrics.countBudgetExceeded();
    return undefined;
  }
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
