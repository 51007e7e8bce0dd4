import { createHmac, randomBytes } from 'node:crypto';
import { base32Encode } from './base32.js';

/**
 * TOTP as RFC 6238 fixes it for authenticator apps: HMAC-SHA-1, 6 digits, 30-second steps. Written
 * on node:crypto (a few lines; no dependency to audit and keep up to date).
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now a code is accepted for: a phone's clock a little off, a code typed late. */
export const TOTP_WINDOW = 1;

/** 20 random bytes (160 bits, the SHA-1 block RFC 4226 recommends), in base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** RFC 4226 HOTP: the dynamic truncation of HMAC-SHA-1(key, counter). */
export function hotp(key: Buffer, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The time step a moment falls in (RFC 6238's T, with T0 = 0). */
export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

export function totpCode(key: Buffer, at: Date, digits = TOTP_DIGITS): string {
  return hotp(key, totpStep(at), digits);
}

/**
 * The step whose code this is, within the window around `at`, or null. Every candidate is computed
 * and compared, so the time taken does not tell which step matched. The caller still has to make
 * sure the step was not used before (the code is valid for 90 s, and must be accepted once).
 */
export function matchTotpStep(key: Buffer, code: string, at: Date): number | null {
  const now = totpStep(at);
  let matched: number | null = null;
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step += 1) {
    // Same length, digits only: a plain comparison leaks nothing a timing attack could use per digit
    // that the 6-digit space and the attempt limit do not already bound.
    if (hotp(key, step) === code && matched === null) matched = step;
  }
  return matched;
}
