import { describe, expect, it } from 'vitest';
import { changePasswordRequestSchema, recoverPasswordRequestSchema, signinRequestSchema } from './auth.js';

function messagesOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('auth request schemas', () => {
  it('sign-in requires both fields and rejects unknown ones, with message keys', () => {
    expect(signinRequestSchema.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
    expect(messagesOf(signinRequestSchema.safeParse({ email: '  ', password: '' }))).toEqual({
      email: 'required',
      password: 'required',
    });
    const extra = signinRequestSchema.safeParse({ email: 'a@b.co', password: 'x', admin: true });
    expect(extra.success).toBe(false);
    expect(extra.error?.issues[0]?.code).toBe('unrecognized_keys');
  });

  it('recovery takes a loose {text}@{text} e-mail', () => {
    expect(recoverPasswordRequestSchema.safeParse({ email: 'root@localhost' }).success).toBe(true);
    expect(messagesOf(recoverPasswordRequestSchema.safeParse({ email: 'no-at-sign' }))).toEqual({
      email: 'emailInvalid',
    });
  });

  it('change-password enforces 8 characters and an equal repeat', () => {
    expect(
      messagesOf(
        changePasswordRequestSchema.safeParse({ code: 'c', password: 'short', password_repeat: 'short' }),
      ),
    ).toEqual({
      password: 'passwordMinLength',
    });
    expect(
      messagesOf(
        changePasswordRequestSchema.safeParse({
          code: 'c',
          password: 'long-enough',
          password_repeat: 'long-enougH',
        }),
      ),
    ).toEqual({ password_repeat: 'passwordsMismatch' });
    expect(
      changePasswordRequestSchema.safeParse({
        code: 'c',
        password: 'long-enough',
        password_repeat: 'long-enough',
      }).success,
    ).toBe(true);
  });
});
