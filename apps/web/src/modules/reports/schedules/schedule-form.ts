import type { ReportSchedule, ReportScheduleWrite, ScheduleFrequency } from '@pult/contract';

/** A recipient as the picker shows them: an administrator's id and name. */
export interface RecipientOption {
  value: number;
  label: string;
}

/** What the schedule dialog edits: every field at once, so switching the frequency loses no choice. */
export interface ScheduleForm {
  savedReportId: number | '';
  frequency: ScheduleFrequency;
  weekday: number;
  monthDay: number;
  hour: number;
  timeZone: string;
  recipients: RecipientOption[];
  enabled: boolean;
}

/** A new schedule: weekly on Monday at 09:00 in the administrator's zone, the usual report to a team. */
export function newScheduleForm(savedReportId: number | undefined, timeZone: string): ScheduleForm {
  return {
    savedReportId: savedReportId ?? '',
    frequency: 'weekly',
    weekday: 1,
    monthDay: 1,
    hour: 9,
    timeZone,
    recipients: [],
    enabled: true,
  };
}

export function scheduleFormOf(schedule: ReportSchedule): ScheduleForm {
  return {
    savedReportId: schedule.saved_report_id,
    frequency: schedule.frequency,
    weekday: schedule.weekday ?? 1,
    monthDay: schedule.month_day ?? 1,
    hour: schedule.hour,
    timeZone: schedule.time_zone,
    recipients: schedule.recipients.map((value, index) => ({
      value,
      label: schedule.recipient_names[index] ?? `#${value}`,
    })),
    enabled: schedule.enabled,
  };
}

/** The body the server takes: only the day field the frequency uses. */
export function scheduleWriteOf(form: ScheduleForm): ReportScheduleWrite {
  return {
    saved_report_id: form.savedReportId === '' ? 0 : form.savedReportId,
    frequency: form.frequency,
    weekday: form.frequency === 'weekly' ? form.weekday : null,
    month_day: form.frequency === 'monthly' ? form.monthDay : null,
    hour: form.hour,
    time_zone: form.timeZone,
    recipients: form.recipients.map((recipient) => recipient.value),
    enabled: form.enabled,
  };
}
