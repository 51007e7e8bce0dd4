import { type MyPermissions, usersResource } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { createPermissionCheck } from '../access/permission-check';
import { listAccessOf } from './list-access';

const checkOf = (grants: MyPermissions['grants']) =>
  createPermissionCheck({
    admin_id: 1,
    groups: ['g'],
    version: 'v',
    grants,
    kinds: {},
    mfa_enrollment_required: false,
  });
const names = (fields: readonly { name: string }[]) => fields.map((field) => field.name);

describe('listAccessOf', () => {
  it('keeps the columns a list grant names, and offers no export or bulk action it does not allow', () => {
    const access = listAccessOf(
      checkOf([
        { resource: 'auth.users', action: 'list', effect: 'allow', fields: ['id', 'email', 'status'] },
      ]),
      usersResource,
      usersResource.fields,
    );
    expect(names(access.fields)).toEqual(['id', 'email', 'status']);
    expect(access.canExport).toBe(false);
    expect(access.bulkActions).toEqual([]);
  });

  it('offers the bulk actions granted by name', () => {
    const access = listAccessOf(
      checkOf([
        { resource: 'auth.users', action: 'list', effect: 'allow' },
        { resource: 'auth.users', action: 'bulk.setStatus', effect: 'allow' },
      ]),
      usersResource,
      usersResource.fields,
    );
    expect(access.bulkActions.map((action) => action.name)).toEqual(['setStatus']);
  });

  it('takes filter and sort off a column some records hide', () => {
    const access = listAccessOf(
      checkOf([
        { resource: 'auth.users', action: 'list', effect: 'allow', fields: ['id', 'email'] },
        { resource: 'auth.users', action: 'list', effect: 'allow', where: { status: { eq: 1 } } },
      ]),
      usersResource,
      usersResource.fields,
    );
    const phone = access.fields.find((field) => field.name === 'phone');
    expect(phone?.filter).toBeUndefined();
    expect(phone?.sortable).toBe(false);
    const email = access.fields.find((field) => field.name === 'email');
    expect(email?.filter).toBeDefined();
  });
});
