import { z } from 'zod';
import { SERVICE_BASE_PATHS, type ServiceName } from '../runtime-config.js';
import { REPORT_GROUPS, REPORT_PRESETS } from './period.js';

/**
 * The built-in reports (`GET /auth/admin/reports/{id}`). Their texts (title, sections, series keys)
 * are `reportTextsUk`/`reportTextsEn` (texts-uk.ts), which the panel and the mailed report share; a
 * series with a `label` (a country, an administrator) is shown by it.
 */
export const REPORT_IDS = ['users', 'delivery', 'administrators', 'storage', 'errors', 'chat'] as const;
export type ReportId = (typeof REPORT_IDS)[number];

const serviceNames = Object.keys(SERVICE_BASE_PATHS) as [ServiceName, ...ServiceName[]];

export const reportInfoSchema = z.object({ id: z.enum(REPORT_IDS), service: z.enum(serviceNames) });
export type ReportInfo = z.infer<typeof reportInfoSchema>;

/** The reports this administrator may open. */
export const reportIndexSchema = z.object({ reports: z.array(reportInfoSchema) });
export type ReportIndex = z.infer<typeof reportIndexSchema>;

export const reportPeriodSchema = z.object({
  preset: z.enum(REPORT_PRESETS).nullable(),
  /** The period as dates of `tz`, both counted. */
  from: z.string(),
  to: z.string(),
  group: z.enum(REPORT_GROUPS),
  tz: z.string(),
});
export type ReportPeriod = z.infer<typeof reportPeriodSchema>;

export const reportSeriesSchema = z.object({
  key: z.string(),
  /** A name from the data (a country, an administrator); null when the report's texts name the key. */
  label: z.string().nullable(),
  /**
   * One figure per bucket of the report, oldest first. Null where a measure had nothing to measure
   * (no message sent: no time to send), which a count never is (its none is 0).
   */
  values: z.array(z.number().nullable()),
  total: z.number().nullable(),
});
export type ReportSeries = z.infer<typeof reportSeriesSchema>;

/**
 * One table of a report (sign-ups, status changes): a row per series, a column per bucket. `totals`
 * says what a series' `total` is: the buckets' sum (absent), or a figure of the whole period that is
 * no sum of them (distinct users who posted, a mean time), which the panel labels so.
 */
export const reportSectionSchema = z.object({
  id: z.string(),
  series: z.array(reportSeriesSchema),
  totals: z.literal('period').optional(),
  /** What the figures measure when they are no counts: `seconds`, shown as a duration (`reportFigureFormat`). */
  unit: z.literal('seconds').optional(),
});
export type ReportSection = z.infer<typeof reportSectionSchema>;

export const reportResultSchema = z.object({
  id: z.enum(REPORT_IDS),
  period: reportPeriodSchema,
  /** Each bucket's first day (a day, a Monday or the 1st of a month) in `period.tz`. */
  buckets: z.array(z.string()),
  sections: z.array(reportSectionSchema),
  generatedAt: z.string(),
});
export type ReportResult = z.infer<typeof reportResultSchema>;
