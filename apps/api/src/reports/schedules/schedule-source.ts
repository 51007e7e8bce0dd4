import {
  type ReportId,
  type ReportSchedule,
  reportSchedulesResource,
  type ScheduleFrequency,
  type ScheduleRun,
  type ScheduleRunError,
  type ScheduleRunStatus,
  type ScheduleSkip,
} from '@pult/contract';
import { type RawBuilder, sql } from 'kysely';
import type { ListColumn, ListSource } from '../../resources/list-sql.js';
import { type SavedReportReader, visibleTo } from '../saved/saved-report-source.js';

export interface ScheduleRunRow {
  id: number;
  slot: Date | string;
  manual: boolean;
  status: ScheduleRunStatus;
  started_at: Date | string;
  sent: number;
  skipped: ScheduleSkip[];
  error: ScheduleRunError | null;
}

export interface ScheduleRow {
  id: number;
  saved_report_id: number;
  saved_report_name: string;
  report: ReportId;
  frequency: ScheduleFrequency;
  weekday: number | null;
  month_day: number | null;
  hour: number;
  time_zone: string;
  recipients: (number | string)[];
  recipient_names: string[];
  enabled: boolean;
  next_run_at: Date | null;
  last_run: ScheduleRunRow | null;
  owner_id: number;
  owner_name: string;
  mine: boolean;
  created_at: Date;
  updated_at: Date;
}

const own = (name: string, kind: ListColumn['kind']): ListColumn => ({ sql: sql.ref(`r.${name}`), kind });
const ofSavedReport = (column: string) =>
  sql`(select ${sql.ref(`s.${column}`)} from saved_reports s where s.id = r.saved_report_id)`;

const COLUMNS: Record<string, ListColumn> = {
  id: own('id', 'integer'),
  report: { sql: ofSavedReport('report'), kind: 'text' },
  frequency: own('frequency', 'text'),
  enabled: own('enabled', 'boolean'),
  next_run_at: own('next_run_at', 'timestamp'),
  // Not list columns, but a grant's condition may name them (`update` where `owner_id` is `$actor.id`).
  owner_id: own('owner_id', 'integer'),
  saved_report_id: own('saved_report_id', 'integer'),
  created_at: own('created_at', 'timestamp'),
  updated_at: own('updated_at', 'timestamp'),
};

/** The table as writes and versions address it (no reader: they go by id). */
export const scheduleTable = { table: 'report_schedules', alias: 'r', key: 'id', columns: COLUMNS };

const adminName = (id: RawBuilder<unknown>) =>
  sql`(select coalesce(nullif(trim(a.first_name || ' ' || a.last_name), ''), '#' || a.id)
    from admins a where a.id = ${id})`;

/** The last run's columns, as the runs list shows them too. */
export const RUN_COLUMNS = sql`id, slot, manual, status, started_at, sent, skipped, error`;

export function scheduleSelect(reader: SavedReportReader) {
  return sql`r.id, r.saved_report_id, ${ofSavedReport('name')} as saved_report_name,
    ${ofSavedReport('report')} as report, r.frequency, r.weekday, r.month_day, r.hour, r.time_zone,
    r.recipients, r.enabled, r.next_run_at, r.owner_id, r.created_at, r.updated_at,
    r.owner_id = ${reader.adminId} as mine,
    ${adminName(sql.ref('r.owner_id'))} as owner_name,
    (select coalesce(array_agg(coalesce(${adminName(sql.ref('x.id'))}, '#' || x.id) order by x.ord), '{}')
      from unnest(r.recipients) with ordinality as x (id, ord)) as recipient_names,
    (select row_to_json(l) from (select ${RUN_COLUMNS} from report_schedule_runs
      where schedule_id = r.id order by started_at desc, id desc limit 1) as l) as last_run`;
}

/**
 * What a reader sees: the schedules of the saved reports they see (their own and those shared with
 * their groups: who else gets a report shared with them is theirs to know), of reports they may open.
 */
export function scheduleScope(reader: SavedReportReader, openable: readonly ReportId[]) {
  return sql<boolean>`exists (select 1 from saved_reports s where s.id = r.saved_report_id
    and ${visibleTo(reader)} and s.report = any(${[...openable]}::text[]))`;
}

export function scheduleList(
  reader: SavedReportReader,
  openable: readonly ReportId[],
): ListSource<ScheduleRow, ReportSchedule> {
  return {
    ...scheduleTable,
    descriptor: reportSchedulesResource,
    select: scheduleSelect(reader),
    scope: scheduleScope(reader, openable),
    toItem: toSchedule,
  };
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** A run as a reader sees it: who was skipped and why is the schedule's owner's to know. */
export function toScheduleRun(row: ScheduleRunRow, owner: boolean): ScheduleRun {
  return {
    id: Number(row.id),
    slot: iso(row.slot),
    manual: row.manual,
    status: row.status,
    started_at: iso(row.started_at),
    sent: Number(row.sent),
    skipped_count: row.skipped.length,
    skipped: owner ? row.skipped.map((skip) => ({ id: Number(skip.id), reason: skip.reason })) : [],
    error: row.error,
  };
}

export function toSchedule(row: ScheduleRow): ReportSchedule {
  return {
    id: Number(row.id),
    saved_report_id: Number(row.saved_report_id),
    saved_report_name: row.saved_report_name,
    report: row.report,
    frequency: row.frequency,
    weekday: row.weekday === null ? null : Number(row.weekday),
    month_day: row.month_day === null ? null : Number(row.month_day),
    hour: Number(row.hour),
    time_zone: row.time_zone,
    recipients: row.recipients.map(Number),
    recipient_names: row.recipient_names,
    enabled: row.enabled,
    next_run_at: row.next_run_at ? iso(row.next_run_at) : null,
    last_run: row.last_run ? toScheduleRun(row.last_run, row.mine) : null,
    owner_id: Number(row.owner_id),
    owner_name: row.owner_name,
    mine: row.mine,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}
