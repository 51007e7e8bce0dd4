import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Symmetric encryption (AES-256-GCM) for secrets the platform must use later, such as SMTP
 * passwords: they cannot be hashed, and must never sit in the database in clear text.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
  /** A 32-byte key for one purpose, derived from the secret key (HKDF-SHA256), never the key itself. */
  subkey(purpose: string): Buffer;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('The secret key must be 32 bytes');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        'v1',
        iv.toString('base64'),
        cipher.getAuthTag().toString('base64'),
        body.toString('base64'),
      ].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined)
        throw new Error('Unrecognised sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
    },
    subkey(purpose) {
      return Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `pult:${purpose}`, 32));
    },
  };
}
