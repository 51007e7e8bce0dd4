import { describe, expect, it } from 'vitest';
import { isRouteActive, isSectionActive, MENU_SECTIONS } from './menu';

describe('menu', () => {
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
