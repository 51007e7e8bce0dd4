import { describe, expect, it } from 'vitest';
import { isInvalidCredentialsMessage } from './known-messages.js';
import { toLocale } from './locales.js';
import { isMessageKey, MESSAGES, translateMessage } from './messages.js';
import { isSigninEmail } from './validators.js';

describe('messages and locales', () => {
  it('has every key in both languages, none empty', () => {
    const en = Object.keys(MESSAGES['en-US']).sort();
    expect(Object.keys(MESSAGES['uk-UA']).sort()).toEqual(en);
    for (const catalog of Object.values(MESSAGES))
      for (const text of Object.values(catalog)) expect(text.trim()).not.toBe('');
  });

  it('translates with parameters and recognises the invalid-credentials text in any language', () => {
    expect(translateMessage('tooManySignins', 'en-US', { minutes: 15 })).toBe(
      'Too many sign-in attempts. Try again in 15 min.',
    );
    expect(isInvalidCredentialsMessage('Невірний логін або пароль')).toBe(true);
    expect(isInvalidCredentialsMessage('Invalid login or password')).toBe(true);
    expect(isInvalidCredentialsMessage('Something else')).toBe(false);
    expect(isMessageKey('required')).toBe(true);
    expect(isMessageKey('toString')).toBe(false);
  });

  it('falls back to uk-UA for unknown languages', () => {
    expect(toLocale('en-US')).toBe('en-US');
    expect(toLocale('de-DE')).toBe('uk-UA');
    expect(toLocale(undefined)).toBe('uk-UA');
  });

  it('checks the sign-in e-mail shape of spec §5: text@text.text', () => {
    expect(isSigninEmail('admin@pult.local')).toBe(true);
    expect(isSigninEmail('admin@localhost')).toBe(false);
    expect(isSigninEmail('a b@c.d')).toBe(false);
  });
});
