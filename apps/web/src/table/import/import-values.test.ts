import { adminsResource, type ResourceDescriptor, usersResource } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { invitationNote, keyText, listLinkOf, valueText } from './import-values';

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

  it('tells that new administrators are invited to set a password, before and after the commit', () => {
    const counts = { rows: 2, create: 1, update: 1, unchanged: 0, skipped: 0, rejected: 0 };
    const dryRun = { mode: 'dry-run', committed: false, counts } as const;
    const commit = { mode: 'commit', committed: true, counts } as const;
    expect(invitationNote(adminsResource, dryRun)).toBe('invitesNew');
    expect(invitationNote(adminsResource, commit)).toBe('invitedNew');
    expect(invitationNote(adminsResource, { ...commit, committed: false })).toBeNull();
    expect(invitationNote(adminsResource, { ...dryRun, counts: { ...counts, create: 0 } })).toBeNull();
    // Users get no password either, but are not invited: they set one through recovery.
    expect(invitationNote(usersResource, dryRun)).toBeNull();
  });
});
