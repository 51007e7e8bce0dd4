import { useSyncExternalStore } from 'react';
import { useServices } from '../app/services-context';
import type { PermissionCheck } from './permission-check';
import type { PermissionsState } from './permissions-store';

export function usePermissionsState(): PermissionsState {
  const { permissions } = useServices();
  return useSyncExternalStore(permissions.subscribe, permissions.getState);
}

/** The signed-in administrator's permissions, or null until they are known. */
export function usePermissions(): PermissionCheck | null {
  const state = usePermissionsState();
  return state.status === 'ready' ? state.check : null;
}

/**
 * Whether to offer an action. Inside the shell the permissions are always known: pages render behind
 * the access gate, which waits for them. A component rendered outside it (a unit test) holds nothing
 * back, like a page without a resource: the panel only hides what the server would refuse, and the
 * server refuses it either way.
 */
export function useCan(resource: string | undefined, action: string): boolean {
  const check = usePermissions();
  if (resource === undefined || check === null) return true;
  return check.can(resource, action);
}
