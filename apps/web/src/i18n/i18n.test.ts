import { STORAGE_KEYS } from '@pult/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { ALL_TEXTS } from '../test/all-texts';
import { createI18n, loadStoredTexts } from './i18n';
import { loadTexts } from './load-texts';
import { enUS } from './locales/en-US';
import { ukUA } from './locales/uk-UA';

/** Every leaf path of a nested texts object, e.g. "login.title". */
function keysOf(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null ? keysOf(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('i18n', () => {
  beforeEach(() => window.localStorage.clear());

  it('has the same keys in both languages', () => {
    expect(keysOf(enUS).sort()).toEqual(keysOf(ukUA).sort());
  });

  it('starts in Ukrainian with the Ukrainian title', () => {
    const i18n = createI18n(window.localStorage, ALL_TEXTS);
    expect(i18n.language).toBe('uk-UA');
    expect(document.documentElement.lang).toBe('uk-UA');
    expect(document.title).toBe('Пульт');
  });

  it('starts in the stored language', () => {
    window.localStorage.setItem(STORAGE_KEYS.language, 'en-US');
    expect(createI18n(window.localStorage, ALL_TEXTS).t('login.invalidCredentials')).toBe(
      'Invalid login or password',
    );
  });

  it('ignores an unknown stored language', () => {
    window.localStorage.setItem(STORAGE_KEYS.language, 'fr-FR');
    expect(createI18n(window.localStorage, ALL_TEXTS).language).toBe('uk-UA');
  });

  it('saves a switch and applies it to the document at once', async () => {
    const i18n = createI18n(window.localStorage, ALL_TEXTS);
    await i18n.changeLanguage('en-US');
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('en-US');
    expect(document.documentElement.lang).toBe('en-US');
    expect(document.title).toBe('Pult');
    expect(i18n.t('common.unknownError')).toBe('An error occurred. Please try again.');
  });

  it('translates every contract message key', () => {
    const i18n = createI18n(window.localStorage, ALL_TEXTS);
    expect(i18n.t('errors.passwordsMismatch')).toBe('Паролі не збігаються');
  });

  it('loads only the stored language at start', async () => {
    window.localStorage.setItem(STORAGE_KEYS.language, 'en-US');
    const texts = await loadStoredTexts(window.localStorage, loadTexts);
    expect(Object.keys(texts)).toEqual(['en-US']);
    const i18n = createI18n(window.localStorage, texts);
    expect(i18n.t('login.title')).toBe('Sign in');
    expect(i18n.hasResourceBundle('uk-UA', 'translation')).toBe(false);
  });

  it('downloads the other language on a switch, keeping the current one until it is there', async () => {
    const i18n = createI18n(window.localStorage, { 'uk-UA': ukUA }, loadTexts);
    const switching = i18n.changeLanguage('en-US');
    expect(i18n.t('login.title')).toBe('Вхід');
    await switching;
    expect(i18n.language).toBe('en-US');
    expect(i18n.t('login.title')).toBe('Sign in');
    expect(document.title).toBe('Pult');
  });
});
