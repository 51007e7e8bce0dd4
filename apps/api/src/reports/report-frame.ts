import { bucketStarts, presetRange, type ReportGroup, type ReportPreset, todayIn } from '@pult/contract';
import type { ReportFrame } from './report-source.js';

/** The period's fields of a validated query (the schema guarantees a preset or both dates). */
export interface PeriodQuery {
  preset?: ReportPreset | undefined;
  from?: string | undefined;
  to?: string | undefined;
  group: ReportGroup;
  tz: string;
}

/** The dates a query covers in its time zone (a preset counts from today there) and its buckets. */
export function reportFrame(query: PeriodQuery, now: Date): ReportFrame {
  const range = query.preset
    ? presetRange(query.preset, todayIn(now, query.tz))
    : { from: query.from ?? '', to: query.to ?? '' };
  return {
    period: { preset: query.preset ?? null, ...range, group: query.group, tz: query.tz },
    buckets: bucketStarts(range, query.group),
  };
}
