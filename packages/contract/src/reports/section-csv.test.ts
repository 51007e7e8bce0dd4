import { describe, expect, it } from 'vitest';
import { sectionCsv } from './section-csv.js';
import { reportTotalKey } from './texts.js';

describe('a report table as CSV', () => {
  it('writes a row per bucket, a column per series and the totals, quoting what needs it', () => {
    const csv = sectionCsv(
      {
        id: 'signups',
        series: [
          { key: '7', label: 'Côte d’Ivoire, "CI"', values: [1, 0], total: 1 },
          { key: 'all', label: null, values: [2, 3], total: 5 },
        ],
      },
      ['2026-03-02', '2026-03-09'],
      { bucket: 'Period', total: 'Total' },
      (key, name) => name ?? `#${key}`,
    );
    expect(csv).toBe(
      'Period,"Côte d’Ivoire, ""CI""",#all\r\n2026-03-02,1,2\r\n2026-03-09,0,3\r\nTotal,1,5\r\n',
    );
  });

  it('leaves a measure with nothing to measure empty', () => {
    const csv = sectionCsv(
      {
        id: 'latency',
        unit: 'seconds',
        series: [{ key: 'p50', label: null, values: [30, null], total: 30 }],
      },
      ['2026-03-01', '2026-04-01'],
      { bucket: 'Month', total: 'For the period' },
      (key) => key,
    );
    expect(csv).toBe('Month,p50\r\n2026-03-01,30\r\n2026-04-01,\r\nFor the period,30\r\n');
  });

  it('keeps a name that looks like a formula as text', () => {
    const csv = sectionCsv(
      {
        id: 'actions',
        series: [{ key: '3', label: '=HYPERLINK("http://x.test","go")', values: [4], total: 4 }],
      },
      ['2026-03-02'],
      { bucket: 'Day', total: 'Total' },
      (key, name) => name ?? key,
    );
    expect(csv.split('\r\n')[0]).toBe('Day,"\'=HYPERLINK(""http://x.test"",""go"")"');
  });
});

describe('reportTotalKey', () => {
  it('says "Total" under sums and "For the period" under a whole-period figure', () => {
    expect(reportTotalKey({})).toBe('total');
    expect(reportTotalKey({ totals: 'period' })).toBe('forPeriod');
  });
});
