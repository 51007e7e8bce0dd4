import { STATUS } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { isPersonDeletable } from './person-deletable';

describe('isPersonDeletable', () => {
  it('offers Delete on a person who is not deleted yet', () => {
    expect(isPersonDeletable({ uid: 'u-1', status: STATUS.active })).toBe(true);
    expect(isPersonDeletable({ uid: 'u-1', status: STATUS.banned }, 'u-2')).toBe(true);
  });

  it('does not offer it again on a deleted person', () => {
    expect(isPersonDeletable({ uid: 'u-1', status: STATUS.deleted })).toBe(false);
  });

  it('does not offer it on the signed-in administrator’s own row', () => {
    expect(isPersonDeletable({ uid: 'u-1', status: STATUS.active }, 'u-1')).toBe(false);
  });
});
