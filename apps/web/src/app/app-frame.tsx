import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { i18n as I18n } from 'i18next';
import { type ReactNode, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { currentLocale } from '../i18n/i18n';
import { ColorModeProvider, useColorModeState } from './color-mode/color-mode-context';
import { createAppTheme } from './theme';

/** i18n and the MUI theme: all that the start-up screens need, before the services exist. */
export function AppFrame({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <LocalisedTheme>{children}</LocalisedTheme>
    </I18nextProvider>
  );
}

function LocalisedTheme({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const colorMode = useColorModeState();
  const theme = useMemo(() => createAppTheme(locale, colorMode.mode), [locale, colorMode.mode]);
  return (
    <ColorModeProvider value={colorMode}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </ColorModeProvider>
  );
}
