import useMediaQuery from '@mui/material/useMediaQuery';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { type ColorMode, readColorMode, storeColorMode } from './color-mode-storage';

interface ColorModeValue {
  mode: ColorMode;
  toggle: () => void;
}

const ColorModeContext = createContext<ColorModeValue>({ mode: 'light', toggle: () => {} });

/**
 * Light or dark: the system's `prefers-color-scheme` (followed live) until the administrator picks one
 * with the switch in the top bar; the pick is remembered in local storage and wins from then on.
 */
export function useColorModeState(storage: Storage = window.localStorage): ColorModeValue {
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const [chosen, setChosen] = useState<ColorMode | null>(() => readColorMode(storage));
  const mode: ColorMode = chosen ?? (prefersDark ? 'dark' : 'light');
  const toggle = useCallback(() => {
    const next: ColorMode = mode === 'dark' ? 'light' : 'dark';
    storeColorMode(storage, next);
    setChosen(next);
  }, [mode, storage]);
  return useMemo(() => ({ mode, toggle }), [mode, toggle]);
}

export function ColorModeProvider({ value, children }: { value: ColorModeValue; children: ReactNode }) {
  return <ColorModeContext value={value}>{children}</ColorModeContext>;
}

export function useColorMode(): ColorModeValue {
  return useContext(ColorModeContext);
}
