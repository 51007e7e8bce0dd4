import { describe, expect, it } from 'vitest';
import { COLOR_MODE_KEY, readColorMode, storeColorMode } from './color-mode-storage';

describe('color mode storage', () => {
  it('remembers a choice and ignores anything else', () => {
    const storage = window.localStorage;
    storage.removeItem(COLOR_MODE_KEY);
    expect(readColorMode(storage)).toBeNull();
    storeColorMode(storage, 'dark');
    expect(readColorMode(storage)).toBe('dark');
    storage.setItem(COLOR_MODE_KEY, 'purple');
    expect(readColorMode(storage)).toBeNull();
  });
});
