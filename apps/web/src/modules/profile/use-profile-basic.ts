import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../app/services-context';
import { getProfileBasic, profileKeys } from './profile-api';

/** The signed-in administrator's name, e-mail and photo: the top bar and the dashboard show them. */
export function useProfileBasic() {
  const services = useServices();
  return useQuery({
    queryKey: profileKeys.basic,
    queryFn: ({ signal }) => getProfileBasic(services, signal),
    staleTime: 5 * 60_000,
  });
}
