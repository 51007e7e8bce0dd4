import type { ReportSection } from './result.js';

/** The largest unit a duration is shown in, with its seconds: 5400 s reads as 1.5 h, 90 s as 1.5 min. */
const DURATION_UNITS = [
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
] as const;

function durationFormat(locale: string): (seconds: number) => string {
  const formats = new Map(
    [...DURATION_UNITS.map(([unit]) => unit), 'second' as const].map((unit) => [
      unit,
      new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }),
    ]),
  );
  return (seconds) => {
    const [unit, size] = DURATION_UNITS.find(([, length]) => seconds >= length) ?? ['second', 1];
    return formats.get(unit)?.format(seconds / size) ?? String(seconds);
  };
}

/**
 * How a section's figures read, in the panel and in a mailed report alike: counts as numbers in the
 * reader's language, seconds as a duration in the largest unit that fits ("30 s", "5 min", "6 h"),
 * and a measure with nothing to measure as a dash.
 */
export function reportFigureFormat(
  section: Pick<ReportSection, 'unit'>,
  locale: string,
): (value: number | null) => string {
  const format = section.unit === 'seconds' ? durationFormat(locale) : numberFormat(locale);
  // Nothing to measure (no message sent in a month has no time to send): a dash, as an empty cell.
  return (value) => (value === null ? NO_FIGURE : format(value));
}

/** What a figure reads when there was nothing to measure. */
const NO_FIGURE = '—';

function numberFormat(locale: string): (value: number) => string {
  const numbers = new Intl.NumberFormat(locale);
  return (value) => numbers.format(value);
}
