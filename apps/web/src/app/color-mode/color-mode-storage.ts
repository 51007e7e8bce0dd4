export type ColorMode = 'light' | 'dark';

/** The administrator's own choice; absent until they pick one, and the system's preference rules. */
export const COLOR_MODE_KEY = 'color_mode';

export function readColorMode(storage: Storage): ColorMode | null {
  try {
    const value = storage.getItem(COLOR_MODE_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    // Storage can be switched off (a locked-down browser); the system preference still applies.
    return null;
  }
}

export function storeColorMode(storage: Storage, mode: ColorMode): void {
  try {
    storage.setItem(COLOR_MODE_KEY, mode);
  } catch {
    // Not remembered then, but still applied for this visit.
  }
}
