import { describe, expect, it } from 'vitest';
import { timeZoneStorageKey } from './time-zone';
import { createTimeZoneStore } from './time-zone-store';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, value);
    },
  };
}

describe('the time zone store', () => {
  it('shows UTC until the administrator is known, then their saved choice', () => {
    const storage = memoryStorage();
    storage.setItem(timeZoneStorageKey('ann@example.com'), 'local');
    const store = createTimeZoneStore(() => storage, 'Europe/Kyiv');
    expect(store.getSnapshot()).toEqual({ choice: 'utc', zone: 'UTC', browserZone: 'Europe/Kyiv' });
    let calls = 0;
    store.subscribe(() => {
      calls += 1;
    });
    store.setAdmin('ann@example.com');
    expect(store.getSnapshot()).toEqual({ choice: 'local', zone: 'Europe/Kyiv', browserZone: 'Europe/Kyiv' });
    expect(calls).toBe(1);
  });

  it("saves a change under the administrator's key, and keeps each administrator's own", () => {
    const storage = memoryStorage();
    const store = createTimeZoneStore(() => storage, 'Europe/Kyiv');
    store.setAdmin('ann@example.com');
    store.setChoice('local');
    expect(store.getSnapshot().zone).toBe('Europe/Kyiv');
    expect(storage.getItem(timeZoneStorageKey('ann@example.com'))).toBe('local');
    store.setAdmin('bob@example.com');
    expect(store.getSnapshot().choice).toBe('utc');
    store.setAdmin('ann@example.com');
    expect(store.getSnapshot().choice).toBe('local');
  });

  it('keeps the same snapshot while nothing changes and tells no one', () => {
    const store = createTimeZoneStore(() => memoryStorage(), 'Europe/Kyiv');
    const before = store.getSnapshot();
    let calls = 0;
    const unsubscribe = store.subscribe(() => {
      calls += 1;
    });
    store.setChoice('utc');
    store.setAdmin(undefined);
    expect(store.getSnapshot()).toBe(before);
    expect(calls).toBe(0);
    unsubscribe();
    store.setChoice('local');
    expect(calls).toBe(0);
  });
});
