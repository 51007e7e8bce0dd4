import type { ReportSchedule } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { newScheduleForm, scheduleFormOf, scheduleWriteOf } from './schedule-form';

describe('the schedule form', () => {
  it('sends only the day field its frequency uses', () => {
    const form = { ...newScheduleForm(7, 'Europe/Kyiv'), weekday: 3, monthDay: 15 };
    expect(scheduleWriteOf(form)).toMatchObject({ frequency: 'weekly', weekday: 3, month_day: null });
    expect(scheduleWriteOf({ ...form, frequency: 'monthly' })).toMatchObject({
      weekday: null,
      month_day: 15,
    });
    expect(scheduleWriteOf({ ...form, frequency: 'daily' })).toMatchObject({
      weekday: null,
      month_day: null,
    });
  });

  it('reads a stored schedule back with its recipients’ names, and writes it unchanged', () => {
    const stored = {
      saved_report_id: 7,
      frequency: 'monthly',
      weekday: null,
      month_day: 28,
      hour: 23,
      time_zone: 'Asia/Kolkata',
      recipients: [3, 9],
      recipient_names: ['Olena Kovalenko', '#9'],
      enabled: false,
    } as ReportSchedule;
    const form = scheduleFormOf(stored);
    expect(form.recipients).toEqual([
      { value: 3, label: 'Olena Kovalenko' },
      { value: 9, label: '#9' },
    ]);
    expect(scheduleWriteOf(form)).toEqual({
      saved_report_id: 7,
      frequency: 'monthly',
      weekday: null,
      month_day: 28,
      hour: 23,
      time_zone: 'Asia/Kolkata',
      recipients: [3, 9],
      enabled: false,
    });
  });
});
