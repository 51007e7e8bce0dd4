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
  // The dark shades are what coloured text is written in (see `textShade`); MUI's defaults for these
  // fall under WCAG AA's 4.5:1 on the page background.
  edit: { main: THEME_COLORS.edit, dark: '#9E6300', contrastText: '#000' },
  warning: { main: '#ED6C02', dark: '#B35400' },
};

/**
 * The keyboard focus ring (WCAG 2.4.7, 1.4.11): at least 3:1 against the surfaces it is drawn on —
 * #1565C0 on #FAFAFA/white 5.5:1, #90CAF9 on #121212/#1A1A1A 10:1. Inside the top bar and filled alerts
 * the ring takes the text colour, which is what reads on their coloured backgrounds.
 */
export const FOCUS_RING = { light: '#1565C0', dark: '#90CAF9' } as const;

function focusRingStyles(mode: ColorMode) {
  const ring = { outline: `2px solid ${FOCUS_RING[mode]}`, outlineOffset: 2 };
  return {
    // `html` outweighs the components' own `outline: 0`; text inputs keep their focused border instead.
    'html :focus-visible:not(.MuiInputBase-input), html .MuiButtonBase-root.Mui-focusVisible': ring,
    'html .MuiAppBar-root :focus-visible, html .MuiAppBar-root .Mui-focusVisible, html .MuiAlert-filled :focus-visible':
      { outlineColor: 'currentColor' },
    // Headings and the main region take the focus by script (after a navigation, the skip link).
    'html h1[tabindex="-1"]:focus, html main[tabindex="-1"]:focus': { outline: 'none' },
  };
}

type TextColor = 'primary' | 'secondary' | 'error' | 'warning' | 'info' | 'success' | 'edit';

/**
 * Coloured text (text buttons, links, outlined chips, the selected tab): the colour's dark shade in the
 * light theme, where the spec's primary on #FAFAFA is 4.4:1 and the edit colour 2:1; the dark theme's
 * colours are light enough on its surfaces as they are.
 */
function textShade(theme: Theme, color: TextColor): string {
  const palette = theme.palette[color];
  return theme.palette.mode === 'light' ? palette.dark : palette.main;
}

export function createAppTheme(locale: Locale, mode: ColorMode = 'light'): Theme {
  return createTheme(
    {
      palette: mode === 'dark' ? DARK_PALETTE : LIGHT_PALETTE,
      components: {
        MuiCssBaseline: { styleOverrides: focusRingStyles(mode) },
        // Filled buttons keep the colour itself; text and outlined ones write in its text shade.
        MuiButton: {
          styleOverrides: {
            root: ({ ownerState, theme }) => {
              const color = ownerState.color ?? 'primary';
              if (ownerState.variant === 'contained' || color === 'inherit') return {};
              return { color: textShade(theme, color) };
            },
          },
        },
        MuiLink: {
          styleOverrides: {
            root: ({ ownerState, theme }) =>
              (ownerState.color ?? 'primary') === 'primary' ? { color: textShade(theme, 'primary') } : {},
          },
        },
        MuiTab: {
          styleOverrides: {
            root: ({ theme }) => ({ '&.Mui-selected': { color: textShade(theme, 'primary') } }),
          },
        },
        MuiChip: {
          styleOverrides: {
            root: ({ ownerState, theme }) => {
              const color = ownerState.color ?? 'default';
              if (ownerState.variant !== 'outlined' || color === 'default') return {};
              return { color: textShade(theme, color) };
            },
          },
        },
        // Initials on MUI's default grey (#BDBDBD) are 1.8:1; on the secondary colour they read in both
        // themes (white on #424242 10:1, black on #BDBDBD 11:1).
        MuiAvatar: {
          styleOverrides: {
            colorDefault: ({ theme }) => ({
              backgroundColor: theme.palette.secondary.main,
              color: theme.palette.secondary.contrastText,
            }),
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
