import type { MyPermissions } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { createPermissionCheck } from './permission-check';

function permissionsOf(grants: MyPermissions['grants'], extra: Partial<MyPermissions> = {}): MyPermissions {
  return {
    admin_id: 7,
    groups: ['support'],
    version: 'v1',
    grants,
    kinds: {},
    mfa_enrollment_required: false,
    ...extra,
  };
}

describe('createPermissionCheck', () => {
  it('allows only what a grant names, and a deny wins', () => {
    const check = createPermissionCheck(
      permissionsOf([
        { resource: 'auth.*', action: 'list', effect: 'allow' },
        { resource: 'auth.admins', action: 'list', effect: 'deny' },
      ]),
    );
    expect(check.can('auth.users', 'list')).toBe(true);
    expect(check.can('auth.admins', 'list')).toBe(false);
    expect(check.can('auth.users', 'delete')).toBe(false);
    expect(check.can('storage.buckets', 'list')).toBe(false);
  });

  it('gives the fields of the allowing grants, without those a deny names', () => {
    const check = createPermissionCheck(
      permissionsOf([
        { resource: 'auth.users', action: 'update', effect: 'allow', fields: ['status', 'email'] },
        { resource: 'auth.users', action: 'update', effect: 'deny', fields: ['email'] },
        { resource: 'auth.users', action: 'list', effect: 'allow' },
      ]),
    );
    expect(check.fieldNames('auth.users', 'update', ['id', 'email', 'status', 'phone'])).toEqual(['status']);
    expect(check.fieldNames('auth.users', 'list', ['id', 'email'])).toEqual(['id', 'email']);
  });

  it('holds a record to the grant condition, with the actor’s own values', () => {
    const check = createPermissionCheck(
      permissionsOf(
        [{ resource: 'auth.admins', action: 'update', effect: 'allow', where: { id: { eq: '$actor.id' } } }],
        { kinds: { 'auth.admins': { id: 'integer' } } },
      ),
    );
    expect(check.canRecord('auth.admins', 'update', { id: 7 })).toBe(true);
    expect(check.canRecord('auth.admins', 'update', { id: 8 })).toBe(false);
  });

  it('lets the superadmin grant reach everything', () => {
    const check = createPermissionCheck(permissionsOf([{ resource: '*', action: '*', effect: 'allow' }]));
    expect(check.can('notification.smtp-configs', 'settings.regenerate-api-keys')).toBe(true);
    expect(check.canRecord('auth.users', 'delete', { id: 1 })).toBe(true);
  });
});
