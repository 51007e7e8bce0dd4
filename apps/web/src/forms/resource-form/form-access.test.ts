import { type MyPermissions, userForm, usersResource } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { createPermissionCheck } from '../../access/permission-check';
import { formAccessOf } from './form-access';
import { visibleFields } from './form-values';

const checkOf = (grants: MyPermissions['grants']) =>
  createPermissionCheck({
    admin_id: 1,
    groups: ['support'],
    version: 'v',
    grants,
    kinds: {},
    mfa_enrollment_required: false,
  });

const editFields = visibleFields(userForm, 'edit');
const names = (fields: readonly { name: string }[]) => fields.map((field) => field.name);

describe('formAccessOf', () => {
  it('lets a support agent change only the status of a user it may read', () => {
    const access = formAccessOf(
      checkOf([
        { resource: 'auth.users', action: 'read', effect: 'allow' },
        { resource: 'auth.users', action: 'update', effect: 'allow', fields: ['status'] },
      ]),
      usersResource,
      'edit',
      editFields,
    );
    expect(names(access.fields)).toEqual(names(editFields));
    expect([...access.readOnly].sort()).toEqual(
      names(editFields)
        .filter((name) => name !== 'status')
        .sort(),
    );
    expect(access.canSave).toBe(true);
    expect(access.canDelete).toBe(false);
  });

  it('hides the fields a grant does not let the admin read, and offers no save without update', () => {
    const access = formAccessOf(
      checkOf([{ resource: 'auth.users', action: 'read', effect: 'allow', fields: ['email', 'status'] }]),
      usersResource,
      'edit',
      editFields,
    );
    expect(names(access.fields).sort()).toEqual(['email', 'status']);
    expect(access.canSave).toBe(false);
  });

  it('shows a new record only the fields the admin may set', () => {
    const fields = visibleFields(userForm, 'create');
    const access = formAccessOf(
      checkOf([
        {
          resource: 'auth.users',
          action: 'create',
          effect: 'allow',
          fields: ['email', 'password', 'password_repeat'],
        },
      ]),
      usersResource,
      'create',
      fields,
    );
    expect(names(access.fields)).toEqual(['email', 'password', 'password_repeat']);
  });

  it('holds nothing back for the superadmin', () => {
    const access = formAccessOf(
      checkOf([{ resource: '*', action: '*', effect: 'allow' }]),
      usersResource,
      'edit',
      editFields,
    );
    expect(access.fields).toEqual(editFields);
    expect(access.readOnly.size).toBe(0);
    expect(access.canDelete).toBe(true);
  });
});
