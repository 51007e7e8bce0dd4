import { adminsResource, citiesResource, findField, usersResource } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { dependentFilters, lookupFilterParams } from './filter-dependencies';

describe('filter dependencies', () => {
  it('come from the descriptor: a person’s city depends on their country', () => {
    expect(dependentFilters(usersResource, 'country_id')).toEqual(['city_id']);
    expect(dependentFilters(adminsResource, 'country_id')).toEqual(['city_id']);
    expect(dependentFilters(usersResource, 'city_id')).toEqual([]);
    // A city's own country filter has nothing under it.
    expect(dependentFilters(citiesResource, 'country_id')).toEqual([]);
  });

  it('narrow a lookup by the filter it depends on, once that one is chosen', () => {
    const city = findField(usersResource, 'city_id');
    const country = findField(usersResource, 'country_id');
    if (!city || !country) throw new Error('the people descriptor lost its reference columns');
    expect(lookupFilterParams(city, { country_id: '2', email: 'ann' })).toEqual({ country_id: '2' });
    expect(lookupFilterParams(city, { email: 'ann' })).toEqual({});
    expect(lookupFilterParams(country, { city_id: '11' })).toEqual({});
  });
});
