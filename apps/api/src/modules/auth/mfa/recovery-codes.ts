import { createHmac, randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@pult/contract';
import { base32Encode } from './base32.js';

/**
 * Recovery codes: 10 characters of base32 (50 random bits), shown as `xxxxx-xxxxx` in lower case.
 *
 * They are stored as HMAC-SHA-256 under a server key rather than with argon2: 50 bits is far beyond
 * a dictionary, so the slow hash buys nothing against guessing, while a deterministic hash lets one
 * statement find and spend a code (`update … where code_hash = $2 and used_at is null`), which is
 * what makes two parallel uses of one code end with exactly one success. The key (sealed in
 * `auth_keys`) means a stolen table alone cannot even be checked against guesses offline; online
 * guesses meet the attempt limit (5 per 15 minutes).
 */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    // 7 bytes give 11 full base32 characters; the first 10 carry 50 uniform bits.
    const text = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
}

/** What the admin typed, as it is hashed: lower case, without the dash. */
export function normaliseRecoveryCode(code: string): string {
  return code.trim().toLowerCase().replace(/-/g, '');
}

export function hashRecoveryCode(key: Buffer, code: string): string {
  return createHmac('sha256', key).update(normaliseRecoveryCode(code)).digest('hex');
}
