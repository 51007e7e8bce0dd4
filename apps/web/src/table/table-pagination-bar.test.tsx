import { pageCountOfTotal, type TotalKind } from '@pult/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppFrame } from '../app/app-frame';
import { createI18n } from '../i18n/i18n';
import { ALL_TEXTS } from '../test/all-texts';
import { TablePaginationBar } from './table-pagination-bar';

function renderBar(
  language: 'en-US' | 'uk-UA',
  props: { page: number; total: number; totalKind: TotalKind },
) {
  window.localStorage.setItem('language_locale', language);
  const onPage = vi.fn();
  render(
    <AppFrame i18n={createI18n(window.localStorage, ALL_TEXTS)}>
      <TablePaginationBar
        page={props.page}
        pageCount={pageCountOfTotal(props.total, props.totalKind, 10)}
        perPage={10}
        total={props.total}
        totalKind={props.totalKind}
        onPage={onPage}
        onPerPage={vi.fn()}
      />
    </AppFrame>,
  );
  return onPage;
}

/** Intl separates thousands with a no-break space in Ukrainian; the test reads it as a space. */
const normalised = (text: string | null) => (text ?? '').replace(/\s/g, ' ');
const rangeText = (pattern: RegExp) => screen.getByText((text) => pattern.test(normalised(text)));
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('TablePaginationBar with an estimated total', () => {
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
  });

  it.each([
    ['en-US', /^21–30 of about 152,000$/, 'Next page', 'Last page', 'Page 3', 'Page 4'],
    [
      'uk-UA',
      /^21–30 з близько 152 000$/,
      'Наступна сторінка',
      'Остання сторінка',
      'Сторінка 3',
      'Сторінка 4',
    ],
  ] as const)(
    'in %s says "about", offers next but neither last nor unknown pages',
    (language, range, next, last, current, after) => {
      renderBar(language, { page: 3, total: 152_000, totalKind: 'estimate' });
      expect(rangeText(range)).toBeTruthy();
      expect(button(next).disabled).toBe(false);
      expect(button(last).disabled).toBe(true);
      expect(button(current).getAttribute('aria-current')).toBe('page');
      expect(screen.queryByRole('button', { name: after })).toBeNull();
    },
  );

  it.each([
    ['en-US', /^21–30 of 152,000$/, 'Last page', 'Page 15200'],
    ['uk-UA', /^21–30 з 152 000$/, 'Остання сторінка', 'Сторінка 15200'],
  ] as const)(
    'in %s shows an exact total plainly, with the last page',
    (language, range, last, lastNumber) => {
      renderBar(language, { page: 3, total: 152_000, totalKind: 'exact' });
      expect(rangeText(range)).toBeTruthy();
      expect(button(last).disabled).toBe(false);
      expect(button(lastNumber)).toBeTruthy();
    },
  );

  it.each([
    ['en-US', /^1–10 of more than 1,000$/, 'Next page', 'Last page', 'Page 2'],
    ['uk-UA', /^1–10 з понад 1 000$/, 'Наступна сторінка', 'Остання сторінка', 'Сторінка 2'],
  ] as const)(
    'in %s says "more than" for a lower bound, and offers the next page but not a last one',
    (language, range, next, last, after) => {
      const onPage = renderBar(language, { page: 1, total: 1_000, totalKind: 'moreThan' });
      expect(rangeText(range)).toBeTruthy();
      expect(button(last).disabled).toBe(true);
      expect(screen.queryByRole('button', { name: after })).toBeNull();
      button(next).click();
      expect(onPage).toHaveBeenCalledWith(2);
    },
  );

  it('offers the next page of a bound the page itself raised ("more than 10" at 10 a page)', () => {
    renderBar('en-US', { page: 1, total: 10, totalKind: 'moreThan' });
    expect(rangeText(/^1–10 of more than 10$/)).toBeTruthy();
    expect(button('Next page').disabled).toBe(false);
  });
});
