import { describe, expect, it } from 'vitest';
import { FALLBACK_LOCALE_OPTIONS, languageName, parseAvailableLocales } from './available-locales';

const settings = (value: unknown) => ({
  items: [
    { key: 'other', value: 1 },
    { key: 'availableLocales', value },
  ],
});

describe('parseAvailableLocales', () => {
  it('reads the locale → label map in server order', () => {
    expect(parseAvailableLocales(settings({ 'en-US': 'English', 'uk-UA': 'Українська' }))).toEqual([
      { locale: 'en-US', label: 'English' },
      { locale: 'uk-UA', label: 'Українська' },
    ]);
  });

  it('accepts the map sent as JSON text', () => {
    expect(parseAvailableLocales(settings('{"uk-UA":"Українська"}'))).toEqual([
      { locale: 'uk-UA', label: 'Українська' },
    ]);
  });

  it('drops languages the panel has no texts for', () => {
    expect(parseAvailableLocales(settings({ 'de-DE': 'Deutsch', 'en-US': 'English' }))).toEqual([
      { locale: 'en-US', label: 'English' },
    ]);
  });

  it.each([
    ['a missing setting', { items: [] }],
    ['a malformed body', 'nope'],
    ['a malformed value', settings(42)],
    ['only unknown languages', settings({ 'de-DE': 'Deutsch' })],
  ])('falls back to Ukrainian and English on %s', (_name, body) => {
    expect(parseAvailableLocales(body)).toBe(FALLBACK_LOCALE_OPTIONS);
  });
});

describe('languageName', () => {
  it('names a language by the offered label, the built-in one, or its code when unknown', () => {
    const offered = [{ locale: 'uk-UA' as const, label: 'Українська мова' }];
    expect(languageName('uk-UA', offered)).toBe('Українська мова');
    expect(languageName('en-US', offered)).toBe('English');
    expect(languageName('uk-UA', [])).toBe('Українська');
    expect(languageName('de-DE', offered)).toBe('de-DE');
  });
});
