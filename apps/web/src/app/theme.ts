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
    },
    MUI_LOCALES[locale],
  );
}
