import { useCallback, useSyncExternalStore } from 'react';
import { useServices } from './services-context';

/**
 * Whether the tab holds an access token, re-rendering on sign-in and sign-out. Storage events are
 * watched too, so tokens removed by another tab or by hand also take the user out of the shell.
 */
export function useSignedIn(): boolean {
  const { session } = useServices();
  const subscribe = useCallback(
    (onChange: () => void) => {
      const unsubscribe = session.subscribe(onChange);
      window.addEventListener('storage', onChange);
      return () => {
        unsubscribe();
        window.removeEventListener('storage', onChange);
      };
    },
    [session],
  );
  return useSyncExternalStore(subscribe, () => session.isSignedIn());
}
