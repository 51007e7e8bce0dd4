import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../app/services-context';
import { getProfile, profileKeys } from './profile-api';

/** The full profile of GET /admin/profile. */
export function useProfile() {
  const services = useServices();
  return useQuery({
    queryKey: profileKeys.full,
    queryFn: ({ signal }) => getProfile(services, signal),
  });
}
