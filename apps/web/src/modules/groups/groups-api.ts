import {
  adminsResource,
  type EffectivePermissions,
  effectivePermissionsSchema,
  type GroupMember,
  groupMembersSchema,
  groupsResource,
  type PermissionCatalogue,
  permissionCatalogueSchema,
} from '@pult/contract';
import { useQuery } from '@tanstack/react-query';
import type { Services } from '../../app/services';
import { useServices } from '../../app/services-context';
import { resourceKeys } from '../../resources/resource-api';

/** The group calls beyond the generic record ones (routes: apps/api/src/modules/auth/groups/group-routes.ts). */
const authUrl = (services: Services, path: string) => services.serviceUrl('auth', path);

export const groupKeys = {
  catalogue: ['permissions', 'catalogue'] as const,
  members: (groupId: number) => [...resourceKeys.all(groupsResource), 'members', groupId] as const,
  effective: (adminId: number) => ['permissions', 'effective', adminId] as const,
};

export async function fetchCatalogue(services: Services, signal?: AbortSignal): Promise<PermissionCatalogue> {
  return permissionCatalogueSchema.parse(
    await services.http.get<unknown>(authUrl(services, '/admin/permissions/catalogue'), { signal }),
  );
}

export async function fetchMembers(
  services: Services,
  groupId: number,
  signal?: AbortSignal,
): Promise<GroupMember[]> {
  const body = await services.http.get<unknown>(
    authUrl(services, `${groupsResource.path}/${groupId}/members`),
    {
      signal,
    },
  );
  return groupMembersSchema.parse(body).items;
}

/** Adds (`put`) or removes (`delete`) one administrator; the server answers the members after it. */
export async function changeMember(
  services: Services,
  method: 'put' | 'delete',
  groupId: number,
  adminId: number,
): Promise<GroupMember[]> {
  const url = authUrl(services, `${groupsResource.path}/${groupId}/members/${adminId}`);
  const body =
    method === 'put' ? await services.http.put<unknown>(url) : await services.http.delete<unknown>(url);
  return groupMembersSchema.parse(body).items;
}

export async function fetchEffective(
  services: Services,
  adminId: number,
  signal?: AbortSignal,
): Promise<EffectivePermissions> {
  const body = await services.http.get<unknown>(
    authUrl(services, `${adminsResource.path}/${adminId}/permissions`),
    {
      signal,
    },
  );
  return effectivePermissionsSchema.parse(body);
}

/** The catalogue changes only with a new server version: one download a page view is plenty. */
export function useCatalogue() {
  const services = useServices();
  return useQuery({
    queryKey: groupKeys.catalogue,
    queryFn: ({ signal }) => fetchCatalogue(services, signal),
    staleTime: 10 * 60_000,
  });
}
