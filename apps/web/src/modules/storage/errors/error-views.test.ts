import { describe, expect, it } from 'vitest';
import { errorsViewOf, errorViewsOf, groupActionOf } from './error-views';

const both = { groups: true, all: true };

describe('errorViewsOf', () => {
  it('lists the views the grants open, groups first', () => {
    expect(errorViewsOf(both)).toEqual(['groups', 'all']);
    expect(errorViewsOf({ groups: false, all: true })).toEqual(['all']);
    expect(errorViewsOf({ groups: true, all: false })).toEqual(['groups']);
  });
});

describe('errorsViewOf', () => {
  it('shows the view the address asks for, the groups by default', () => {
    expect(errorsViewOf('all', both)).toBe('all');
    expect(errorsViewOf(null, both)).toBe('groups');
    expect(errorsViewOf('something', both)).toBe('groups');
  });

  it('falls back to the view the grants open', () => {
    expect(errorsViewOf(null, { groups: false, all: true })).toBe('all');
    expect(errorsViewOf('all', { groups: true, all: false })).toBe('groups');
  });
});

describe('groupActionOf', () => {
  const all = { resolve: true, reopen: true };
  it('resolves an open group and reopens a resolved one', () => {
    expect(groupActionOf('open', all)).toBe('resolve');
    expect(groupActionOf('resolved', all)).toBe('reopen');
  });

  it('offers neither without its own grant', () => {
    expect(groupActionOf('open', { resolve: false, reopen: true })).toBeNull();
    expect(groupActionOf('resolved', { resolve: true, reopen: false })).toBeNull();
  });
});
