import type { ErrorGroup } from '@pult/contract';

/** The errors screen's two views: groups of identical errors (triage) and every occurrence. */
export type ErrorsView = 'groups' | 'all';

/** Which lists the administrator's grants open: error groups, errors. */
export interface ErrorsListGrants {
  groups: boolean;
  all: boolean;
}

/** The views the grants open, in the tabs' order. */
export function errorViewsOf(grants: ErrorsListGrants): ErrorsView[] {
  return (['groups', 'all'] as const).filter((view) => grants[view]);
}

/**
 * The view to show: the one the address asks for (`?view=all`, else the groups) when the grants open
 * it, otherwise the one they do open (the page itself opens when either is allowed).
 */
export function errorsViewOf(requested: string | null, grants: ErrorsListGrants): ErrorsView {
  const wanted: ErrorsView = requested === 'all' ? 'all' : 'groups';
  if (grants[wanted]) return wanted;
  return errorViewsOf(grants)[0] ?? wanted;
}

/** An open group can be resolved, a resolved one reopened: each when the grants allow it. */
export function groupActionOf(
  status: ErrorGroup['status'],
  grants: { resolve: boolean; reopen: boolean },
): 'resolve' | 'reopen' | null {
  if (status === 'open') return grants.resolve ? 'resolve' : null;
  return grants.reopen ? 'reopen' : null;
}
