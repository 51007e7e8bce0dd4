import { useEffect, useState, useSyncExternalStore } from 'react';
import { useServices } from '../app/services-context';
import type { ConnectivityState } from '../http/connectivity';

/** Whether the services answer, re-rendering when that changes. */
export function useConnectivity(): { state: ConnectivityState; retryNow: () => void } {
  const { connectivity } = useServices();
  const state = useSyncExternalStore(connectivity.subscribe, connectivity.getSnapshot);
  return { state, retryNow: connectivity.retryNow };
}

/** Whole seconds until `at` (ms since the epoch), counting down once a second; null without a time. */
export function useSecondsUntil(at: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    setNow(Date.now());
    const handle = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(handle);
  }, [at]);
  return at === null ? null : Math.max(0, Math.ceil((at - now) / 1000));
}
