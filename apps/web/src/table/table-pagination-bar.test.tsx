import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppFrame } from '../app/app-frame';
import { createI18n } from '../i18n/i18n';
import { ALL_TEXTS } from '../test/all-texts';
import { TablePaginationBar } from './table-pagination-bar';

function renderBar(language: 'en-US' | 'uk-UA', props: { page: number; total: number; totalExact: boolean }) {
  window.localStorage.setItem('language_locale', language);
  const onPage = vi.fn();
  render(
    <AppFrame i18n={createI18n(window.localStorage, ALL_TEXTS)}>
      <TablePaginationBar
        page={props.page}
        pageCount={Math.ceil(props.total / 10)}
        perPage={10}
        total={props.total}
        totalExact={props.totalExact}
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
      renderBar(language, { page: 3, total: 152_000, totalExact: false });
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
      renderBar(language, { page: 3, total: 152_000, totalExact: true });
      expect(rangeText(range)).toBeTruthy();
      expect(button(last).disabled).toBe(false);
      expect(button(lastNumber)).toBeTruthy();
    },
  );
});
