import { describe, expect, it } from 'vitest';
import { inShownOrder } from './shown-order';

describe('the language menu’s items when the server’s list arrives', () => {
  const shown = [{ locale: 'uk-UA' }, { locale: 'en-US' }];

  it('keep the places they were shown in, whatever order the server lists them in', () => {
    const offered = [
      { locale: 'en-US', label: 'English' },
      { locale: 'uk-UA', label: 'Українська' },
    ];
    expect(inShownOrder(offered, shown).map((option) => option.label)).toEqual(['Українська', 'English']);
  });

  it('put a language the menu did not show after the others, and leave out one the server dropped', () => {
    const offered = [
      { locale: 'pl-PL', label: 'Polski' },
      { locale: 'en-US', label: 'English' },
    ];
    expect(inShownOrder(offered, shown).map((option) => option.locale)).toEqual(['en-US', 'pl-PL']);
  });
});
