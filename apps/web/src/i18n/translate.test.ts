import { describe, expect, it } from 'vitest';
import { interpolate, lookupText, type TextKeyOf, translate } from './translate';

const TEXTS = {
  login: { title: 'Вхід', error: 'Помилка: {{message}}' },
  list: { shown: '{{from}}–{{to}} з {{total}}', empty: '' },
  files: { count_one: '{{count}} файл', count_few: '{{count}} файли', count_many: '{{count}} файлів' },
  queue: { left_zero: 'Нічого', left_one: 'Один', left_other: '{{count}}' },
};

const UK = new Intl.PluralRules('uk-UA');

describe('lookupText', () => {
  it('follows a dotted key to its text', () => {
    expect(lookupText(TEXTS, 'login.title')).toBe('Вхід');
    expect(lookupText(TEXTS, 'list.empty')).toBe('');
  });

  it('finds nothing for a missing key, a group, a path through a text or a prototype name', () => {
    expect(lookupText(TEXTS, 'login.missing')).toBeUndefined();
    expect(lookupText(TEXTS, 'login')).toBeUndefined();
    expect(lookupText(TEXTS, 'login.title.more')).toBeUndefined();
    expect(lookupText(TEXTS, 'constructor')).toBeUndefined();
    expect(lookupText(TEXTS, 'login.toString')).toBeUndefined();
  });
});

describe('interpolate', () => {
  it('fills every placeholder, numbers too, without escaping', () => {
    expect(interpolate('{{from}}–{{to}} з {{total}}', { from: 1, to: 25, total: '<b>100</b>' })).toBe(
      '1–25 з <b>100</b>',
    );
  });

  it('leaves a placeholder without a value as written, and a value holding braces as it is', () => {
    expect(interpolate('{{a}} {{b}}', { a: '{{b}}' })).toBe('{{b}} {{b}}');
    expect(interpolate('{{a}}', undefined)).toBe('{{a}}');
  });
});

describe('translate', () => {
  it('answers a missing key with the key, or with the fallback', () => {
    expect(translate(TEXTS, 'login.missing')).toBe('login.missing');
    expect(translate(TEXTS, 'login.missing', {}, { fallback: 'x' })).toBe('x');
    expect(translate(TEXTS, 'login.title', {}, { fallback: 'x' })).toBe('Вхід');
    expect(translate(TEXTS, 'list.empty', {}, { fallback: 'x' })).toBe('');
  });

  it('fills the placeholders of the text found', () => {
    expect(translate(TEXTS, 'login.error', { message: 'timeout' })).toBe('Помилка: timeout');
  });

  it('picks the plural form of a numeric count by the language’s rules', () => {
    const files = (count: number) => translate(TEXTS, 'files.count', { count }, { plurals: UK });
    expect([1, 2, 5, 21, 22, 25].map(files)).toEqual([
      '1 файл',
      '2 файли',
      '5 файлів',
      '21 файл',
      '22 файли',
      '25 файлів',
    ]);
  });

  it('uses the zero form for 0 when there is one, and the other forms after it', () => {
    const left = (count: number) =>
      translate(TEXTS, 'queue.left', { count }, { plurals: new Intl.PluralRules('en-US') });
    expect([0, 1, 7].map(left)).toEqual(['Нічого', 'Один', '7']);
  });

  it('picks no form for a count already formatted, or without plural rules', () => {
    expect(translate(TEXTS, 'files.count', { count: '1 000' }, { plurals: UK })).toBe('files.count');
    expect(translate(TEXTS, 'files.count', { count: 1 })).toBe('files.count');
  });
});

describe('TextKeyOf', () => {
  it('names the texts and the plural groups, not the groups or the forms', () => {
    const keys: TextKeyOf<typeof TEXTS>[] = ['login.title', 'list.empty', 'files.count', 'queue.left'];
    // @ts-expect-error a group is not a text
    keys.push('login');
    // @ts-expect-error a plural form is called by its group's key
    keys.push('files.count_one');
    // @ts-expect-error nor is a key the texts lack
    keys.push('login.missing');
    expect(keys).toHaveLength(7);
  });

  it('strips a plural suffix from a key that itself holds an underscore', () => {
    const texts = { queue: { retry_failed_one: '', retry_failed_other: '', is_one_of: '' } } as const;
    const keys: TextKeyOf<typeof texts>[] = ['queue.retry_failed', 'queue.is_one_of'];
    // @ts-expect-error a plural form is called by its group's key
    keys.push('queue.retry_failed_one');
    // @ts-expect-error nor by the part before its first underscore
    keys.push('queue.retry');
    expect(keys).toHaveLength(4);
  });
});
