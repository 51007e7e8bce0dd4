import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** An unguessable opaque token (256 bits), safe in URLs. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * Opaque tokens carry 256 bits of entropy, so a fast hash is enough to store them: there is no
 * dictionary to attack, unlike passwords.
 */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
