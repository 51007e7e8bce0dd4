import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http/http-error';
import { readMfaChallenge } from './signin-error';
import { mfaErrorToView, mfaStepBody, validateMfaValue } from './signin-mfa';

describe('readMfaChallenge', () => {
  it('reads the first step’s challenge', () => {
    const body = { mfa_required: true, mfa_token: 't', methods: ['totp', 'recovery'] };
    expect(readMfaChallenge(body)).toEqual(body);
  });

  it('keeps passkeys and leaves out methods this panel does not know', () => {
    const body = { mfa_required: true, mfa_token: 't', methods: ['totp', 'webauthn', 'sms', 'recovery'] };
    expect(readMfaChallenge(body)?.methods).toEqual(['totp', 'webauthn', 'recovery']);
  });

  it.each([
    ['a token pair', { access_token: 'a', expires_at: 1, refresh_token: 'r', refresh_expired_at: 2 }],
    ['no token', { mfa_required: true, methods: ['totp'] }],
    ['an empty token', { mfa_required: true, mfa_token: '', methods: ['totp'] }],
    ['mfa_required false', { mfa_required: false, mfa_token: 't', methods: ['totp'] }],
    ['nothing', null],
  ])('returns null for %s', (_name, body) => {
    expect(readMfaChallenge(body)).toBeNull();
  });
});

describe('mfaStepBody', () => {
  it('sends the code without spaces under code', () => {
    expect(mfaStepBody('t', 'totp', ' 123 456 ')).toEqual({ mfa_token: 't', code: '123456' });
  });

  it('sends a recovery code under recovery_code', () => {
    expect(mfaStepBody('t', 'recovery', 'abcde-fgh23 ')).toEqual({
      mfa_token: 't',
      recovery_code: 'abcde-fgh23',
    });
  });
});

describe('validateMfaValue', () => {
  it.each([
    ['totp', '', 'required'],
    ['totp', '12345', 'mfaCodeFormat'],
    ['totp', '12a456', 'mfaCodeFormat'],
    ['totp', '123 456', true],
    ['recovery', ' ', 'required'],
    ['recovery', 'abcde', 'mfaRecoveryCodeFormat'],
    ['recovery', 'ABCDE-FGH23', true],
    ['recovery', 'abcdefgh23', true],
  ] as const)('%s %j → %s', (method, value, expected) => {
    expect(validateMfaValue(method, value)).toBe(expected);
  });
});

describe('mfaErrorToView', () => {
  it('puts a wrong code under the field it was typed in', () => {
    const error = new HttpError(422, { message: { code: ['Wrong or already used code'] } });
    expect(mfaErrorToView(error, 'totp')).toEqual({ kind: 'field', text: 'Wrong or already used code' });
    const recovery = new HttpError(422, { message: { recovery_code: ['Wrong'] } });
    expect(mfaErrorToView(recovery, 'recovery')).toEqual({ kind: 'field', text: 'Wrong' });
  });

  it('sends an expired or spent step back to the password', () => {
    const error = new HttpError(422, { message: { mfa_token: ['This sign-in step has expired'] } });
    expect(mfaErrorToView(error, 'totp')).toEqual({ kind: 'expired', text: { key: 'login.mfa.expired' } });
  });

  it('shows the limit’s text above the button on 429', () => {
    const error = new HttpError(429, { message: 'Too many wrong codes. Try again in 15 min.' });
    expect(mfaErrorToView(error, 'totp')).toEqual({
      kind: 'general',
      text: { raw: 'Too many wrong codes. Try again in 15 min.' },
    });
    expect(mfaErrorToView(new HttpError(429, null), 'totp')).toEqual({
      kind: 'general',
      text: { key: 'common.rateLimit' },
    });
  });

  it('keeps a field error of another field visible above the button', () => {
    const error = new HttpError(422, { message: { recovery_code: ['Give only one'] } });
    expect(mfaErrorToView(error, 'totp')).toEqual({ kind: 'general', text: { raw: 'Give only one' } });
  });

  it('falls back to the first step’s catalogue', () => {
    expect(mfaErrorToView(new HttpError(500, null), 'totp')).toEqual({
      kind: 'dialog',
      text: { key: 'common.unknownError' },
    });
    expect(mfaErrorToView(new HttpError(422, { message: 'Nope' }), 'totp')).toEqual({
      kind: 'general',
      text: { raw: 'Nope' },
    });
  });
});
