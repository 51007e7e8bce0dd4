import { EMPTY_LIST_QUERY, type TotalKind, usersResource } from '@pult/contract';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/test-app';
import { BulkActionBar } from './bulk-action-bar';
import type { BulkSelection } from './use-bulk-selection';

function selection(allMatching: boolean): BulkSelection {
  return {
    enabled: true,
    ids: new Set([1, 2, 3, 4, 5]),
    allMatching,
    pageState: 'all',
    isSelected: () => true,
    toggle: vi.fn(),
    togglePage: vi.fn(),
    selectAllMatching: vi.fn(),
    clear: vi.fn(),
  };
}

function renderBar(language: 'en-US' | 'uk-UA', allMatching: boolean, totalKind: TotalKind) {
  window.localStorage.setItem('language_locale', language);
  renderApp(
    [
      {
        path: '/',
        element: (
          <BulkActionBar
            descriptor={usersResource}
            query={EMPTY_LIST_QUERY}
            selection={selection(allMatching)}
            total={1_000}
            totalKind={totalKind}
            pageSize={5}
          />
        ),
      },
    ],
    { path: '/', fetchFn: vi.fn<typeof fetch>() },
  );
}

/** Intl separates thousands with a no-break space in Ukrainian; the test reads it as a space. */
const text = (pattern: RegExp) =>
  screen.getByText((content) => pattern.test(content.replace(/\s/g, ' ')), { selector: '*' });

describe('BulkActionBar with a lower bound of the matches', () => {
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
  });

  it.each([
    ['en-US', /^Select all matching the filter: more than 1,000$/],
    ['uk-UA', /^Вибрати всі, що відповідають фільтру: понад 1 000$/],
  ] as const)('in %s offers all matching as "more than", not as a number of rows', (language, offer) => {
    renderBar(language, false, 'moreThan');
    expect(text(offer)).toBeTruthy();
  });

  it.each([
    [
      'en-US',
      /^All matching the filter are selected: more than 1,000$/,
      'Change status',
      /^Apply to more than 1,000$/,
    ],
    [
      'uk-UA',
      /^Вибрано всі, що відповідають фільтру: понад 1 000$/,
      'Змінити статус',
      /^Застосувати до понад 1\s000$/,
    ],
  ] as const)(
    'in %s says "more than" for all matching selected and in the confirmation',
    (language, selected, action, confirm) => {
      renderBar(language, true, 'moreThan');
      expect(text(selected)).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: action }));
      fireEvent.click(screen.getAllByRole('menuitem')[0] as HTMLElement);
      expect(screen.getByRole('button', { name: confirm })).toBeTruthy();
    },
  );

  it('keeps the number of an exact total', () => {
    renderBar('en-US', true, 'exact');
    expect(text(/^All 1,000 matching the filter are selected$/)).toBeTruthy();
  });
});
