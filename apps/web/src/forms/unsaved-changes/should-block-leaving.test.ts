import { describe, expect, it } from 'vitest';
import { type LeavingCheck, shouldBlockLeaving } from './should-block-leaving';

const EDIT = { pathname: '/auth/users/edit', search: '?id=1' };

function check(overrides: Partial<LeavingCheck>): boolean {
  return shouldBlockLeaving({
    dirty: true,
    leavingOnPurpose: false,
    signedIn: true,
    from: EDIT,
    to: { pathname: '/auth/users', search: '' },
    ...overrides,
  });
}

describe('shouldBlockLeaving', () => {
  it('asks before leaving a form with unsaved changes for another page', () => {
    expect(check({})).toBe(true);
  });

  it('asks before switching to another record of the same screen', () => {
    expect(check({ to: { pathname: EDIT.pathname, search: '?id=2' } })).toBe(true);
  });

  it('lets a pristine form go', () => {
    expect(check({ dirty: false })).toBe(false);
  });

  it('lets the form leave after its own save, cancel or delete', () => {
    expect(check({ leavingOnPurpose: true })).toBe(false);
  });

  it('never holds back a session that has ended', () => {
    expect(check({ signedIn: false })).toBe(false);
  });

  it('ignores a move that stays on the same screen (hash only)', () => {
    expect(check({ to: { ...EDIT } })).toBe(false);
  });
});
