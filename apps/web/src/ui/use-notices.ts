import { useSyncExternalStore } from 'react';
import { type Notice, notifier } from '../notify/notifier';

/** The notices waiting to be shown, oldest first. */
export function useNotices(): readonly Notice[] {
  return useSyncExternalStore(notifier.subscribe, notifier.getSnapshot);
}
