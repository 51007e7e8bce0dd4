import { STORAGE_KEYS } from '@pult/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { readExpandedSections, toggleSection, writeExpandedSections } from './expanded-sections';

describe('expanded drawer sections', () => {
  beforeEach(() => window.localStorage.clear());

  it('are all closed by default', () => {
    expect(readExpandedSections(window.localStorage)).toEqual([]);
  });

  it('round-trip through local storage as a JSON array under menuExpandedSections', () => {
    writeExpandedSections(window.localStorage, ['storage', 'chat']);
    expect(window.localStorage.getItem(STORAGE_KEYS.menuExpandedSections)).toBe('["storage","chat"]');
    expect(readExpandedSections(window.localStorage)).toEqual(['storage', 'chat']);
  });

  it.each([
    ['not json', '{oops'],
    ['not an array', '{"users":true}'],
    ['a string', '"users"'],
  ])('treat %s as all closed', (_name, raw) => {
    window.localStorage.setItem(STORAGE_KEYS.menuExpandedSections, raw);
    expect(readExpandedSections(window.localStorage)).toEqual([]);
  });

  it('drop unknown and duplicate ids', () => {
    window.localStorage.setItem(STORAGE_KEYS.menuExpandedSections, '["users","reports",3,"users"]');
    expect(readExpandedSections(window.localStorage)).toEqual(['users']);
  });

  it('toggle opens a closed section and closes an open one', () => {
    expect(toggleSection([], 'users')).toEqual(['users']);
    expect(toggleSection(['users', 'chat'], 'users')).toEqual(['chat']);
  });
});
