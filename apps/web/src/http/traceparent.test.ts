import { describe, expect, it } from 'vitest';
import { newTraceparent, type RandomFill } from './traceparent';

// The W3C format: version 00, 32 hex digits of trace id, 16 of parent id, flags.
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;

describe('traceparent', () => {
  it('is a valid W3C traceparent with the sampled flag', () => {
    expect(newTraceparent()).toMatch(TRACEPARENT);
  });

  it('names a new trace and parent on every call', () => {
    const seen = new Set(Array.from({ length: 50 }, () => newTraceparent()));
    expect(seen.size).toBe(50);
  });

  it('writes the random bytes as lower-case hex, two digits each', () => {
    const fill: RandomFill = (bytes) => {
      bytes.fill(0xff);
      bytes[0] = 0x0a;
    };
    expect(newTraceparent(fill)).toBe(`00-0a${'ff'.repeat(15)}-0a${'ff'.repeat(7)}-01`);
  });

  it('never sends an all-zero id, which the server would refuse', () => {
    let calls = 0;
    const fill: RandomFill = (bytes) => {
      calls += 1;
      // Zeros on the first draw of each id, then ones.
      bytes.fill(calls % 2 === 1 ? 0 : 1);
    };
    expect(newTraceparent(fill)).toBe(`00-${'01'.repeat(16)}-${'01'.repeat(8)}-01`);
    expect(calls).toBe(4);
  });
});
