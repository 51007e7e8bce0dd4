import type { AccessClaims } from './signing-keys.js';

/**
 * Access tokens whose signature and claims were already checked, by their exact text. A panel sends
 * the same token with every request for its whole lifetime, and an Ed25519 check costs more than the
 * rest of a small list request's own work; a token's signature cannot change, only its time run out,
 * so a hit checks the expiry again. Bounded: past `capacity` the oldest entry goes.
 */
export function createVerifiedTokens(capacity: number) {
  const entries = new Map<string, AccessClaims>();

  return {
    /** The claims of a token verified before and still unexpired at `now`. */
    get(token: string, now: Date): AccessClaims | undefined {
      const claims = entries.get(token);
      if (!claims) return undefined;
      if (typeof claims.exp === 'number' && claims.exp * 1000 > now.getTime()) return claims;
      entries.delete(token);
      return undefined;
    },

    remember(token: string, claims: AccessClaims): void {
      if (entries.size >= capacity) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(token, claims);
    },

    get size(): number {
      return entries.size;
    },
  };
}
