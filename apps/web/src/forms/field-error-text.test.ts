import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/i18n';
import { ALL_TEXTS } from '../test/all-texts';
import { fieldErrorText, SERVER_ERROR_TYPE } from './field-error-text';

describe('fieldErrorText', () => {
  const { t } = createI18n(window.localStorage, ALL_TEXTS);

  it('translates a contract message key from the errors texts', () => {
    expect(fieldErrorText(t, { type: 'custom', message: 'passwordsMismatch' })).toBe('Паролі не збігаються');
  });

  it('translates a full translation key of a form rule', () => {
    expect(fieldErrorText(t, { type: 'validate', message: 'login.emailRequired' })).toBe(
      'Е-пошта обов’язкова',
    );
  });

  it('prefers the field override of a key', () => {
    expect(
      fieldErrorText(t, { type: 'custom', message: 'required' }, { required: 'login.passwordRequired' }),
    ).toBe('Пароль обов’язковий');
  });

  it('shows a server text as it is, and nothing without an error', () => {
    expect(fieldErrorText(t, { type: SERVER_ERROR_TYPE, message: 'required' })).toBe('required');
    expect(fieldErrorText(t, undefined)).toBeUndefined();
  });
});
