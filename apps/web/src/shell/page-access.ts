import type { PermissionCheck } from '../access/permission-check';
import { isRouteActive, MENU_SECTIONS, type MenuItem, type MenuSection } from './menu';

/** What a page of the shell needs: an action on the resources of the menu item it belongs to. */
export interface PageAccess {
  resources: readonly string[];
  action: 'list' | 'create' | 'read';
}

const ITEMS: readonly MenuItem[] = MENU_SECTIONS.flatMap((section) => section.items);

/** Pages under one item's route that show another resource (what an admin's groups let them do). */
const OWN_ACCESS: Readonly<Record<string, PageAccess>> = {
  '/auth/admins/permissions': { resources: ['auth.groups'], action: 'read' },
};

/**
 * The item's own route is its list; `/create` under it creates; any other page under it shows one
 * record (an edit form, a detail view), which needs at least reading it. Pages outside the menu's
 * resources (dashboard, profile) need nothing beyond being signed in.
 */
export function pageAccessOf(pathname: string): PageAccess | null {
  const own = OWN_ACCESS[pathname.replace(/\/$/, '')];
  if (own) return own;
  const item = ITEMS.find((candidate) => candidate.resources && isRouteActive(pathname, candidate.route));
  if (!item?.resources) return null;
  const rest = pathname.slice(item.route.length).replace(/\/$/, '');
  const action = rest === '' ? 'list' : rest === '/create' ? 'create' : 'read';
  return { resources: item.resources, action };
}

export function pageAllowed(check: PermissionCheck, page: PageAccess): boolean {
  if (page.action === 'list') return page.resources.some((resource) => check.can(resource, 'list'));
  const [resource] = page.resources;
  return resource !== undefined && check.can(resource, page.action);
}

/** The menu as this administrator may use it: items they may list, sections that keep an item. */
export function visibleSections(check: PermissionCheck): MenuSection[] {
  return MENU_SECTIONS.map((section) => ({
    ...section,
    items: section.items.filter(
      (item) => !item.resources || item.resources.some((resource) => check.can(resource, 'list')),
    ),
  })).filter((section) => section.items.length > 0);
}
