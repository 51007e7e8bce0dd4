import { describe, expect, it } from 'vitest';
import { sortOptions } from './sort-options';

const labels = (items: { label: string }[]) => items.map((item) => item.label);

describe('sortOptions', () => {
  it('orders Ukrainian labels by the Ukrainian alphabet: Ґ after Г, Є after Е, І and Ї after И', () => {
    const options = ['Їжак', 'Єгипет', 'Іспанія', 'Естонія', 'Ґуам', 'Гана', 'Ирландія', 'Австрія'].map(
      (label, value) => ({ value, label }),
    );
    expect(labels(sortOptions(options, 'uk-UA'))).toEqual([
      'Австрія',
      'Гана',
      'Ґуам',
      'Естонія',
      'Єгипет',
      'Ирландія',
      'Іспанія',
      'Їжак',
    ]);
  });

  it('orders English labels without regard to case and leaves the input as it was', () => {
    const options = [{ label: 'zambia' }, { label: 'Austria' }, { label: 'belgium' }];
    expect(labels(sortOptions(options, 'en-US'))).toEqual(['Austria', 'belgium', 'zambia']);
    expect(labels(options)).toEqual(['zambia', 'Austria', 'belgium']);
  });
});
