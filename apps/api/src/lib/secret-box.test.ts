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
});
