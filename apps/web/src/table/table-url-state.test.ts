import {
  adminsResource,
  citiesResource,
  countriesResource,
  type ListQuery,
  type ResourceDescriptor,
  referenceColumn,
  usersResource,
} from '@pult/contract';
import { describe, expect, it } from 'vitest';
import {
  activeSort,
  clearFilters,
  readTableState,
  setFilter,
  setPage,
  setPerPage,
  toggleSort,
  writeTableState,
} from './table-url-state';

const UK = 'uk-UA';
const EN = 'en-US';
const read = (search: string) => readTableState(usersResource, new URLSearchParams(search));
const write = (search: string, query: ListQuery) =>
  decodeURIComponent(writeTableState(new URLSearchParams(search), query).toString());

describe('readTableState', () => {
  it('is the empty query without parameters', () => {
    expect(read('')).toEqual({ page: 1, perPage: 10, sort: [], filters: {} });
  });

  it('reads the API grammar', () => {
    expect(
      read(
        'page=2&perPage=20&sort=-created_at,email&filter[email]=ann&filter[created_at]=2025-01-01,2025-01-31',
      ),
    ).toEqual({
      page: 2,
      perPage: 20,
      sort: [
        { field: 'created_at', direction: 'desc' },
        { field: 'email', direction: 'asc' },
      ],
      filters: { email: 'ann', created_at: '2025-01-01,2025-01-31' },
    });
  });

  it('drops invalid parameters and keeps the valid ones', () => {
    expect(
      read('page=0&perPage=7&sort=uid&filter[email]=ann&filter[id]=x&filter[nope]=1&filter[status]=99'),
    ).toEqual({ page: 1, perPage: 10, sort: [], filters: { email: 'ann' } });
    expect(read('page=3&filter[created_at]=2025-02-30')).toEqual({
      page: 3,
      perPage: 10,
      sort: [],
      filters: {},
    });
  });

  it('ignores parameters that are not the table’s and takes the first of repeated ones', () => {
    expect(read('tab=2&id=5&page=4&page=5')).toMatchObject({ page: 4 });
  });

  it('accepts lookup filters as ids', () => {
    expect(read('filter[country_id]=12&filter[city_id]=abc').filters).toEqual({ country_id: '12' });
  });
});

describe('writeTableState', () => {
  it('writes canonical parameters and keeps the page’s own ones', () => {
    const query: ListQuery = {
      page: 3,
      perPage: 50,
      sort: [{ field: 'email', direction: 'desc' }],
      filters: { email: 'ann' },
    };
    expect(write('tab=x&page=9&filter[phone]=1', query)).toBe(
      'tab=x&page=3&perPage=50&sort=-email&filter[email]=ann',
    );
  });

  it('leaves defaults out', () => {
    expect(write('page=2&perPage=20', { page: 1, perPage: 10, sort: [], filters: {} })).toBe('');
  });

  it('round-trips through readTableState', () => {
    const query = read('page=7&perPage=100&sort=last_name&filter[status]=10&filter[birthday]=2000-01-01');
    expect(read(write('', query))).toEqual(query);
  });
});

describe('operations', () => {
  const base = read('page=5&perPage=20&filter[email]=ann');

  it('setFilter goes back to page 1 and removes empty values', () => {
    expect(setFilter(usersResource, base, 'first_name', 'Ann')).toMatchObject({
      page: 1,
      filters: { email: 'ann', first_name: 'Ann' },
    });
    expect(setFilter(usersResource, base, 'email', '  ')).toMatchObject({ page: 1, filters: {} });
  });

  it('setFilter to the value the filter has changes nothing, not even the page', () => {
    expect(setFilter(usersResource, base, 'email', 'ann')).toBe(base);
    expect(setFilter(usersResource, base, 'phone', '')).toBe(base);
  });

  it('setFilter drops the filters that depend on the changed one', () => {
    const byCity = read('page=3&filter[country_id]=1&filter[city_id]=11&filter[email]=ann');
    // Another country: its cities differ, so the city chosen before would match nothing.
    expect(setFilter(usersResource, byCity, 'country_id', '2')).toMatchObject({
      page: 1,
      filters: { country_id: '2', email: 'ann' },
    });
    expect(setFilter(usersResource, byCity, 'country_id', '').filters).toEqual({ email: 'ann' });
    // Other filters, and the dependent one itself, leave the rest alone.
    expect(setFilter(usersResource, byCity, 'email', 'bob').filters).toEqual({
      country_id: '1',
      city_id: '11',
      email: 'bob',
    });
    expect(setFilter(usersResource, byCity, 'city_id', '12').filters).toEqual({
      country_id: '1',
      city_id: '12',
      email: 'ann',
    });
  });

  it('setFilter drops dependents of dependents', () => {
    const chain: ResourceDescriptor = {
      ...usersResource,
      fields: [
        referenceColumn('country_id', 'a', 'countries', 'country_name'),
        referenceColumn('city_id', 'b', 'cities', 'city_name', { field: 'country_id', param: 'country_id' }),
        referenceColumn('district_id', 'c', 'cities', 'district_name', {
          field: 'city_id',
          param: 'city_id',
        }),
      ],
    };
    const query: ListQuery = {
      ...read(''),
      filters: { country_id: '1', city_id: '11', district_id: '111' },
    };
    expect(setFilter(chain, query, 'country_id', '2').filters).toEqual({ country_id: '2' });
  });

  it('clearFilters goes back to page 1', () => {
    expect(clearFilters(base)).toMatchObject({ page: 1, perPage: 20, filters: {} });
  });

  it('setPerPage goes back to page 1', () => {
    expect(setPerPage(base, 50)).toMatchObject({ page: 1, perPage: 50, filters: { email: 'ann' } });
  });

  it('setPage keeps everything else', () => {
    expect(setPage(base, 2)).toEqual({ ...base, page: 2 });
    expect(setPage(base, 0).page).toBe(1);
  });
});

describe('sorting', () => {
  const empty = read('');

  it('shows the default sort as the active one', () => {
    expect(activeSort(usersResource, empty, UK)).toEqual({ field: 'created_at', direction: 'desc' });
    expect(activeSort(usersResource, empty, EN)).toEqual({ field: 'created_at', direction: 'desc' });
  });

  it("sorts a list of names by the name in the reader's language unless the URL names a sort", () => {
    expect(activeSort(countriesResource, empty, UK)).toEqual({ field: 'name_uk', direction: 'asc' });
    expect(activeSort(countriesResource, empty, EN)).toEqual({ field: 'name_en', direction: 'asc' });
    expect(activeSort(citiesResource, empty, UK)).toEqual({ field: 'name_uk', direction: 'asc' });
    expect(
      activeSort(
        countriesResource,
        readTableState(countriesResource, new URLSearchParams('sort=name_en')),
        UK,
      ),
    ).toEqual({ field: 'name_en', direction: 'asc' });
  });

  it("leaves the reader's own default out of the URL, and keeps the other language's name in it", () => {
    const descUk = toggleSort(countriesResource, empty, 'name_uk', UK);
    expect(descUk.sort).toEqual([{ field: 'name_uk', direction: 'desc' }]);
    expect(toggleSort(countriesResource, descUk, 'name_uk', UK).sort).toEqual([]);
    expect(toggleSort(countriesResource, empty, 'name_en', UK).sort).toEqual([
      { field: 'name_en', direction: 'asc' },
    ]);
  });

  it('starts a new column ascending and then toggles it', () => {
    const byEmail = toggleSort(usersResource, empty, 'email', UK);
    expect(byEmail.sort).toEqual([{ field: 'email', direction: 'asc' }]);
    const desc = toggleSort(usersResource, byEmail, 'email', UK);
    expect(desc.sort).toEqual([{ field: 'email', direction: 'desc' }]);
    expect(toggleSort(usersResource, desc, 'email', UK).sort).toEqual([{ field: 'email', direction: 'asc' }]);
  });

  it('toggles the default column from its default direction and leaves the default out of the URL', () => {
    const asc = toggleSort(adminsResource, empty, 'created_at', UK);
    expect(asc.sort).toEqual([{ field: 'created_at', direction: 'asc' }]);
    expect(toggleSort(adminsResource, asc, 'created_at', UK).sort).toEqual([]);
  });

  it('keeps the page and filters', () => {
    const query = read('page=3&filter[email]=ann');
    expect(toggleSort(usersResource, query, 'email', UK)).toMatchObject({
      page: 3,
      filters: { email: 'ann' },
    });
  });
});
