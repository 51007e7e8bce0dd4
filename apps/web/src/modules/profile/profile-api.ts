import type { Profile, ProfileBasic, ProfileUpdate } from '@pult/contract';
import type { Services } from '../../app/services';
import { getVersioned, putVersioned, type VersionedRecord } from '../../resources/resource-api';

type Api = Pick<Services, 'http' | 'authUrl'>;

export const profileKeys = {
  basic: ['profile', 'basic'] as const,
  /** The profile with its version (`ETag`), which the form sends back in `If-Match`. */
  full: ['profile', 'full'] as const,
};

export function getProfileBasic({ http, authUrl }: Api, signal?: AbortSignal): Promise<ProfileBasic> {
  return http.get<ProfileBasic>(authUrl('/admin/profile-basic'), { signal });
}

export function getProfile({ http, authUrl }: Api, signal?: AbortSignal): Promise<VersionedRecord<Profile>> {
  return getVersioned<Profile>(http, authUrl('/admin/profile'), signal);
}

/** Saves at `version` (none: whatever the profile holds now); a stale one is a 412 with the profile now. */
export function putProfile(
  { http, authUrl }: Api,
  body: ProfileUpdate,
  version: string | null,
): Promise<VersionedRecord<Profile>> {
  return putVersioned<Profile>(http, authUrl('/admin/profile'), body, version);
}
