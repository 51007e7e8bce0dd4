import type { Profile, ProfileBasic, ProfileUpdate } from '@pult/contract';
import type { Services } from '../../app/services';

type Api = Pick<Services, 'http' | 'authUrl'>;

export const profileKeys = {
  basic: ['profile', 'basic'] as const,
  full: ['profile', 'full'] as const,
};

export function getProfileBasic({ http, authUrl }: Api, signal?: AbortSignal): Promise<ProfileBasic> {
  return http.get<ProfileBasic>(authUrl('/admin/profile-basic'), { signal });
}

export function getProfile({ http, authUrl }: Api, signal?: AbortSignal): Promise<Profile> {
  return http.get<Profile>(authUrl('/admin/profile'), { signal });
}

export function putProfile({ http, authUrl }: Api, body: ProfileUpdate): Promise<Profile> {
  return http.put<Profile>(authUrl('/admin/profile'), body);
}
