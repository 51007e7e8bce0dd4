import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../app/services-context';
import { getProfile, profileKeys } from './profile-api';

function useProfileQuery() {
  const services = useServices();
  return {
    queryKey: profileKeys.full,
    queryFn: ({ signal }: { signal: AbortSignal }) => getProfile(services, signal),
  };
}

/** The full profile of GET /admin/profile. */
export function useProfile() {
  return useQuery({ ...useProfileQuery(), select: (data) => data.record });
}

/** The full profile with its version, for the profile form (one request with `useProfile`). */
export function useVersionedProfile() {
  return useQuery(useProfileQuery());
}
