import type { EffectiveEntry } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../grants/catalogue.test-support';
import { catalogueFieldOf, effectiveSections } from './effective-sections';

const entry = (resource: string, action: string, allowed: boolean): EffectiveEntry => ({
  resource,
  action,
  allowed,
  fields: null,
  conditional: false,
  sources: [],
});

describe('effective permissions by section', () => {
  const entries = [
    entry('auth.users', 'list', true),
    entry('auth.users', 'delete', false),
    entry('storage.buckets', 'list', false),
    entry('auth.admins', 'list', true),
  ];

  it('groups entries by service and resource, in the order received', () => {
    const sections = effectiveSections(entries);
    expect(sections.map((section) => section.service)).toEqual(['auth', 'storage']);
    expect(sections[0]?.resources.map((item) => [item.resource, item.entries.length])).toEqual([
      ['auth.users', 2],
      ['auth.admins', 1],
    ]);
  });

  it('can show only what is allowed, dropping what is left empty', () => {
    const sections = effectiveSections(entries, true);
    expect(sections.map((section) => section.service)).toEqual(['auth']);
    expect(sections[0]?.resources[0]?.entries.map((item) => item.action)).toEqual(['list']);
  });

  it('names fields from the catalogue, or by their own name', () => {
    expect(catalogueFieldOf(CATALOGUE, 'auth.users', 'email').label).toBe('people.fields.email');
    expect(catalogueFieldOf(CATALOGUE, 'auth.users', 'gone')).toEqual({ name: 'gone', label: 'gone' });
  });
});
