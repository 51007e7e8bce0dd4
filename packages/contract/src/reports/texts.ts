import type { Locale } from '../locales.js';
import type { ReportId, ReportSection } from './result.js';
import { reportTextsEn } from './texts-en.js';
import type { ReportTexts, ReportTextsShape } from './texts-uk.js';
import { reportTextsUk } from './texts-uk.js';

/** The reports' texts in one language (the server's; the panel reads its own language's chunk). */
export function reportTexts(locale: Locale): ReportTexts {
  return locale === 'en-US' ? reportTextsEn : reportTextsUk;
}

/** A section's title; a section without a text (a report newer than its texts) shows its id. */
export function reportSectionTitle(texts: ReportTexts, reportId: ReportId, sectionId: string): string {
  const sections: ReportTextsShape[ReportId]['sections'] = texts[reportId].sections;
  return sections[sectionId] ?? sectionId;
}

/**
 * A series' name: the one the server gave (a country, an administrator), else the text for its key
 * ('' is a series of records without one: `none`), else the key itself.
 */
export function reportSeriesLabel(
  texts: ReportTexts,
  reportId: ReportId,
  sectionId: string,
  key: string,
  name: string | null,
): string {
  if (name) return name;
  const keys: ReportTextsShape[ReportId]['keys'] = texts[reportId].keys;
  return keys[sectionId]?.[key === '' ? 'none' : key] ?? key;
}

/** The last row's label: "Total" under sums, "For the period" under a figure of the whole period. */
export function reportTotalKey(section: Pick<ReportSection, 'totals'>): 'total' | 'forPeriod' {
  return section.totals === 'period' ? 'forPeriod' : 'total';
}
