import { describe, expect, it } from 'vitest';
import { reportFigureFormat } from './figure-format.js';

describe('a report figure', () => {
  it('reads counts as numbers and seconds as a duration in the largest unit that fits', () => {
    expect(reportFigureFormat({}, 'en-US')(21_600)).toBe('21,600');
    const duration = reportFigureFormat({ unit: 'seconds' }, 'en-US');
    expect([0, 30, 90, 300, 5400, 21_600, 86_400].map(duration)).toEqual([
      '0 sec',
      '30 sec',
      '1.5 min',
      '5 min',
      '1.5 hr',
      '6 hr',
      '1 day',
    ]);
    expect(reportFigureFormat({ unit: 'seconds' }, 'uk-UA')(300)).toBe('5 хв');
  });

  it('reads a measure with nothing to measure as a dash, never as 0', () => {
    expect(reportFigureFormat({ unit: 'seconds' }, 'uk-UA')(null)).toBe('—');
    expect(reportFigureFormat({}, 'en-US')(null)).toBe('—');
  });
});
