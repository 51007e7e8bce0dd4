import {
  adminsResource,
  auditResource,
  bucketsResource,
  channelsResource,
  channelUsersResource,
  citiesResource,
  countriesResource,
  emailQueueResource,
  errorGroupsResource,
  errorsResource,
  filesResource,
  groupsResource,
  logsResource,
  permissionResourceOf,
  pushConfigsResource,
  type ResourceDescriptor,
  settingsResource,
  smsConfigsResource,
  smtpConfigsResource,
  templatesResource,
  translationsResource,
  usersResource,
} from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { isRouteActive, isSectionActive, MENU_SECTIONS, TOP_MENU_ITEMS } from './menu';
import { pageAccessOf } from './page-access';

/** Each item's resources as the contract's descriptors name them. */
const ITEM_RESOURCES: Readonly<Record<string, readonly ResourceDescriptor[]>> = {
  '/reports': [usersResource, emailQueueResource, auditResource],
  '/auth/users': [usersResource],
  '/auth/admins': [adminsResource],
  '/auth/groups': [groupsResource],
  '/auth/settings': [settingsResource],
  '/auth/countries': [countriesResource],
  '/auth/cities': [citiesResource],
  '/auth/audit': [auditResource],
  '/storage/buckets': [bucketsResource],
  '/storage/files': [filesResource],
  '/storage/logs': [logsResource],
  '/storage/errors': [errorGroupsResource, errorsResource],
  '/chat/users': [channelUsersResource],
  '/chat/channels': [channelsResource],
  '/notifications/email-queue': [emailQueueResource],
  '/notification/templates': [templatesResource],
  '/notification/translations': [translationsResource],
  '/notification/push-configs': [pushConfigsResource],
  '/notification/sms-configs': [smsConfigsResource],
  '/notification/smtp-configs': [smtpConfigsResource],
};

describe('menu', () => {
  it("names each item's resources as the contract does, so the written names cannot drift", () => {
    const items = [...TOP_MENU_ITEMS, ...MENU_SECTIONS.flatMap((section) => section.items)];
    const withResources = items.filter((item) => item.resources);
    expect(withResources.map((item) => item.route).sort()).toEqual(Object.keys(ITEM_RESOURCES).sort());
    for (const item of withResources)
      expect(item.resources).toEqual(ITEM_RESOURCES[item.route]!.map(permissionResourceOf));
    expect(pageAccessOf('/auth/admins/permissions')?.resources).toEqual([
      permissionResourceOf(groupsResource),
    ]);
  });

  it('marks an item active when the path starts with its route', () => {
    expect(isRouteActive('/auth/users', '/auth/users')).toBe(true);
    expect(isRouteActive('/auth/users/edit', '/auth/users')).toBe(true);
    expect(isRouteActive('/notification/translations/view/7', '/notification/translations')).toBe(true);
  });

  it('does not match a different path segment', () => {
    expect(isRouteActive('/auth/admins', '/auth/users')).toBe(false);
    expect(isRouteActive('/auth/users-archive', '/auth/users')).toBe(false);
    expect(isRouteActive('/notifications/email-queue', '/notification/templates')).toBe(false);
  });

  it('marks a section active when one of its items is', () => {
    const storage = MENU_SECTIONS.find((section) => section.id === 'storage')!;
    expect(isSectionActive('/storage/buckets/edit', storage)).toBe(true);
    expect(isSectionActive('/chat/users', storage)).toBe(false);
  });

  it('lists the spec sections in order with unique routes', () => {
    expect(MENU_SECTIONS.map((section) => section.id)).toEqual(['users', 'storage', 'chat', 'notifications']);
    const routes = MENU_SECTIONS.flatMap((section) => section.items.map((item) => item.route));
    expect(new Set(routes).size).toBe(routes.length);
    // The spec's 17 screens, the audit log (issue 13) and the admin groups (issue 20).
    expect(routes).toHaveLength(19);
  });
});
