import { type AdminSessions, adminSessionsSchema, type EndedSessions } from '@pult/contract';
import type { Services } from '../../../app/services';

type Api = Pick<Services, 'http' | 'authUrl'>;

/** Whose sign-ins: the signed-in administrator's own, or another administrator's (with a grant). */
export type SessionsOwner = 'own' | { adminId: number };

export const sessionKeys = {
  all: ['profile', 'sessions'] as const,
  of: (owner: SessionsOwner) => [...sessionKeys.all, owner === 'own' ? 'own' : owner.adminId] as const,
};

const sessionsPath = (owner: SessionsOwner) =>
  owner === 'own' ? '/admin/sessions' : `/admin/admins/${owner.adminId}/sessions`;

/** GET /admin/sessions (or /admin/admins/{id}/sessions): the open sign-ins. */
export async function getSessions(
  { http, authUrl }: Api,
  owner: SessionsOwner,
  signal?: AbortSignal,
): Promise<AdminSessions> {
  return adminSessionsSchema.parse(await http.get(authUrl(sessionsPath(owner)), { signal }));
}

export function endSession({ http, authUrl }: Api, owner: SessionsOwner, id: string): Promise<EndedSessions> {
  return http.delete<EndedSessions>(authUrl(`${sessionsPath(owner)}/${encodeURIComponent(id)}`));
}

export function endOtherSessions({ http, authUrl }: Api): Promise<EndedSessions> {
  return http.post<EndedSessions>(authUrl('/admin/sessions/end-others'));
}
