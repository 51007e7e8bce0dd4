import { describe, expect, it } from 'vitest';
import { savedReportPath } from './saved-reports-api';

describe('savedReportPath', () => {
  it('replays the parameters in the order the report screen writes them', () => {
    expect(
      savedReportPath({
        report: 'users',
        query: { split: 'language', group: 'month', preset: 'last-90-days' },
      }),
    ).toBe('/reports/users?preset=last-90-days&group=month&split=language');
    expect(
      savedReportPath({ report: 'delivery', query: { to: '2026-03-31', from: '2026-03-01', group: 'week' } }),
    ).toBe('/reports/delivery?from=2026-03-01&to=2026-03-31&group=week');
  });
});
