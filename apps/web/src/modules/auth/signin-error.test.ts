import { MESSAGES } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http/http-error';
import { readSigninTokens, signinErrorToView } from './signin-error';

describe('signinErrorToView (spec §8, sign-in)', () => {
  it.each([
    ['English', MESSAGES['en-US'].invalidCredentials],
    ['Ukrainian', MESSAGES['uk-UA'].invalidCredentials],
  ])('replaces the %s incorrect-credentials text by login.invalidCredentials', (_language, text) => {
    expect(signinErrorToView(new HttpError(422, { message: text }))).toEqual({
      kind: 'general',
      text: { key: 'login.invalidCredentials' },
    });
  });

  it('shows another 422 text as a general error', () => {
    expect(signinErrorToView(new HttpError(422, { message: 'Account locked' }))).toEqual({
      kind: 'general',
      text: { raw: 'Account locked' },
    });
  });

  it('puts 422 field errors under email and password, joined by commas', () => {
    const error = new HttpError(422, {
      message: { email: ['Required', 'Too long'], password: ['Required'] },
    });
    expect(signinErrorToView(error)).toEqual({
      kind: 'fields',
      fields: { email: 'Required, Too long', password: 'Required' },
      general: null,
    });
  });

  it('keeps texts for unexpected fields visible', () => {
    const error = new HttpError(422, { message: { remember: ['Unknown field'] } });
    expect(signinErrorToView(error)).toEqual({
      kind: 'fields',
      fields: {},
      general: { raw: 'Unknown field' },
    });
  });

  it('opens the dialog with the server text for other statuses', () => {
    expect(signinErrorToView(new HttpError(429, { message: 'Too many attempts' }))).toEqual({
      kind: 'dialog',
      text: { key: 'login.serverError', params: { message: 'Too many attempts' } },
    });
  });

  it('opens the dialog with the unknown error when the response has no text', () => {
    expect(signinErrorToView(new HttpError(500, null))).toEqual({
      kind: 'dialog',
      text: { key: 'common.unknownError' },
    });
  });

  it('uses the unknown error when there is no response', () => {
    expect(signinErrorToView(new HttpError(0, null))).toEqual({
      kind: 'dialog',
      text: { key: 'common.unknownError' },
    });
    expect(signinErrorToView(new TypeError('Failed to fetch'))).toEqual({
      kind: 'dialog',
      text: { key: 'common.unknownError' },
    });
  });

  it('treats an unreadable 200 as an invalid response', () => {
    expect(signinErrorToView(new HttpError(200, null))).toEqual({
      kind: 'dialog',
      text: { key: 'login.invalidResponse' },
    });
  });
});

describe('readSigninTokens', () => {
  const pair = { access_token: 'a', expires_at: 1, refresh_token: 'r', refresh_expired_at: 2 };

  it('returns the token pair of a successful sign-in', () => {
    expect(readSigninTokens(pair)).toEqual(pair);
  });

  it.each([
    ['no access_token', { ...pair, access_token: undefined }],
    ['an empty access_token', { ...pair, access_token: '' }],
    ['an empty body', undefined],
    ['a message instead of tokens', { message: 'ok' }],
  ])('returns null for %s', (_name, body) => {
    expect(readSigninTokens(body)).toBeNull();
  });
});
