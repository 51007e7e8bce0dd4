import type { FormFieldDescriptor } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import {
  allChoices,
  changedNothingShown,
  conflictRows,
  defaultChoices,
  resolveConflict,
  sameValue,
} from './conflict';

const fields = [
  { name: 'status', label: 'x', input: { kind: 'integer' } },
  { name: 'phone', label: 'x', input: { kind: 'text' } },
  { name: 'about_me', label: 'x', input: { kind: 'textarea' } },
  { name: 'groups', label: 'x', input: { kind: 'tags' } },
  { name: 'api_secret', label: 'x', input: { kind: 'text' } },
] as unknown as readonly FormFieldDescriptor[];

// What the form opened, as the inputs hold it.
const base = { status: 1, phone: '', about_me: 'hi', groups: ['a'], api_secret: '' };

describe('record conflicts', () => {
  it('compares input values by content', () => {
    expect(sameValue(['a'], ['a'])).toBe(true);
    expect(sameValue('', '')).toBe(true);
    expect(sameValue(1, '1')).toBe(false);
  });

  it('lists the fields where the form and the record now differ, marking clashes', () => {
    // They blocked the account and rewrote "about"; you typed a phone and rewrote "about" too.
    const yours = { ...base, phone: '+380 44 000 0000', about_me: 'mine' };
    const current = { id: 3, status: 2, phone: null, about_me: 'theirs', groups: ['a'] };
    const rows = conflictRows(fields, base, yours, current);
    expect(rows.map((row) => [row.field.name, row.base, row.yours, row.theirs, row.clash])).toEqual([
      ['status', 1, 1, 2, false],
      ['phone', '', '+380 44 000 0000', '', false],
      ['about_me', 'hi', 'mine', 'theirs', true],
    ]);
    // A one-sided change wins over an untouched value; a clash keeps what was typed.
    expect(defaultChoices(rows)).toEqual({ status: 'theirs', phone: 'yours', about_me: 'yours' });
  });

  it('leaves out fields the record now does not show (write-only secrets, fields not readable)', () => {
    const yours = { ...base, api_secret: 'new' };
    expect(
      conflictRows(fields, base, yours, { status: 1, phone: null, about_me: 'hi', groups: ['a'] }),
    ).toEqual([]);
  });

  it('merges by the choice and takes the record as it is now as the new base', () => {
    const yours = { ...base, phone: '+380', about_me: 'mine', api_secret: 'new' };
    const current = { status: 2, phone: null, about_me: 'theirs', groups: ['a', 'b'] };
    const rows = conflictRows(fields, base, yours, current);
    const picked = resolveConflict(fields, base, yours, current, defaultChoices(rows));
    expect(picked.base).toEqual({
      status: 2,
      phone: '',
      about_me: 'theirs',
      groups: ['a', 'b'],
      api_secret: '',
    });
    expect(picked.values).toEqual({
      status: 2,
      phone: '+380',
      about_me: 'mine',
      groups: ['a', 'b'],
      api_secret: 'new',
    });

    const mine = resolveConflict(fields, base, yours, current, allChoices(rows, 'yours'));
    expect(mine.values).toEqual({ ...yours });
    const theirs = resolveConflict(fields, base, yours, current, allChoices(rows, 'theirs'));
    // Nothing typed survives except what the record does not show.
    expect(theirs.values).toEqual({ ...theirs.base, api_secret: 'new' });
  });

  it('sees when the version moved but nothing the form shows changed', () => {
    expect(changedNothingShown(fields, base, { status: 1, phone: null, about_me: 'hi', groups: ['a'] })).toBe(
      true,
    );
    expect(changedNothingShown(fields, base, { status: 2, phone: null })).toBe(false);
  });
});
