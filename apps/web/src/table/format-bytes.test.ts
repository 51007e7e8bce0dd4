import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

describe('formatBytes', () => {
  it('picks the largest unit under 1024 and keeps one decimal', () => {
    expect(formatBytes(0, 'en-US')).toBe('0 bytes');
    expect(formatBytes(1023, 'en-US')).toBe('1,023 bytes');
    expect(formatBytes(1536, 'en-US')).toBe('1.5 kB');
    expect(formatBytes(5 * 1024 * 1024, 'en-US')).toBe('5 MB');
    expect(formatBytes(3.25 * 1024 ** 3, 'uk-UA')).toMatch(/^3,3\sГБ$/);
  });

  it('shows what it cannot read as it came', () => {
    expect(formatBytes('abc', 'en-US')).toBe('abc');
    expect(formatBytes(-1, 'en-US')).toBe('-1');
  });
});
