import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FileDisposition } from '@pult/contract';

/** What a signed download link grants: one blob, until `exp`, served with this name, type and disposition. */
export interface LinkClaims {
  key: string;
  /** Seconds since the epoch. */
  exp: number;
  name: string;
  type: string;
  disposition: FileDisposition;
}

export type LinkCheck =
  | { ok: true; claims: LinkClaims }
  | { ok: false; reason: 'linkInvalid' | 'linkExpired' };

/**
 * Download links of the local driver: the claims in base64url JSON and their HMAC-SHA256. Changing
 * any byte of either half breaks the signature; the expiry is part of what is signed.
 */
export function createLinkSigner(secret: Buffer) {
  const mac = (payload: string) => createHmac('sha256', secret).update(payload).digest();

  return {
    sign(claims: LinkClaims): string {
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${payload}.${mac(payload).toString('base64url')}`;
    },

    verify(token: string, nowSeconds: number): LinkCheck {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) return { ok: false, reason: 'linkInvalid' };
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return { ok: false, reason: 'linkInvalid' };
      }
      const claims = parseClaims(payload);
      if (!claims) return { ok: false, reason: 'linkInvalid' };
      if (claims.exp <= nowSeconds) return { ok: false, reason: 'linkExpired' };
      return { ok: true, claims };
    },
  };
}

export type LinkSigner = ReturnType<typeof createLinkSigner>;

function parseClaims(payload: string): LinkClaims | undefined {
  try {
    const value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<LinkClaims>;
    const valid =
      typeof value.key === 'string' &&
      typeof value.exp === 'number' &&
      typeof value.name === 'string' &&
      typeof value.type === 'string' &&
      (value.disposition === 'inline' || value.disposition === 'attachment');
    return valid ? (value as LinkClaims) : undefined;
  } catch {
    return undefined;
  }
}
