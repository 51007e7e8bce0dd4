import { enUS, ukUA } from '@mui/material/locale';
import { createTheme, type Theme } from '@mui/material/styles';
import { type Locale, THEME_COLORS } from '@pult/contract';

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

export function createAppTheme(locale: Locale): Theme {
  return createTheme(
    {
      palette: {
        primary: { main: THEME_COLORS.primary },
        secondary: { main: THEME_COLORS.secondary },
        background: { default: THEME_COLORS.background },
        // The dark shades are what coloured text is written in (see the overrides below); MUI's defaults
        // for these fall under WCAG AA's 4.5:1 on the page background.
        edit: { main: THEME_COLORS.edit, dark: '#9E6300', contrastText: '#000' },
        warning: { main: '#ED6C02', dark: '#B35400' },
      },
      components: {
        // The spec's primary (#1976D2) as text on the page background (#FAFAFA) is 4.4:1, and the edit
        // colour (#FFA000) 2:1, under WCAG AA's 4.5:1: text and outlined buttons write in the colour's dark
        // shade, filled buttons keep the colour itself.
        MuiButton: {
          styleOverrides: {
            root: ({ ownerState, theme }) => {
              const color = ownerState.color ?? 'primary';
              if (ownerState.variant === 'contained' || color === 'inherit') return {};
              return { color: theme.palette[color].dark };
            },
          },
        },
        MuiTab: {
          styleOverrides: {
            root: ({ theme }) => ({ '&.Mui-selected': { color: theme.palette.primary.dark } }),
          },
        },
        // Coloured text of outlined chips (statuses) on the page background: the dark shades reach 4.5:1.
        MuiChip: {
          styleOverrides: {
            root: ({ ownerState, theme }) => {
              const color = ownerState.color ?? 'default';
              if (ownerState.variant !== 'outlined' || color === 'default') return {};
              return { color: theme.palette[color].dark };
            },
          },
        },
        // Initials on MUI's default grey (#BDBDBD) are 1.8:1; white on the dark secondary is 10:1.
        MuiAvatar: {
          styleOverrides: {
            colorDefault: ({ theme }) => ({
              backgroundColor: theme.palette.secondary.main,
              color: theme.palette.secondary.contrastText,
            }),
          },
        },
        MuiLink: {
          styleOverrides: {
            root: ({ ownerState, theme }) =>
              (ownerState.color ?? 'primary') === 'primary' ? { color: theme.palette.primary.dark } : {},
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
