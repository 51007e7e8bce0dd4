import { describe, expect, it } from 'vitest';
import {
  currentZoneName,
  readTimeZoneChoice,
  storeTimeZoneChoice,
  timeZoneOptions,
  timeZoneStorageKey,
  utcOffset,
  zoneLabel,
  zoneOf,
} from './time-zone';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe('the time zone choice', () => {
  it('is UTC until an administrator chooses otherwise, and is kept per administrator', () => {
    const storage = new MemoryStorage();
    expect(readTimeZoneChoice(storage, 'ann@example.com')).toBe('utc');
    storeTimeZoneChoice(storage, 'Ann@Example.com', 'local');
    expect(readTimeZoneChoice(storage, 'ann@example.com')).toBe('local');
    expect(readTimeZoneChoice(storage, 'bob@example.com')).toBe('utc');
    expect(readTimeZoneChoice(storage, undefined)).toBe('utc');
  });

  it('reads anything unknown in storage as UTC', () => {
    const storage = new MemoryStorage();
    storage.setItem(timeZoneStorageKey('ann@example.com'), 'mars');
    expect(readTimeZoneChoice(storage, 'ann@example.com')).toBe('utc');
  });

  it('survives a storage that refuses to be read or written', () => {
    const refusing = new MemoryStorage();
    refusing.getItem = () => {
      throw new Error('denied');
    };
    refusing.setItem = () => {
      throw new Error('denied');
    };
    expect(() => storeTimeZoneChoice(refusing, 'ann@example.com', 'local')).not.toThrow();
    expect(readTimeZoneChoice(refusing, 'ann@example.com')).toBe('utc');
  });

  it('gives the browser zone only for the local choice', () => {
    expect(zoneOf('utc', 'Europe/Kyiv')).toBe('UTC');
    expect(zoneOf('local', 'Europe/Kyiv')).toBe('Europe/Kyiv');
  });
});

describe('zoneLabel', () => {
  it('names UTC as UTC and any other zone with its offset on that date', () => {
    expect(zoneLabel('UTC')).toBe('UTC');
    expect(zoneLabel('Etc/UTC')).toBe('UTC');
    expect(zoneLabel('Europe/Kyiv', new Date('2026-11-23T12:00:00Z'))).toBe('Europe/Kyiv (UTC+02:00)');
    expect(zoneLabel('Europe/Kyiv', new Date('2026-07-01T12:00:00Z'))).toBe('Europe/Kyiv (UTC+03:00)');
    expect(zoneLabel('America/New_York', new Date('2026-11-23T12:00:00Z'))).toBe(
      'America/New_York (UTC-05:00)',
    );
  });

  it('writes a zero offset in full', () => {
    expect(utcOffset('Europe/London', new Date('2026-01-15T12:00:00Z'))).toBe('UTC+00:00');
    expect(utcOffset('Asia/Kolkata', new Date('2026-01-15T12:00:00Z'))).toBe('UTC+05:30');
  });
});

describe('timeZoneOptions', () => {
  it('offers UTC and the browser zone, each labelled with its zone', () => {
    expect(timeZoneOptions('Europe/Kyiv', new Date('2026-11-23T12:00:00Z'))).toEqual([
      { choice: 'utc', label: 'UTC' },
      { choice: 'local', label: 'Europe/Kyiv (UTC+02:00)' },
    ]);
  });
});

describe('currentZoneName', () => {
  it('names a zone by its current IANA name, whatever older name the engine reports', () => {
    expect(currentZoneName('Europe/Kiev')).toBe('Europe/Kyiv');
    expect(currentZoneName('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(currentZoneName('Europe/Kyiv')).toBe('Europe/Kyiv');
    expect(currentZoneName('UTC')).toBe('UTC');
  });
});
