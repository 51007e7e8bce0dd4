import type { ResourceDescriptor } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { keyText, listLinkOf, valueText } from './import-values';

const descriptor = {
  name: 'cities',
  service: 'auth',
  path: '/admin/cities',
  defaultSort: 'id',
  importKey: ['country_id', 'name_en'],
  fields: [
    {
      name: 'country_id',
      label: 'c',
      sortable: true,
      display: { kind: 'text' },
      filter: { type: 'select', lookup: 'countries' },
    },
    { name: 'name_en', label: 'n', sortable: true, display: { kind: 'text' }, filter: { type: 'text' } },
  ],
} satisfies ResourceDescriptor;

describe('import values', () => {
  it('shows a key of several fields on one line', () => {
    expect(keyText({ country_id: 'Ukraine', name_en: 'Kyiv' })).toBe('Ukraine · Kyiv');
  });

  it('shows empty values as a dash and objects as JSON', () => {
    expect(valueText(null)).toBe('—');
    expect(valueText('')).toBe('—');
    expect(valueText(['a', 'b'])).toBe('["a","b"]');
    expect(valueText(3)).toBe('3');
  });

  it('links a row to the list filtered by its first key field with a text filter', () => {
    expect(
      listLinkOf(descriptor, '/geo/cities', { line: 2, key: { country_id: 'UA', name_en: 'Lviv & Co' } }),
    ).toBe('/geo/cities?filter%5Bname_en%5D=Lviv+%26+Co');
    expect(listLinkOf(descriptor, '/geo/cities', { line: 2, key: { country_id: 'UA' } })).toBeNull();
  });
});
