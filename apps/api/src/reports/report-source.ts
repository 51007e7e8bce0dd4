import type {
  Locale,
  ReportId,
  ReportPeriod,
  ReportSection,
  ResourceDescriptor,
  ServiceName,
} from '@pult/contract';
import type { z } from 'zod';
import { type PeriodQuery, reportFrame } from './report-frame.js';

/** A report's resolved period and the buckets it is grouped into (their first days). */
export interface ReportFrame {
  period: ReportPeriod;
  buckets: string[];
}

export interface ReportAnswer extends ReportFrame {
  sections: ReportSection[];
}

/**
 * What a module contributes to Reports: a query schema (the period's fields and its own filters), the
 * resource whose records it sums up (sent only to who may list every one of them) and how to compute
 * it from rollups kept by the writes. Scheduled reports (next slice) call `run` with stored parameters,
 * which is why it takes the raw query and parses it itself.
 */
export interface ReportSource {
  id: ReportId;
  service: ServiceName;
  /**
   * The list whose records the report sums up (`usersResource`): the report needs `list` on every
   * record and field of it, and its route is declared like that list's, so the catalogue is unchanged.
   */
  resource: ResourceDescriptor;
  /**
   * Other lists whose records the figures reveal, held to the same rule (the Chat report counts who
   * posted: the channels' messages, not only the channels).
   */
  alsoSums?: readonly ResourceDescriptor[];
  query: z.ZodType;
  run(query: unknown, now: Date, locale: Locale): Promise<ReportAnswer>;
}

/** Keeps a report's query typed inside its module while the routes hold every report alike. */
export function defineReport<Schema extends z.ZodType<PeriodQuery>>(report: {
  id: ReportId;
  service: ServiceName;
  resource: ResourceDescriptor;
  alsoSums?: readonly ResourceDescriptor[];
  query: Schema;
  sections(query: z.output<Schema>, frame: ReportFrame, locale: Locale): Promise<ReportSection[]>;
}): ReportSource {
  const { sections, ...info } = report;
  return {
    ...info,
    async run(raw, now, locale) {
      const query = report.query.parse(raw);
      const frame = reportFrame(query, now);
      return { ...frame, sections: await sections(query, frame, locale) };
    },
  };
}
