import { REPORT_GROUPS, type ReportResult } from '@pult/contract';
import fc from 'fast-check';

import { expect } from 'vitest';
import type { TestApp } from './test-app.js';

/** A report's answer, asserting it is a 200. */
export async function fetchReport(
  t: TestApp,
  url: string,
  headers: Record<string, string>,
): Promise<ReportResult> {
  const response = await t.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReportResult>();
}

/** A section's figures as `key@bucket` → value, zeros left out: what a `count(*)` grouped alike gives. */
export function reportCells(result: ReportResult, id: string): Record<string, number> {
  const cells: Record<string, number> = {};
  for (const series of result.sections.find((section) => section.id === id)?.series ?? [])
    series.values.forEach((value, index) => {
      if (value !== null && value !== 0) cells[`${series.key}@${result.buckets[index]}`] = value;
    });
  return cells;
}

/** Rows of (bucket, key, n) from SQL as the same cells. */
export function sqlCells(
  rows: readonly { bucket: string; key: string; n: number | string }[],
): Record<string, number> {
  const cells: Record<string, number> = {};
  // Rows of one key and bucket add up (the messages of every channel as one series).
  for (const row of rows) {
    const cell = `${row.key}@${row.bucket}`;
    cells[cell] = (cells[cell] ?? 0) + Number(row.n);
  }
  for (const [cell, n] of Object.entries(cells)) if (n === 0) delete cells[cell];
  return cells;
}

/** Zones offset by whole, half and three-quarter hours, with DST changes on 2025-10-26 and 2025-11-02. */
export const REPORT_ZONES = [
  'UTC',
  'Europe/Kyiv',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'America/St_Johns',
] as const;

/** Which rows a random write touches: those whose id leaves `rest` when divided by `modulo`. */
export const PICKED_ROWS = { modulo: fc.integer({ min: 2, max: 9 }), rest: fc.nat({ max: 8 }) };

/**
 * The 64 days from the day before `first` (a UTC midnight, ms): the periods a property test asks for.
 * The writes fall in the first 30 or so; the rest let a period by month hold a whole month, whose
 * figures come from the monthly rollups.
 */
export function reportDays(first: number): string[] {
  return Array.from({ length: 64 }, (_, i) =>
    new Date(first + (i - 1) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** A random period of `days` (from, to), grouping and zone, as URL parameters. */
export function periodArbitrary(days: readonly string[]) {
  return fc
    .record({
      from: fc.constantFrom(...days),
      length: fc.integer({ min: 0, max: 62 }),
      group: fc.constantFrom(...REPORT_GROUPS),
      tz: fc.constantFrom(...REPORT_ZONES),
    })
    .map(({ from, length, group, tz }) => ({
      from,
      to: days[Math.min(days.indexOf(from) + length, days.length - 1)] ?? from,
      group,
      tz,
    }));
}
