import type { ReportResult } from '@pult/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, createUser } from '../test/factories.js';
import { fetchReport } from '../test/report-cells.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/** The modules' demo data gives the Storage, Errors and Chat reports something in every section. */
describe('the reports on the demo data', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    auth = await adminHeaders(t);
    for (let index = 0; index < 8; index += 1) await createUser(t.db);
    await t.seedModuleDemos();
  }, 60_000);
  afterAll(() => t?.close());

  const totals = (result: ReportResult) =>
    Object.fromEntries(
      result.sections.map((section) => [
        section.id,
        section.series.reduce((sum, series) => sum + (series.total ?? 0), 0),
      ]),
    );
  const daysWith = (result: ReportResult, id: string) =>
    result.buckets.filter((_, index) =>
      result.sections.find((section) => section.id === id)?.series.some((series) => series.values[index]),
    ).length;

  it('shows files over several days, refusals of each kind, and triage with a recurrence', async () => {
    const storage = await fetchReport(t, '/auth/admin/reports/storage?preset=last-30-days', auth);
    expect(totals(storage)).toMatchObject({ files: 6, refusals: 3 });
    expect(daysWith(storage, 'files')).toBeGreaterThan(3);
    const errors = await fetchReport(t, '/auth/admin/reports/errors?preset=last-30-days', auth);
    const figures = totals(errors);
    expect(figures.newGroups).toBeGreaterThan(3);
    expect(figures.reopened).toBe(1);
    expect(figures.resolved).toBeGreaterThanOrEqual(2);
    expect(figures.timeToResolve).toBeGreaterThan(0);
  });

  it('shows two weeks of chat by several users', async () => {
    const chat = await fetchReport(t, '/auth/admin/reports/chat?preset=last-30-days', auth);
    expect(daysWith(chat, 'messages')).toBeGreaterThan(10);
    const active = chat.sections.find((section) => section.id === 'activeUsers')?.series[0];
    expect(active?.total).toBeGreaterThanOrEqual(3);
    expect(chat.sections.find((section) => section.id === 'channels')?.series).toHaveLength(5);
  });
});
