import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

const POST_ENDPOINTS = [
  '/auth/admin/signin',
  '/auth/admin/refresh-token',
  '/auth/admin/logout',
  '/auth/admin/recover-password-request',
  '/auth/admin/change-password',
];

describe.each(testDatabaseKinds())('bad input on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const post = (url: string, body: string, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url, body, headers: { 'content-type': contentType, Lang: 'en-US' } });

  it.each(POST_ENDPOINTS)('%s answers malformed JSON with 400 and a message', async (url) => {
    const response = await post(url, '{"email": ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON' });
  });

  it.each(POST_ENDPOINTS)('%s answers an empty object with 422 keyed by the missing fields', async (url) => {
    const response = await post(url, '{}');
    expect(response.statusCode).toBe(422);
    const message = response.json().message;
    expect(typeof message).toBe('object');
    for (const texts of Object.values(message)) expect(texts).toContain('This field is required');
  });

  it.each(POST_ENDPOINTS)(
    '%s rejects extra fields, wrong types, arrays and bodies over 1 MB',
    async (url) => {
      const extra = await post(url, JSON.stringify({ unexpected: 'x' }));
      expect(extra.statusCode).toBe(422);
      expect(extra.json().message.unexpected).toEqual(['Unknown field']);

      const wrongType = await post(
        url,
        JSON.stringify({ email: 42, password: true, refresh_token: 7, code: [], password_repeat: {} }),
      );
      expect(wrongType.statusCode).toBe(422);

      const array = await post(url, '[]');
      expect(array.statusCode).toBe(422);
      expect(typeof array.json().message).toBe('string');

      const huge = await post(url, JSON.stringify({ email: 'a'.repeat(1024 * 1024 + 10) }));
      expect(huge.statusCode).toBe(413);
      expect(huge.json().message).toMatch(/too large/);

      const text = await post(url, 'email=a', 'text/plain');
      expect(text.statusCode).toBe(415);
    },
  );

  it('never creates a session or a code from a rejected body', async () => {
    await post('/auth/admin/signin', JSON.stringify({ ...TEST_ADMIN, extra: 1 }));
    await post('/auth/admin/recover-password-request', JSON.stringify({ email: TEST_ADMIN.email, extra: 1 }));
    const sessions = await t.db.selectFrom('auth_sessions').select('id').execute();
    const codes = await t.db.selectFrom('password_reset_codes').select('id').execute();
    expect(sessions).toHaveLength(0);
    expect(codes).toHaveLength(0);
  });

  it('answers unknown service paths with a JSON 404', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/auth/admin/nothing-here',
      headers: { Lang: 'en-US' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });
});
