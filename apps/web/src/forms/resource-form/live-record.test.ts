import type { LiveChange } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { formatChangeTime, recordNewsOf, sameVersion, versionOf } from './live-record';

const record = { resource: 'auth.users', id: '7' };

function change(patch: Partial<LiveChange>): LiveChange {
  return {
    resource: 'auth.users',
    id: '7',
    op: 'update',
    version: 'W/"20"',
    actor: { id: 3, name: 'Emily Carter' },
    at: '2026-11-26T14:02:30.000Z',
    ...patch,
  };
}

describe('versions', () => {
  it('compares weak and strong tags as versions', () => {
    expect(versionOf('W/"7"')).toBe('7');
    expect(sameVersion('W/"7"', '"7"')).toBe(true);
    expect(sameVersion('W/"7"', 'W/"8"')).toBe(false);
    expect(sameVersion(null, null)).toBe(false);
    expect(sameVersion(undefined, 'W/"7"')).toBe(false);
  });
});

describe('recordNewsOf', () => {
  it('tells of a change to the record at another version, with who and when', () => {
    expect(recordNewsOf(change({}), record, 'W/"19"')).toEqual({
      kind: 'changed',
      actor: { id: 3, name: 'Emily Carter' },
      at: '2026-11-26T14:02:30.000Z',
      version: 'W/"20"',
    });
  });

  it('is silent on the version the form holds (its own save) and on other records', () => {
    expect(recordNewsOf(change({}), record, 'W/"20"')).toBeNull();
    expect(recordNewsOf(change({ id: '8' }), record, 'W/"19"')).toBeNull();
    expect(recordNewsOf(change({ resource: 'auth.admins' }), record, 'W/"19"')).toBeNull();
  });

  it('counts a change as news when the form does not know its version (a list row)', () => {
    expect(recordNewsOf(change({}), record, undefined)).toMatchObject({ kind: 'changed' });
  });

  it('tells of a deletion, and cannot tell about `many` without reading', () => {
    expect(recordNewsOf(change({ op: 'delete', version: null, actor: null }), record, 'W/"19"')).toEqual({
      kind: 'deleted',
      actor: null,
      at: '2026-11-26T14:02:30.000Z',
      version: null,
    });
    expect(recordNewsOf(change({ op: 'many', id: null, version: null }), record, 'W/"19"')).toBe('unknown');
    expect(
      recordNewsOf(change({ op: 'many', id: null, resource: 'auth.admins' }), record, 'W/"19"'),
    ).toBeNull();
  });
});

describe('formatChangeTime', () => {
  it('writes hours and minutes on a 24-hour clock in the chosen zone', () => {
    expect(formatChangeTime('2026-11-26T14:02:30.000Z', 'en-US', 'UTC')).toBe('14:02 UTC');
    expect(formatChangeTime('2026-11-26T14:02:30.000Z', 'uk-UA', 'UTC')).toBe('14:02 UTC');
    expect(formatChangeTime('2026-11-26T14:02:30.000Z', 'en-US', 'Europe/Kyiv')).toMatch(/^16:02 /);
    expect(formatChangeTime('nonsense', 'en-US', 'UTC')).toBe('nonsense');
  });
});
