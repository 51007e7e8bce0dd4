import { describe, expect, it } from 'vitest';
import {
  canSubmitSignin,
  isSigninIncomplete,
  validateSigninEmail,
  validateSigninPassword,
} from './signin-rules';

describe('sign-in rules (spec §5)', () => {
  it('enables submit only when both fields have text', () => {
    expect(canSubmitSignin({ email: '', password: 'x' })).toBe(false);
    expect(canSubmitSignin({ email: 'a@b.c', password: '' })).toBe(false);
    expect(canSubmitSignin({ email: 'a@b.c', password: 'x' })).toBe(true);
  });

  it('counts a blank e-mail as missing', () => {
    expect(isSigninIncomplete({ email: '   ', password: 'x' })).toBe(true);
    expect(isSigninIncomplete({ email: 'a@b.c', password: 'x' })).toBe(false);
  });

  it('requires an e-mail of the form text@text.text', () => {
    expect(validateSigninEmail('')).toBe('login.emailRequired');
    expect(validateSigninEmail('admin@pult')).toBe('login.emailInvalid');
    expect(validateSigninEmail('admin@pult.local')).toBe(true);
  });

  it('requires a password', () => {
    expect(validateSigninPassword('')).toBe('login.passwordRequired');
    expect(validateSigninPassword('secret')).toBe(true);
  });
});
