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
        edit: { main: THEME_COLORS.edit, contrastText: '#000' },
      },
      components: {
        // The spec's primary (#1976D2) as text on the page background (#FAFAFA) is 4.4:1, under WCAG AA's
        // 4.5:1; text buttons and links take its darker shade (5.6:1), filled buttons keep it.
        MuiButton: {
          styleOverrides: {
            root: ({ ownerState, theme }) =>
              ownerState.variant !== 'contained' && (ownerState.color ?? 'primary') === 'primary'
                ? { color: theme.palette.primary.dark }
                : {},
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
