import { describe, expect, it } from 'vitest';
import { indexWindow, trigramShares } from './contains-window.js';

/** A queue's addresses: every one is `userN@example.com`, as in the benchmark. */
const ADDRESSES = Array.from({ length: 2_000 }, (_, index) => `user${(index * 7919) % 50_000}@example.com`);

describe('trigramShares', () => {
  it('counts a trigram once per value, over the values present', () => {
    const shares = trigramShares(['abcabc', 'xabc', null, 'zzz']);
    expect(shares.get('abc')).toBeCloseTo(2 / 3);
    expect(shares.get('zzz')).toBeCloseTo(1 / 3);
  });
});

describe('indexWindow', () => {
  const shares = trigramShares(ADDRESSES);
  const part = (fragment: string) => {
    const found = indexWindow(fragment, shares);
    return found && [...fragment].slice(found.start, found.end).join('');
  };

  it('drops the trigrams every address has and keeps the rare run', () => {
    // `use`, `ser` are in every address, `er4` in about a fifth; `r42`, `424`, `242` are rare.
    expect(part('user4242')).toBe('r4242');
  });

  it('leaves a fragment alone when none of its trigrams is common, or all are', () => {
    expect(part('4242')).toBeUndefined();
    expect(part('example')).toBeUndefined();
    expect(part('abc')).toBeUndefined();
  });

  it('is a part of three characters or more, shorter than the fragment', () => {
    for (const fragment of ['user1@exa', 'r123@example', '9@example.com', 'ser77', 'user4242']) {
      const found = indexWindow(fragment, shares);
      if (found === undefined) continue;
      expect(found.end - found.start).toBeGreaterThanOrEqual(3);
      expect(found.end - found.start).toBeLessThan([...fragment].length);
    }
  });
});
