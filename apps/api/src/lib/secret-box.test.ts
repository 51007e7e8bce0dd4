import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.js';

describe('secret box', () => {
  const box = createSecretBox(randomBytes(32));

  it('round-trips and never stores the plain text', () => {
    const sealed = box.seal('smtp-password-ü');
    expect(sealed).not.toContain('smtp-password');
    expect(box.open(sealed)).toBe('smtp-password-ü');
  });

  it('rejects tampering and foreign keys', () => {
    const sealed = box.seal('secret');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow();
  });

  it('derives one stable subkey per purpose, each unlike the others and unlike another secret key', () => {
    const key = randomBytes(32);
    const again = createSecretBox(key);
    const first = createSecretBox(key).subkey('refresh-successor');
    expect(first).toHaveLength(32);
    expect(again.subkey('refresh-successor').equals(first)).toBe(true);
    expect(again.subkey('other-purpose').equals(first)).toBe(false);
    expect(createSecretBox(randomBytes(32)).subkey('refresh-successor').equals(first)).toBe(false);
    expect(first.equals(key)).toBe(false);
  });
});
