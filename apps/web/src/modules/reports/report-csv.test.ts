import { describe, expect, it } from 'vitest';
import { sectionCsv } from './report-csv';

describe('a report table as CSV', () => {
  it('writes a row per series with its total, quoting what needs it', () => {
    const csv = sectionCsv(
      {
        id: 'signups',
        series: [
          { key: '7', label: 'Côte d’Ivoire, "CI"', values: [1, 0], total: 1 },
          { key: 'all', label: null, values: [2, 3], total: 5 },
        ],
      },
      ['2026-03-02', '2026-03-09'],
      { series: 'Figure', total: 'Total' },
      (key, name) => name ?? `#${key}`,
    );
    expect(csv).toBe('Figure,2026-03-02,2026-03-09,Total\r\n"Côte d’Ivoire, ""CI""",1,0,1\r\n#all,2,3,5\r\n');
  });
});
