import { useCallback } from 'react';
import { useServices } from '../app/services-context';

/** Spec §4: logout revokes the session on the server, clears the tokens and goes to '/'. */
export function useLogout(): () => void {
  const { session } = useServices();
  return useCallback(() => {
    void session.signOut({ callServer: true });
  }, [session]);
}
