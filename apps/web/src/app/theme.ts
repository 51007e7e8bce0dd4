import { enUS, ukUA } from '@mui/material/locale';
import { createTheme, type PaletteOptions, type Theme } from '@mui/material/styles';
import { type Locale, THEME_COLORS } from '@pult/contract';
import type { ColorMode } from './color-mode/color-mode-storage';

declare module '@mui/material/styles' {
  interface Palette {
    /** Colour of edit actions (spec §9). */
    edit: Palette['primary'];
  }
  interface PaletteOptions {
    edit?: PaletteOptions['primary'];
  }
}

declare module '@mui/material/Button' {
  interface ButtonPropsColorOverrides {
    edit: true;
  }
}

declare module '@mui/material/IconButton' {
  interface IconButtonPropsColorOverrides {
    edit: true;
  }
}

/** MUI's own texts (pagination, "Close" of alerts…) follow the UI language. */
const MUI_LOCALES = { 'uk-UA': ukUA, 'en-US': enUS } as const;

/**
 * The dark theme: the spec's hues lightened until text in them reads on a dark surface (WCAG AA), and
 * the light greys that tables and code blocks use as backgrounds (`grey.50`, `grey.100`) mapped to
 * dark surfaces, so every screen switches without knowing about modes.
 */
const DARK_PALETTE: PaletteOptions = {
  mode: 'dark',
  primary: { main: '#90CAF9' },
  secondary: { main: '#BDBDBD' },
  background: { default: '#121212', paper: '#1A1A1A' },
  edit: { main: '#FFB74D', contrastText: '#000' },
  grey: { 50: '#222222', 100: '#2A2A2A' },
};

/** The spec's palette (spec §9): the light theme. */
const LIGHT_PALETTE: PaletteOptions = {
  primary: { main: THEME_COLORS.primary },
  secondary: { main: THEME_COLORS.secondary },
  background: { default: THEME_COLORS.background },
  edit: { main: THEME_COLORS.edit, contrastText: '#000' },
};

export function createAppTheme(locale: Locale, mode: ColorMode = 'light'): Theme {
  return createTheme(
    {
      palette: mode === 'dark' ? DARK_PALETTE : LIGHT_PALETTE,
      components: {
        // The spec's primary (#1976D2) as text on the page background (#FAFAFA) is 4.4:1, under WCAG AA's
        // 4.5:1; in the light theme text buttons and links take its darker shade (5.6:1), filled buttons
        // keep it. The dark theme's primary is already light enough on its dark surfaces.
        MuiButton: {
          styleOverrides: {
            root: ({ ownerState, theme }) =>
              theme.palette.mode === 'light' &&
              ownerState.variant !== 'contained' &&
              (ownerState.color ?? 'primary') === 'primary'
                ? { color: theme.palette.primary.dark }
                : {},
          },
        },
        MuiLink: {
          styleOverrides: {
            root: ({ ownerState, theme }) =>
              theme.palette.mode === 'light' && (ownerState.color ?? 'primary') === 'primary'
                ? { color: theme.palette.primary.dark }
                : {},
          },
        },
        // A hint under a disabled field is still read: MUI's disabled grey (2.7:1) is too faint for it.
        MuiFormHelperText: {
          styleOverrides: {
            root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }),
          },
        },
      },
    },
    MUI_LOCALES[locale],
  );
}
