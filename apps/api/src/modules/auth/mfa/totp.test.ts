import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode } from './base32.js';
import { otpauthUrl } from './otpauth-url.js';
import { hotp, matchTotpStep, newTotpSecret, totpCode } from './totp.js';

/** RFC 6238 Appendix B, SHA-1 rows: the seed is the ASCII string "12345678901234567890". */
const RFC_SEED = Buffer.from('12345678901234567890', 'ascii');
const RFC_VECTORS: [seconds: number, code: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

/** An implementation of its own, written from the RFC apart from totp.ts, to check it against. */
function referenceTotp(key: Buffer, seconds: number, digits: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(seconds / 30)));
  const h = createHmac('sha1', key).update(counter).digest();
  const o = h[19]! & 15;
  const n = ((h[o]! & 127) << 24) | (h[o + 1]! << 16) | (h[o + 2]! << 8) | h[o + 3]!;
  return (n % 10 ** digits).toString().padStart(digits, '0');
}

describe('TOTP (RFC 6238)', () => {
  it.each(RFC_VECTORS)('at %i s gives the RFC’s code %s (8 digits), and its last 6 in 6', (seconds, code) => {
    const at = new Date(seconds * 1000);
    expect(totpCode(RFC_SEED, at, 8)).toBe(code);
    expect(totpCode(RFC_SEED, at)).toBe(code.slice(2));
    expect(referenceTotp(RFC_SEED, seconds, 8)).toBe(code);
  });

  it('agrees with the reference implementation on any key and time', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 10, maxLength: 40 }),
        fc.integer({ min: 0, max: 2 ** 34 }),
        (key, s) => {
          const buffer = Buffer.from(key);
          expect(totpCode(buffer, new Date(s * 1000))).toBe(referenceTotp(buffer, s, 6));
        },
      ),
    );
  });

  it('accepts the code of the step before, now and after, and names the step', () => {
    const key = base32Decode(newTotpSecret());
    const now = new Date(1_700_000_015_000);
    const step = Math.floor(now.getTime() / 30_000);
    for (const offset of [-1, 0, 1])
      expect(matchTotpStep(key, hotp(key, step + offset), now)).toBe(step + offset);
    for (const offset of [-3, -2, 2, 3]) {
      const code = hotp(key, step + offset);
      // A code of a farther step may by chance equal a near one's; only then is it accepted.
      const near = [-1, 0, 1].some((near) => hotp(key, step + near) === code);
      if (!near) expect(matchTotpStep(key, code, now)).toBeNull();
    }
  });

  it('makes 160-bit secrets that survive base32 both ways', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(base32Encode(base32Decode(secret))).toBe(secret);
    // RFC 4648 §10 test vectors.
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('mzxw6ytboi======').toString()).toBe('foobar');
    expect(() => base32Decode('MZXW1')).toThrow();
  });

  it('spells the otpauth URL for the admin’s e-mail with the issuer Pult', () => {
    const url = new URL(otpauthUrl('JBSWY3DPEHPK3PXP', 'ann+ops@pult.test'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/Pult:ann+ops@pult.test');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      secret: 'JBSWY3DPEHPK3PXP',
      issuer: 'Pult',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
