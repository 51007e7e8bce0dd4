import { readColorMode } from '../app/color-mode/color-mode-storage';

/**
 * The administrator's stored choice, else the system's preference, as the panel decides it; the
 * public kit's stylesheet reads the attribute.
 */
export function applyColorMode(storage: Storage, doc: Document = document): void {
  const stored = readColorMode(storage);
  const dark = stored
    ? stored === 'dark'
    : window.matchMedia?.('(prefers-color-scheme: dark)').matches === true;
  doc.documentElement.dataset.colorMode = dark ? 'dark' : 'light';
}
