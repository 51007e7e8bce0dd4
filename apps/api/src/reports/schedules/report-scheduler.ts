import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db, Executor } from '../../db/database.js';
import {
  type DeliveryOutcome,
  type DueSchedule,
  deliverSchedule,
  type ScheduleDeliveryDeps,
} from './schedule-delivery.js';

export interface ReportSchedulerDeps extends ScheduleDeliveryDeps {
  db: Db;
  logger: FastifyBaseLogger;
  /** How often a process looks for due schedules; a slot runs within this of its time. */
  pollMs?: number;
}

interface DueRow extends Omit<DueSchedule, 'recipients'> {
  recipients: (number | string)[];
  next_run_at: Date;
}

export interface RunOutcome extends DeliveryOutcome {
  runId: number;
}

const DUE_COLUMNS = sql`id, saved_report_id, frequency, weekday, month_day, hour, time_zone, recipients, next_run_at`;
/** Due schedules one tick runs at most; the rest wait for the next tick (or another process). */
const RUNS_PER_TICK = 50;
const DEFAULT_POLL_MS = 30_000;

const scheduleOf = (row: DueRow) => ({
  ...row,
  id: Number(row.id),
  saved_report_id: Number(row.saved_report_id),
  recipients: row.recipients.map(Number),
});

/**
 * Runs due report schedules, in any number of processes: each due schedule is claimed with
 * `for update skip locked`, its `next_run_at` moved to the first slot after now and its run recorded
 * and mailed in that one transaction. So a slot runs once (another process skips the locked row, and
 * finds it no longer due once the claim commits); a process that dies mid-run rolls everything back
 * and the slot stays due for the next tick; and slots missed while no process ran collapse into one
 * run (the first missed slot's), after which the schedule goes on from now.
 */
export function createReportScheduler(deps: ReportSchedulerDeps) {
  const { db, clock, logger } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  /** Records a run and mails it; undefined when this slot has a run already (the unique guard). */
  async function run(
    trx: Executor,
    row: DueRow,
    slot: Date,
    manual: boolean,
  ): Promise<RunOutcome | undefined> {
    const { rows } = await sql<{ id: number }>`insert into report_schedule_runs
        (schedule_id, slot, manual, status, started_at)
      values (${row.id}, ${slot}, ${manual}, 'failed', ${clock()})
      on conflict (schedule_id, slot) do nothing returning id`.execute(trx);
    const runId = rows[0]?.id;
    if (runId === undefined) return undefined;
    const outcome = await deliverSchedule(trx, deps, scheduleOf(row));
    await sql`update report_schedule_runs set status = ${outcome.status}, sent = ${outcome.sent},
        skipped = ${JSON.stringify(outcome.skipped)}::jsonb, error = ${outcome.error}
      where id = ${runId}`.execute(trx);
    if (outcome.status === 'failed')
      logger.warn({ schedule: row.id, error: outcome.error }, 'A report schedule run failed');
    return { runId: Number(runId), ...outcome };
  }

  /** Claims and runs one due schedule; false when none is due (or every due one is being run). */
  async function runOneDue(): Promise<boolean> {
    const ran = await db.transaction().execute(async (trx) => {
      const now = clock();
      const { rows } = await sql<DueRow>`select ${DUE_COLUMNS} from report_schedules
        where enabled and next_run_at <= ${now} order by next_run_at, id limit 1 for update skip locked`.execute(
        trx,
      );
      const row = rows[0];
      if (!row) return false;
      await sql`update report_schedules set next_run_at = report_schedule_next(frequency, weekday, month_day,
          hour, time_zone, ${now}::timestamptz)
        where id = ${row.id}`.execute(trx);
      await run(trx, row, row.next_run_at, false);
      return true;
    });
    if (ran) deps.mailer.wake();
    return ran;
  }

  /** Runs every schedule due now (up to a tick's worth); answers how many ran. */
  async function runDue(): Promise<number> {
    let count = 0;
    while (count < RUNS_PER_TICK && (await runOneDue())) count += 1;
    return count;
  }

  /**
   * "Send now": one run outside the schedule's slots, waiting for a scheduled run of the same
   * schedule to finish first (the row lock), so the two never interleave. Undefined: no such schedule.
   */
  async function runNow(scheduleId: number): Promise<RunOutcome | undefined> {
    const outcome = await db.transaction().execute(async (trx) => {
      const { rows } = await sql<DueRow>`select ${DUE_COLUMNS} from report_schedules
        where id = ${scheduleId} for update`.execute(trx);
      const row = rows[0];
      return row ? run(trx, row, clock(), true) : undefined;
    });
    if (outcome) deps.mailer.wake();
    return outcome;
  }

  /** One tick at a time per process: a slow one is not joined by the next. */
  function tick() {
    if (running) return;
    running = runDue()
      .catch((err: unknown) => logger.warn({ err }, 'Running report schedules failed'))
      .finally(() => {
        running = undefined;
      });
  }

  return {
    runDue,
    runNow,
    start() {
      timer = setInterval(tick, deps.pollMs ?? DEFAULT_POLL_MS);
      timer.unref();
      tick();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

export type ReportScheduler = ReturnType<typeof createReportScheduler>;
