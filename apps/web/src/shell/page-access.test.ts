import type { MyPermissions } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { createPermissionCheck } from '../access/permission-check';
import { pageAccessOf, pageAllowed, visibleSections } from './page-access';

const checkOf = (grants: MyPermissions['grants']) =>
  createPermissionCheck({
    admin_id: 1,
    groups: ['support'],
    version: 'v',
    grants,
    kinds: {},
    mfa_enrollment_required: false,
  });

const support = checkOf([
  { resource: 'auth.users', action: 'list', effect: 'allow' },
  { resource: 'auth.users', action: 'read', effect: 'allow' },
  { resource: 'auth.users', action: 'update', effect: 'allow', fields: ['status'] },
]);

describe('pageAccessOf', () => {
  it('reads a list, a create page and a record page off the menu', () => {
    expect(pageAccessOf('/auth/users')).toEqual({ resources: ['auth.users'], action: 'list' });
    expect(pageAccessOf('/auth/users/create')).toEqual({ resources: ['auth.users'], action: 'create' });
    expect(pageAccessOf('/auth/users/edit')).toEqual({ resources: ['auth.users'], action: 'read' });
    expect(pageAccessOf('/notification/smtp-configs/')).toEqual({
      resources: ['notification.smtp-configs'],
      action: 'list',
    });
  });

  it('knows the pages under an item that show another resource', () => {
    expect(pageAccessOf('/auth/admins/permissions')).toEqual({ resources: ['auth.groups'], action: 'read' });
  });

  it('needs nothing for pages every administrator has', () => {
    expect(pageAccessOf('/dashboard')).toBeNull();
    expect(pageAccessOf('/profile')).toBeNull();
    expect(pageAccessOf('/no/such/page')).toBeNull();
  });
});

describe('pageAllowed', () => {
  it('lets a support agent list and open users, and nothing else', () => {
    expect(pageAllowed(support, { resources: ['auth.users'], action: 'list' })).toBe(true);
    expect(pageAllowed(support, { resources: ['auth.users'], action: 'read' })).toBe(true);
    expect(pageAllowed(support, { resources: ['auth.users'], action: 'create' })).toBe(false);
    expect(pageAllowed(support, pageAccessOf('/notification/smtp-configs')!)).toBe(false);
  });

  it('shows a page of several resources when any of them may be listed', () => {
    const errors = checkOf([{ resource: 'storage.errors', action: 'list', effect: 'allow' }]);
    expect(pageAllowed(errors, pageAccessOf('/storage/errors')!)).toBe(true);
  });
});

describe('visibleSections', () => {
  it('keeps only the items and sections the administrator may list', () => {
    const sections = visibleSections(support);
    expect(sections.map((section) => section.id)).toEqual(['users']);
    expect(sections[0]?.items.map((item) => item.route)).toEqual(['/auth/users']);
  });

  it('keeps the whole menu for the superadmin', () => {
    const all = visibleSections(checkOf([{ resource: '*', action: '*', effect: 'allow' }]));
    expect(all.flatMap((section) => section.items)).toHaveLength(19);
  });

  it('keeps no section for an administrator without grants', () => {
    expect(visibleSections(checkOf([]))).toEqual([]);
  });
});
