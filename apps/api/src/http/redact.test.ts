import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact.js';

describe('redactUrl', () => {
  it('hides secret query values and keeps the rest', () => {
    expect(redactUrl('/change-password?code=abc123&lang=en')).toBe('/change-password?code=***&lang=en');
    expect(redactUrl('/auth/admin/users?page=2')).toBe('/auth/admin/users?page=2');
    expect(redactUrl('/dashboard')).toBe('/dashboard');
  });
});
