import { type AdminSessions, adminSessionsSchema, type EndedSessions } from '@pult/contract';
import type { Services } from '../../../app/services';

type Api = Pick<Services, 'http' | 'authUrl'>;

export const sessionKeys = { all: ['profile', 'sessions'] as const };

/** GET /admin/sessions: the signed-in administrator's open sign-ins. */
export async function getSessions({ http, authUrl }: Api, signal?: AbortSignal): Promise<AdminSessions> {
  return adminSessionsSchema.parse(await http.get(authUrl('/admin/sessions'), { signal }));
}

export function endSession({ http, authUrl }: Api, id: string): Promise<EndedSessions> {
  return http.delete<EndedSessions>(authUrl(`/admin/sessions/${encodeURIComponent(id)}`));
}

export function endOtherSessions({ http, authUrl }: Api): Promise<EndedSessions> {
  return http.post<EndedSessions>(authUrl('/admin/sessions/end-others'));
}
