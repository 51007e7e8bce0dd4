import { describe, expect, it } from 'vitest';
import type { AccessClaims } from './signing-keys.js';
import { createVerifiedTokens } from './verified-tokens.js';

const claims = (exp: number): AccessClaims => ({ sub: '1', sid: 's', kind: 'admin', exp });
const at = (seconds: number) => new Date(seconds * 1000);

describe('verified tokens', () => {
  it('answers a remembered token until its expiry, and forgets it then', () => {
    const tokens = createVerifiedTokens(10);
    tokens.remember('a', claims(100));
    expect(tokens.get('a', at(99))).toEqual(claims(100));
    expect(tokens.get('a', at(100))).toBeUndefined();
    expect(tokens.size).toBe(0);
    expect(tokens.get('b', at(1))).toBeUndefined();
  });

  it('never holds more than its capacity, dropping the oldest first', () => {
    const tokens = createVerifiedTokens(2);
    tokens.remember('a', claims(100));
    tokens.remember('b', claims(100));
    tokens.remember('c', claims(100));
    expect(tokens.size).toBe(2);
    expect(tokens.get('a', at(1))).toBeUndefined();
    expect(tokens.get('c', at(1))).toBeDefined();
  });

  it('does not keep a token without an expiry', () => {
    const tokens = createVerifiedTokens(2);
    tokens.remember('a', { sub: '1', sid: 's', kind: 'admin' });
    expect(tokens.get('a', at(1))).toBeUndefined();
  });
});
