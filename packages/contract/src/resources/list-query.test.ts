import { describe, expect, it } from 'vitest';
import { citiesResource, countriesResource } from './geo.js';
import { defaultSortOf, EMPTY_LIST_QUERY, effectiveSort } from './list-query.js';
import { usersResource } from './users.js';

describe("the default sort in the reader's language", () => {
  it('sorts a list of names by the name the reader reads', () => {
    expect(defaultSortOf(countriesResource, 'uk-UA')).toBe('name_uk');
    expect(defaultSortOf(countriesResource, 'en-US')).toBe('name_en');
    expect(defaultSortOf(citiesResource, 'uk-UA')).toBe('name_uk');
  });

  it("is the descriptor's one default where the language does not matter or is not known", () => {
    expect(defaultSortOf(usersResource, 'uk-UA')).toBe('-created_at');
    expect(defaultSortOf(countriesResource)).toBe('name_en');
  });

  it("gives way to the request's own sort", () => {
    const query = { ...EMPTY_LIST_QUERY, sort: [{ field: 'code', direction: 'desc' as const }] };
    expect(effectiveSort(countriesResource, query, 'uk-UA')).toEqual([{ field: 'code', direction: 'desc' }]);
    expect(effectiveSort(countriesResource, EMPTY_LIST_QUERY, 'uk-UA')).toEqual([
      { field: 'name_uk', direction: 'asc' },
    ]);
  });
});
