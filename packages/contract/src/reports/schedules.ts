import { z } from 'zod';
import {
  createdAtColumn,
  dateColumn,
  idColumn,
  optionColumn,
  updatedAtColumn,
} from '../resources/columns.js';
import type { ResourceDescriptor } from '../resources/descriptor.js';
import { requiredId } from '../resources/fields.js';
import { isTimeZone } from './period.js';
import { REPORT_IDS } from './result.js';

export const SCHEDULE_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type ScheduleFrequency = (typeof SCHEDULE_FREQUENCIES)[number];

/**
 * How a run ended: every recipient's e-mail queued (`sent`), some of them skipped because they may no
 * longer open the report or their account is not active (`partial`), nobody left to send to
 * (`skipped`), or the report or its e-mail could not be made (`failed`).
 */
export const SCHEDULE_RUN_STATUSES = ['sent', 'partial', 'skipped', 'failed'] as const;
export type ScheduleRunStatus = (typeof SCHEDULE_RUN_STATUSES)[number];

/** Recipients of one schedule: a team's list, bounded so one run stays one short transaction. */
export const SCHEDULE_RECIPIENTS_MAX = 50;
/** A monthly schedule's day: 1–28, so every month has it (no "the 31st of February" to explain). */
export const SCHEDULE_MONTH_DAY_MAX = 28;

/** Why a recipient got nothing: their account is gone or not active, or they may not open the report. */
export const SCHEDULE_SKIP_REASONS = ['missing', 'inactive', 'forbidden'] as const;
export type ScheduleSkipReason = (typeof SCHEDULE_SKIP_REASONS)[number];

export const scheduleSkipSchema = z.object({ id: z.number().int(), reason: z.enum(SCHEDULE_SKIP_REASONS) });
export type ScheduleSkip = z.infer<typeof scheduleSkipSchema>;

/**
 * Why a run sent nothing besides its recipients: the saved report or its report is gone, the report
 * could not be computed, the e-mail could not be made (the template), or the schedule's owner may no
 * longer send it (not active, no grant, the saved report no longer theirs to see).
 */
export const SCHEDULE_RUN_ERRORS = [
  'report-missing',
  'report-failed',
  'email-failed',
  'owner-unable',
] as const;
export type ScheduleRunError = (typeof SCHEDULE_RUN_ERRORS)[number];

export const scheduleRunSchema = z.object({
  id: z.number().int(),
  /** The slot the run was for (its due time), or when "Send now" was pressed. */
  slot: z.string(),
  manual: z.boolean(),
  status: z.enum(SCHEDULE_RUN_STATUSES),
  started_at: z.string(),
  /** E-mails queued, one per recipient who got the report. */
  sent: z.number().int(),
  skipped_count: z.number().int(),
  /**
   * Who got nothing and why: the schedule's owner's to know (a colleague's account status and grants
   * are not every reader's); empty for others, who see `skipped_count`.
   */
  skipped: z.array(scheduleSkipSchema),
  /** Why the run failed or sent nothing, when not for its recipients' sake. */
  error: z.enum(SCHEDULE_RUN_ERRORS).nullable(),
});
export type ScheduleRun = z.infer<typeof scheduleRunSchema>;

export const scheduleRunsSchema = z.object({ items: z.array(scheduleRunSchema) });

/**
 * A saved report's e-mail delivery (`auth/report-schedules`): daily, weekly on an ISO weekday
 * (1 = Monday) or monthly on a day, at an hour in its time zone, to administrators by id. The report's
 * period is the saved report's, computed in the schedule's zone when it runs. `mine`: the reader owns
 * it and may change it.
 */
export const reportScheduleSchema = z.object({
  id: z.number().int(),
  saved_report_id: z.number().int(),
  saved_report_name: z.string(),
  report: z.enum(REPORT_IDS),
  frequency: z.enum(SCHEDULE_FREQUENCIES),
  weekday: z.number().int().nullable(),
  month_day: z.number().int().nullable(),
  hour: z.number().int(),
  time_zone: z.string(),
  recipients: z.array(z.number().int()),
  recipient_names: z.array(z.string()),
  enabled: z.boolean(),
  next_run_at: z.string().nullable(),
  last_run: scheduleRunSchema.nullable(),
  owner_id: z.number().int(),
  owner_name: z.string(),
  mine: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;

const whole = (min: number, max: number) =>
  z
    .number({ error: 'invalidType' })
    .int({ error: 'invalidValue' })
    .min(min, { error: 'invalidValue' })
    .max(max, { error: 'invalidValue' });

export const reportScheduleWriteSchema = z
  .strictObject({
    saved_report_id: requiredId,
    frequency: z.enum(SCHEDULE_FREQUENCIES, { error: 'invalidValue' }),
    weekday: whole(1, 7).nullable().default(null),
    month_day: whole(1, SCHEDULE_MONTH_DAY_MAX).nullable().default(null),
    hour: whole(0, 23),
    // A zone's name: runtimes that take raw offsets ('+03:00') disagree with PostgreSQL, which reads
    // them the POSIX way (east negative).
    time_zone: z
      .string({ error: 'invalidType' })
      .max(64, { error: 'tooLong' })
      .refine((zone) => /^[A-Za-z]/.test(zone) && isTimeZone(zone), { error: 'timeZoneInvalid' }),
    recipients: z
      .array(requiredId, { error: 'invalidType' })
      .min(1, { error: 'scheduleRecipientsMissing' })
      .max(SCHEDULE_RECIPIENTS_MAX, { error: 'tooLong' })
      .refine((ids) => new Set(ids).size === ids.length, { error: 'scheduleRecipientTwice' }),
    enabled: z.boolean({ error: 'invalidType' }).default(true),
  })
  .superRefine((value, context) => {
    // Each frequency takes its own day field and no other, so a stored row means one thing.
    const needs = { weekday: value.frequency === 'weekly', month_day: value.frequency === 'monthly' };
    for (const [field, needed] of Object.entries(needs)) {
      const given = value[field as keyof typeof needs] !== null;
      if (needed && !given) context.addIssue({ code: 'custom', path: [field], message: 'required' });
      if (!needed && given) context.addIssue({ code: 'custom', path: [field], message: 'invalidValue' });
    }
  });
export type ReportScheduleWrite = z.input<typeof reportScheduleWriteSchema>;

const REPORT_OPTIONS = REPORT_IDS.map((id) => ({ value: id, label: `reports.${id}.title` }));
const FREQUENCY_OPTIONS = SCHEDULE_FREQUENCIES.map((value) => ({
  value,
  label: `reports.schedules.frequency.${value}`,
}));

export const reportSchedulesResource: ResourceDescriptor = {
  name: 'report-schedules',
  service: 'auth',
  path: '/admin/report-schedules',
  fields: [
    idColumn(),
    optionColumn('report', 'reports.saved.fields.report', REPORT_OPTIONS, true),
    optionColumn('frequency', 'reports.schedules.fields.frequency', FREQUENCY_OPTIONS, true),
    {
      name: 'enabled',
      label: 'reports.schedules.fields.enabled',
      sortable: true,
      display: { kind: 'boolean' },
    },
    dateColumn('next_run_at', 'reports.schedules.fields.next_run_at', 'datetime'),
    createdAtColumn(),
    updatedAtColumn(),
  ],
  defaultSort: 'id',
};
