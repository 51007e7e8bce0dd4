import { type Locale, STORAGE_KEYS } from '@pult/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RELOAD_FLAG_KEY } from '../app/lazy-with-retry';
import { ALL_TEXTS } from '../test/all-texts';
import { createI18n, type LoadTexts, loadStoredTexts } from './i18n';
import { loadTexts } from './load-texts';
import { enUS } from './locales/en-US';
import { type Translations, ukUA } from './locales/uk-UA';

/** Every leaf path of a nested texts object, e.g. "login.title". */
function keysOf(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null ? keysOf(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

/** A download the test settles by hand, to look at the translator while it is under way. */
function pendingLoad() {
  const waiting = new Map<Locale, (texts: Translations) => void>();
  const load = vi.fn<LoadTexts>(
    (locale) => new Promise<Translations>((resolve) => waiting.set(locale, resolve)),
  );
  const arrive = (locale: Locale, texts: Translations) => waiting.get(locale)?.(texts);
  return { load, arrive };
}

describe('i18n', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

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

  it('starts in the language of the texts at hand when another tab stored another one meanwhile', () => {
    window.localStorage.setItem(STORAGE_KEYS.language, 'en-US');
    const i18n = createI18n(window.localStorage, { 'uk-UA': ukUA });
    expect(i18n.language).toBe('uk-UA');
    expect(i18n.t('login.title')).toBe('Вхід');
  });

  it('saves a switch and applies it to the document at once', async () => {
    const i18n = createI18n(window.localStorage, ALL_TEXTS);
    await i18n.changeLanguage('en-US');
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('en-US');
    expect(document.documentElement.lang).toBe('en-US');
    expect(document.title).toBe('Pult');
    expect(i18n.t('common.unknownError')).toBe('An error occurred. Please try again.');
    expect(i18n.texts).toBe(enUS);
  });

  it('tells its subscribers of a switch, with a new `t` for the new language', async () => {
    const i18n = createI18n(window.localStorage, ALL_TEXTS);
    const before = i18n.t;
    const listener = vi.fn();
    const unsubscribe = i18n.subscribe(listener);
    await i18n.changeLanguage('en-US');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(i18n.t).not.toBe(before);
    // A `t` handed out earlier stays in its own language.
    expect(before('login.title')).toBe('Вхід');
    unsubscribe();
    await i18n.changeLanguage('uk-UA');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('changes nothing when asked for the language it shows', async () => {
    const i18n = createI18n(window.localStorage, ALL_TEXTS);
    const listener = vi.fn();
    i18n.subscribe(listener);
    const t = i18n.t;
    await i18n.changeLanguage('uk-UA');
    expect(listener).not.toHaveBeenCalled();
    expect(i18n.t).toBe(t);
  });

  it('translates every contract message key', () => {
    const i18n = createI18n(window.localStorage, ALL_TEXTS);
    expect(i18n.t('errors.passwordsMismatch')).toBe('Паролі не збігаються');
  });

  it('fills placeholders and picks the plural form of the language', async () => {
    const i18n = createI18n(window.localStorage, ALL_TEXTS);
    expect(i18n.t('profile.sessions.ended', { count: 1 })).toBe('Завершено 1 вхід');
    expect(i18n.t('profile.sessions.ended', { count: 3 })).toBe('Завершено 3 входи');
    expect(i18n.t('profile.sessions.ended', { count: 5 })).toBe('Завершено 5 входів');
    await i18n.changeLanguage('en-US');
    expect(i18n.t('profile.sessions.ended', { count: 1 })).toBe('1 sign-in ended');
    expect(i18n.t('profile.sessions.ended', { count: 3 })).toBe('3 sign-ins ended');
  });

  it('answers a missing key with the key, or with the default value given', () => {
    const i18n = createI18n(window.localStorage, ALL_TEXTS);
    const key = 'groups.actions.no-such-action' as Parameters<typeof i18n.t>[0];
    expect(i18n.t(key)).toBe('groups.actions.no-such-action');
    expect(i18n.t(key, { defaultValue: 'no-such-action' })).toBe('no-such-action');
    expect(i18n.t(key, { defaultValue: '' })).toBe('');
    expect(i18n.exists('login.title')).toBe(true);
    expect(i18n.exists('login')).toBe(false);
    expect(i18n.exists('groups.actions.no-such-action')).toBe(false);
  });

  it('loads only the stored language at start', async () => {
    window.localStorage.setItem(STORAGE_KEYS.language, 'en-US');
    const texts = await loadStoredTexts(window.localStorage, loadTexts);
    expect(Object.keys(texts)).toEqual(['en-US']);
    expect(createI18n(window.localStorage, texts).t('login.title')).toBe('Sign in');
  });

  it('downloads the other language on a switch, keeping the current one until it is there', async () => {
    const { load, arrive } = pendingLoad();
    const i18n = createI18n(window.localStorage, { 'uk-UA': ukUA }, load);
    const listener = vi.fn();
    i18n.subscribe(listener);
    const switching = i18n.changeLanguage('en-US');
    expect(load).toHaveBeenCalledWith('en-US');
    expect(i18n.language).toBe('uk-UA');
    expect(i18n.t('login.title')).toBe('Вхід');
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBeNull();
    arrive('en-US', enUS);
    await switching;
    expect(listener).toHaveBeenCalledTimes(1);
    expect(i18n.language).toBe('en-US');
    expect(i18n.t('login.title')).toBe('Sign in');
    expect(document.title).toBe('Pult');
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('en-US');
    // Downloaded once: switching back and forth again fetches nothing.
    await i18n.changeLanguage('uk-UA');
    await i18n.changeLanguage('en-US');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('downloads the real language chunk on a switch', async () => {
    const i18n = createI18n(window.localStorage, { 'uk-UA': ukUA }, loadTexts);
    await i18n.changeLanguage('en-US');
    expect(i18n.t('login.title')).toBe('Sign in');
  });

  it('keeps the latest choice when an earlier download arrives after it', async () => {
    const { load, arrive } = pendingLoad();
    const i18n = createI18n(window.localStorage, { 'uk-UA': ukUA }, load);
    const switching = i18n.changeLanguage('en-US');
    await i18n.changeLanguage('uk-UA');
    arrive('en-US', enUS);
    await switching;
    expect(i18n.language).toBe('uk-UA');
    expect(i18n.t('login.title')).toBe('Вхід');
  });

  it('downloads a language once when chosen back and forth meanwhile', async () => {
    const { load, arrive } = pendingLoad();
    const i18n = createI18n(window.localStorage, { 'uk-UA': ukUA }, load);
    const first = i18n.changeLanguage('en-US');
    await i18n.changeLanguage('uk-UA');
    const second = i18n.changeLanguage('en-US');
    arrive('en-US', enUS);
    await Promise.all([first, second]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(i18n.language).toBe('en-US');
  });

  it('retries a failed download like a page', async () => {
    vi.useFakeTimers();
    const load = vi.fn<LoadTexts>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(enUS);
    const i18n = createI18n(window.localStorage, { 'uk-UA': ukUA }, load);
    const switching = i18n.changeLanguage('en-US');
    await vi.advanceTimersByTimeAsync(1_000);
    await switching;
    expect(load).toHaveBeenCalledTimes(2);
    expect(i18n.language).toBe('en-US');
  });

  it('stays in the current language when the download fails for good', async () => {
    vi.useFakeTimers();
    // A reload was already tried, so the last failure is reported instead of reloading again.
    window.sessionStorage.setItem(RELOAD_FLAG_KEY, '1');
    const i18n = createI18n(window.localStorage, { 'uk-UA': ukUA }, () =>
      Promise.reject(new Error('offline')),
    );
    const switching = i18n.changeLanguage('en-US');
    const failed = expect(switching).rejects.toThrow('could not be loaded');
    await vi.advanceTimersByTimeAsync(10_000);
    await failed;
    expect(i18n.language).toBe('uk-UA');
    expect(i18n.t('login.title')).toBe('Вхід');
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBeNull();
  });
});
