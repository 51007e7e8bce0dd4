import {
  csvCell,
  type Locale,
  type ReportId,
  type ReportSection,
  type ReportTexts,
  reportFigureFormat,
  reportSectionTitle,
  reportSeriesLabel,
  reportTexts,
  reportTotalKey,
  sectionCsv,
} from '@pult/contract';
import { escapeHtml } from '../lib/escape-html.js';
import type { ReportAnswer } from './report-source.js';

/** A report to mail: what its source answered, and which report that is (its texts). */
export type MailedReport = ReportAnswer & { id: ReportId };

// Inline styles: most mail clients drop a <style> element. Class `data` keeps the table a grid in
// the plain-text part the notification module makes of the HTML.
const TABLE = 'border-collapse:collapse;margin:0 0 24px;font-size:14px';
const HEADING = 'font-size:16px;margin:24px 0 8px';
const CELL = 'border:1px solid #d0d7de;padding:4px 8px;text-align:left';
const NUMBER = 'border:1px solid #d0d7de;padding:4px 8px;text-align:right';
const HEAD = 'background:#f6f8fa;font-weight:600';
const EMPTY = 'color:#57606a;margin:0 0 24px';

/**
 * The figures of a scheduled report's e-mail: every section as a heading and an HTML table (trusted
 * HTML for the template's `{table}`: every text in it is escaped here), and all sections in one CSV
 * attachment, with the panel's texts, bucket labels (each bucket's first day) and totals row.
 */
export function reportEmailParts(answer: MailedReport, locale: Locale): { tablesHtml: string; csv: string } {
  const texts = reportTexts(locale);
  const tablesHtml = answer.sections
    .map((section) => sectionHtml(answer, section, texts, reportFigureFormat(section, locale)))
    .join('\n');
  const csv = answer.sections
    .map((section) => {
      const title = csvCell(reportSectionTitle(texts, answer.id, section.id));
      return `${title}\r\n${sectionCsv(
        section,
        answer.buckets,
        headersOf(answer, section, texts),
        (key, name) => reportSeriesLabel(texts, answer.id, section.id, key, name),
      )}`;
    })
    .join('\r\n');
  // A byte-order mark, so spreadsheet programs read the Cyrillic names as UTF-8 (as the panel's CSV).
  return { tablesHtml, csv: `\uFEFF${csv}` };
}

function headersOf(answer: MailedReport, section: ReportSection, texts: ReportTexts) {
  return { bucket: texts.bucket[answer.period.group], total: texts[reportTotalKey(section)] };
}

function sectionHtml(
  answer: MailedReport,
  section: ReportSection,
  texts: ReportTexts,
  figure: (value: number | null) => string,
): string {
  const headers = headersOf(answer, section, texts);
  const name = (key: string, label: string | null) =>
    escapeHtml(reportSeriesLabel(texts, answer.id, section.id, key, label));
  const figures = (values: readonly (number | null)[], style: string) =>
    values.map((value) => `<td style="${style}">${figure(value)}</td>`).join('');
  const head = `<tr><th style="${CELL};${HEAD}">${escapeHtml(headers.bucket)}</th>${section.series
    .map((series) => `<th style="${NUMBER};${HEAD}">${name(series.key, series.label)}</th>`)
    .join('')}</tr>`;
  const rows = answer.buckets.map(
    (bucket, index) =>
      `<tr><td style="${CELL}">${escapeHtml(bucket)}</td>${figures(
        section.series.map((series) => series.values[index] ?? null),
        NUMBER,
      )}</tr>`,
  );
  const total = `<tr><th style="${CELL};${HEAD}">${escapeHtml(headers.total)}</th>${figures(
    section.series.map((series) => series.total),
    `${NUMBER};${HEAD}`,
  )}</tr>`;
  const title = escapeHtml(reportSectionTitle(texts, answer.id, section.id));
  // As the panel shows it: a section where nothing happened says so instead of a table of zeros.
  if (section.series.every((series) => !series.total))
    return `<h3 style="${HEADING}">${title}</h3>\n<p style="${EMPTY}">${escapeHtml(texts.noData)}</p>`;
  return [
    `<h3 style="${HEADING}">${title}</h3>`,
    `<table class="data" style="${TABLE}"><thead>${head}</thead>`,
    `<tbody>${rows.join('')}</tbody><tfoot>${total}</tfoot></table>`,
  ].join('\n');
}
