import { z } from 'zod';
import { AUDIT_ACTIONS } from '../audit/index.js';
import { CHANNEL_TYPES } from '../chat/channels.js';
import { LOCALES } from '../locales.js';
import { EMAIL_STATUSES, QUEUE_CHANNELS } from '../notification/email-queue.js';
import { isCalendarDate } from '../resources/list-query.js';
import {
  type DateRange,
  daysBetween,
  isTimeZone,
  REPORT_DAYS,
  REPORT_GROUPS,
  REPORT_MAX_DAYS,
  REPORT_PRESETS,
  type ReportPreset,
} from './period.js';

const calendarDate = z
  .string()
  .refine((value) => isCalendarDate(value) && value >= REPORT_DAYS.first && value <= REPORT_DAYS.last, {
    error: 'invalidDate',
  });

/**
 * What every report's query starts with: a period (a preset, or `from` and `to`, both counted), a
 * grouping and a time zone, checked across fields by `checkPeriod`; each report adds its filters, and
 * any other parameter is a 422. A saved report (next slice) stores exactly these parameters, so it is
 * replayed as a URL.
 */
export const reportPeriodShape = {
  preset: z.enum(REPORT_PRESETS, { error: 'invalidValue' }).optional(),
  from: calendarDate.optional(),
  to: calendarDate.optional(),
  group: z.enum(REPORT_GROUPS, { error: 'invalidValue' }).default('day'),
  tz: z
    .string()
    .max(64, { error: 'tooLong' })
    .refine(isTimeZone, { error: 'timeZoneInvalid' })
    .default('UTC'),
};

interface PeriodFields {
  preset?: ReportPreset | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** The rules across the period's fields, each issue on the field the panel shows it beside. */
export function checkPeriod(value: PeriodFields, context: z.RefinementCtx): void {
  const dates = value.from !== undefined || value.to !== undefined;
  if (value.preset !== undefined && dates) {
    context.addIssue({ code: 'custom', path: ['preset'], message: 'reportPeriodTwice' });
    return;
  }
  if (value.preset !== undefined) return;
  if (value.from === undefined || value.to === undefined) {
    const path = value.from === undefined ? 'from' : 'to';
    context.addIssue({ code: 'custom', path: [path], message: 'reportPeriodMissing' });
    return;
  }
  const range: DateRange = { from: value.from, to: value.to };
  if (range.to < range.from)
    context.addIssue({ code: 'custom', path: ['to'], message: 'reportPeriodReversed' });
  else if (daysBetween(range) > REPORT_MAX_DAYS)
    context.addIssue({ code: 'custom', path: ['to'], message: 'reportPeriodTooLong' });
}

const positiveId = z.coerce.number({ error: 'invalidValue' }).int({ error: 'invalidValue' }).positive({
  error: 'invalidValue',
});

/** Users: filtered by country and language, sign-ups split by one of them. */
export const USERS_REPORT_SPLITS = ['none', 'country', 'language'] as const;
export const usersReportQuerySchema = z
  .strictObject({
    ...reportPeriodShape,
    country: positiveId.optional(),
    language: z.enum(LOCALES, { error: 'invalidValue' }).optional(),
    split: z.enum(USERS_REPORT_SPLITS, { error: 'invalidValue' }).default('none'),
  })
  .superRefine(checkPeriod);
export type UsersReportQuery = z.infer<typeof usersReportQuerySchema>;

/** Administrators: filtered by one administrator and one kind of action. */
export const administratorsReportQuerySchema = z
  .strictObject({
    ...reportPeriodShape,
    admin: positiveId.optional(),
    action: z.enum(AUDIT_ACTIONS, { error: 'invalidValue' }).optional(),
  })
  .superRefine(checkPeriod);
export type AdministratorsReportQuery = z.infer<typeof administratorsReportQuerySchema>;

/** Delivery: filtered by channel, status and one template (by name). */
export const deliveryReportQuerySchema = z
  .strictObject({
    ...reportPeriodShape,
    channel: z.enum(QUEUE_CHANNELS, { error: 'invalidValue' }).optional(),
    status: z.enum(EMAIL_STATUSES, { error: 'invalidValue' }).optional(),
    template: z.string().trim().min(1, { error: 'invalidValue' }).max(100, { error: 'tooLong' }).optional(),
  })
  .superRefine(checkPeriod);
export type DeliveryReportQuery = z.infer<typeof deliveryReportQuerySchema>;

/** Storage: filtered by one bucket (by id). */
export const storageReportQuerySchema = z
  .strictObject({ ...reportPeriodShape, bucket: positiveId.optional() })
  .superRefine(checkPeriod);
export type StorageReportQuery = z.infer<typeof storageReportQuerySchema>;

/**
 * The rules an upload can be refused by, as the Storage report counts them: the bucket's groups, its
 * extensions, its content types and its size limit.
 */
export const UPLOAD_REFUSAL_RULES = ['groups', 'extension', 'mime', 'size'] as const;
export type UploadRefusalRule = (typeof UPLOAD_REFUSAL_RULES)[number];

/** Errors: filtered by one service (the id of its name in the logs). */
export const errorsReportQuerySchema = z
  .strictObject({ ...reportPeriodShape, service: positiveId.optional() })
  .superRefine(checkPeriod);
export type ErrorsReportQuery = z.infer<typeof errorsReportQuerySchema>;

/** Chat: filtered by the kind of channel and by one channel (by id). */
export const chatReportQuerySchema = z
  .strictObject({
    ...reportPeriodShape,
    type: z.enum(CHANNEL_TYPES, { error: 'invalidValue' }).optional(),
    channel: positiveId.optional(),
  })
  .superRefine(checkPeriod);
export type ChatReportQuery = z.infer<typeof chatReportQuerySchema>;
