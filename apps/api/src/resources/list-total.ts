import { type RawBuilder, sql } from 'kysely';
import type { Db, Executor } from '../db/database.js';

/** How much a filtered total may cost before it becomes an estimate. */
export interface TotalBudget {
  /** Matches counted at most; more than this (expected or found) and the total is the planner's estimate. */
  countLimit: number;
  /** Time the count may take on PostgreSQL (`statement_timeout`); 0 for none. */
  budgetMs: number;
}

export const DEFAULT_TOTAL_BUDGET: TotalBudget = { countLimit: 2_000, budgetMs: 30 };

export interface Total {
  total: number;
  /** False when `total` is an estimate: more matches than the limit, or the count ran out of time. */
  exact: boolean;
}

const QUERY_CANCELED = '57014';

/**
 * The number of rows `matches` (a `select 1 from … where …`) returns. The planner's estimate comes
 * first (statistics only, no rows read): when it expects more than `countLimit` matches the estimate
 * is the answer, since counting a broad filter costs a scan of every match. Otherwise the matches are
 * counted, up to the limit and within the budget; a count that reaches either answers the estimate
 * instead, never below what was counted. A slow count costs the budget, never an error.
 */
export async function boundedTotal(
  executor: Executor,
  matches: RawBuilder<unknown>,
  budget: TotalBudget,
): Promise<Total> {
  const estimate = await plannerEstimate(executor, matches);
  if (estimate > budget.countLimit) return { total: estimate, exact: false };
  const limited = sql<{ total: number }>`select count(*)::int as total
    from (${matches} limit ${budget.countLimit + 1}) as matches`;
  let counted: number | undefined;
  try {
    const { rows } = await withBudget(executor, budget.budgetMs, (runner) => limited.execute(runner));
    counted = Number(rows[0]?.total ?? 0);
  } catch (error) {
    if (!isQueryCanceled(error)) throw error;
  }
  if (counted !== undefined && counted <= budget.countLimit) return { total: counted, exact: true };
  return { total: Math.max(estimate, counted ?? 0), exact: false };
}

/**
 * Runs a statement with its own `statement_timeout`, set for one transaction only. Inside a caller's
 * transaction a timeout would abort that transaction, so there the count is bounded by its limit
 * alone. PGlite accepts the setting but has no timer to act on it.
 */
async function withBudget<T>(
  executor: Executor,
  budgetMs: number,
  run: (runner: Executor) => Promise<T>,
): Promise<T> {
  if (budgetMs <= 0 || executor.isTransaction) return run(executor);
  return (executor as Db).transaction().execute(async (trx) => {
    await sql`select set_config('statement_timeout', ${String(budgetMs)}, true)`.execute(trx);
    return run(trx);
  });
}

function isQueryCanceled(error: unknown): boolean {
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
