import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { type ReactNode, useMemo } from 'react';
import type { I18n } from '../i18n/i18n';
import { I18nProvider, useTranslation } from '../i18n/use-translation';
import { ColorModeProvider, useColorModeState } from './color-mode/color-mode-context';
import { createAppTheme } from './theme';

/** i18n and the MUI theme: all that the start-up screens need, before the services exist. */
export function AppFrame({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <LocalisedTheme>{children}</LocalisedTheme>
    </I18nProvider>
  );
}

function LocalisedTheme({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = i18n.language;
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
