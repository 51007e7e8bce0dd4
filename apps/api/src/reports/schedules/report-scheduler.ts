import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db, Executor } from '../../db/database.js';
import {
  type DueSchedule,
  type PreparedDelivery,
  prepareDelivery,
  queueDelivery,
  type ScheduleDeliveryDeps,
} from './schedule-delivery.js';
import { RUN_COLUMNS, type ScheduleRunRow } from './schedule-source.js';

export interface ReportSchedulerDeps extends ScheduleDeliveryDeps {
  db: Db;
  logger: FastifyBaseLogger;
  /** How often a process looks for due schedules; a slot runs within this of its time. */
  pollMs?: number;
}

interface DueRow extends Omit<DueSchedule, 'recipients'> {
  recipients: (number | string)[];
  next_run_at: Date;
  /** The row's version when read: a claim takes the row only as it was read. */
  version: string;
}

const DUE_COLUMNS = sql`id, saved_report_id, owner_id, frequency, weekday, month_day, hour, time_zone, recipients, next_run_at,
  xmin::text as version`;
/** Due schedules one tick runs at most; the rest wait for the next tick (or another process). */
const RUNS_PER_TICK = 50;
const DEFAULT_POLL_MS = 30_000;
/** How long after one "Send now" the next is refused: a second click mails every recipient twice. */
export const SEND_NOW_COOLDOWN_SECONDS = 60;

/** What "Send now" did: a run, or nothing yet, `retryAfter` seconds before the next may go. */
export type SendNowOutcome = { run: ScheduleRunRow } | { retryAfter: number };

const scheduleOf = (row: DueRow) => ({
  ...row,
  id: Number(row.id),
  saved_report_id: Number(row.saved_report_id),
  owner_id: Number(row.owner_id),
  recipients: row.recipients.map(Number),
});

/**
 * Runs due report schedules, in any number of processes. A run is made ready first (recipients, their
 * grants, the report), then claimed and queued in one short transaction: the schedule's row is taken
 * `for update skip locked` only if it is still due at the slot and as it was read, its `next_run_at`
 * moved to the first slot after now, and its run recorded and its e-mails queued. So a slot runs once
 * (another process skips the locked row, or finds it moved on once the claim commits); a process that
 * dies before it commits leaves the slot due for the next tick, here after a restart or elsewhere; and
 * slots missed while no process ran collapse into one run (the first missed slot's), after which the
 * schedule goes on from now.
 */
export function createReportScheduler(deps: ReportSchedulerDeps) {
  const { db, clock, logger } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  /** Records a run and queues it; undefined when this slot has a run already (the unique guard). */
  async function record(
    trx: Executor,
    row: DueRow,
    slot: Date,
    manual: boolean,
    prepared: PreparedDelivery,
  ): Promise<ScheduleRunRow | undefined> {
    const { rows } = await sql<{ id: number }>`insert into report_schedule_runs
        (schedule_id, slot, manual, status, started_at)
      values (${row.id}, ${slot}, ${manual}, 'failed', ${clock()})
      on conflict (schedule_id, slot) do nothing returning id`.execute(trx);
    const runId = rows[0]?.id;
    if (runId === undefined) return undefined;
    const outcome = await queueDelivery(trx, deps, prepared);
    const { rows: runs } = await sql<ScheduleRunRow>`update report_schedule_runs
      set status = ${outcome.status}, sent = ${outcome.sent},
        skipped = ${JSON.stringify(outcome.skipped)}::jsonb, error = ${outcome.error}
      where id = ${runId} returning ${RUN_COLUMNS}`.execute(trx);
    if (outcome.status === 'failed')
      logger.warn(
        { schedule: row.id, error: outcome.error, detail: outcome.detail },
        'A report schedule run sent nothing',
      );
    return runs[0];
  }

  /** Makes one due schedule's run ready, then claims its slot and queues it; false when another did. */
  async function runIfStillDue(row: DueRow, now: Date): Promise<boolean> {
    const prepared = await prepareDelivery(db, deps, scheduleOf(row));
    const ran = await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: number }>`select id from report_schedules
        where id = ${row.id} and xmin::text = ${row.version} for update skip locked`.execute(trx);
      if (!rows[0]) return false;
      await sql`update report_schedules set next_run_at = report_schedule_next(frequency, weekday, month_day,
          hour, time_zone, ${now}::timestamptz)
        where id = ${row.id}`.execute(trx);
      await record(trx, row, row.next_run_at, false, prepared);
      return true;
    });
    if (ran) deps.mailer.wake();
    return ran;
  }

  /** Runs the schedules due now (up to a tick's worth); answers how many this process ran. */
  async function runDue(): Promise<number> {
    const now = clock();
    const { rows } = await sql<DueRow>`select ${DUE_COLUMNS} from report_schedules
      where enabled and next_run_at <= ${now} order by next_run_at, id limit ${RUNS_PER_TICK}`.execute(db);
    let count = 0;
    for (const row of rows) {
      // One schedule that cannot run (a zone the database no longer knows) holds up no other.
      try {
        if (await runIfStillDue(row, now)) count += 1;
      } catch (err) {
        logger.warn({ err, schedule: Number(row.id) }, 'A report schedule could not run');
      }
    }
    return count;
  }

  /**
   * Seconds before "Send now" may go again (0: now). A run that mailed nobody starts no cooldown; a
   * clock behind the process that recorded the last run never makes the wait longer than a cooldown.
   */
  async function cooldownLeft(executor: Executor, scheduleId: number): Promise<number> {
    const { rows } = await sql<{ started_at: Date }>`select started_at from report_schedule_runs
      where schedule_id = ${scheduleId} and manual and sent > 0
      order by started_at desc limit 1`.execute(executor);
    if (!rows[0]) return 0;
    const since = (clock().getTime() - new Date(rows[0].started_at).getTime()) / 1000;
    if (since >= SEND_NOW_COOLDOWN_SECONDS) return 0;
    return Math.min(SEND_NOW_COOLDOWN_SECONDS, Math.max(1, Math.ceil(SEND_NOW_COOLDOWN_SECONDS - since)));
  }

  /**
   * "Send now": one run outside the schedule's slots, as the schedule is when asked, waiting for a
   * scheduled run of it to commit first (the row lock), refused within `SEND_NOW_COOLDOWN_SECONDS` of
   * the last one. Checked before the report is made (a refused click costs nothing) and again under
   * the lock (so two clicks in two processes send once). Undefined: no such schedule.
   */
  async function runNow(scheduleId: number): Promise<SendNowOutcome | undefined> {
    const { rows } = await sql<DueRow>`select ${DUE_COLUMNS} from report_schedules
      where id = ${scheduleId}`.execute(db);
    const row = rows[0];
    if (!row) return undefined;
    const early = await cooldownLeft(db, scheduleId);
    if (early > 0) return { retryAfter: early };
    const prepared = await prepareDelivery(db, deps, scheduleOf(row));
    const outcome = await db.transaction().execute(async (trx): Promise<SendNowOutcome | undefined> => {
      const { rows: locked } = await sql`select id from report_schedules where id = ${scheduleId}
        for update`.execute(trx);
      if (!locked[0]) return undefined;
      const left = await cooldownLeft(trx, scheduleId);
      if (left > 0) return { retryAfter: left };
      const run = await record(trx, row, clock(), true, prepared);
      return run ? { run } : undefined;
    });
    if (outcome && 'run' in outcome) deps.mailer.wake();
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
