import { useSyncExternalStore } from 'react';
import {
  browserTimeZone,
  readTimeZoneChoice,
  storeTimeZoneChoice,
  type TimeZoneChoice,
  zoneOf,
} from './time-zone';

export interface TimeZoneSetting {
  choice: TimeZoneChoice;
  /** The zone times are shown in now. */
  zone: string;
  /** This browser's zone, offered as the other choice. */
  browserZone: string;
}

export interface TimeZoneStore {
  subscribe: (listener: () => void) => () => void;
  /** The same object until the next change, as useSyncExternalStore requires. */
  getSnapshot: () => TimeZoneSetting;
  /** The signed-in administrator (their e-mail): their saved choice applies; none is UTC. */
  setAdmin: (admin: string | undefined) => void;
  /** Applies a choice at once and saves it for the current administrator. */
  setChoice: (choice: TimeZoneChoice) => void;
}

/**
 * The zone times are shown in, outside React so every date anywhere on screen follows one choice
 * and the shell needs no provider; a view reads it with `useTimeZone()`.
 */
export function createTimeZoneStore(storage: () => Storage, browserZone = browserTimeZone()): TimeZoneStore {
  const listeners = new Set<() => void>();
  let admin: string | undefined;
  const settingOf = (choice: TimeZoneChoice): TimeZoneSetting => ({
    choice,
    zone: zoneOf(choice, browserZone),
    browserZone,
  });
  let snapshot = settingOf('utc');
  const publish = (choice: TimeZoneChoice) => {
    if (choice === snapshot.choice) return;
    snapshot = settingOf(choice);
    for (const listener of listeners) listener();
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    setAdmin(next) {
      if (next === admin) return;
      admin = next;
      publish(readTimeZoneChoice(storage(), admin));
    },
    setChoice(choice) {
      if (admin) storeTimeZoneChoice(storage(), admin, choice);
      publish(choice);
    },
  };
}

export const timeZoneStore = createTimeZoneStore(() => window.localStorage);

/** The zone times are shown in, and the administrator's choice of it; re-renders when it changes. */
export function useTimeZone(): TimeZoneSetting {
  return useSyncExternalStore(timeZoneStore.subscribe, timeZoneStore.getSnapshot);
}
