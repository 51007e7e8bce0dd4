import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider, useTheme } from '@mui/material/styles';
import { type ReactNode, useMemo } from 'react';
import { createAppTheme } from '../../app/theme';
import { useLocale } from '../../i18n/use-locale';
import { usePrinting } from './use-printing';

/** Marks what a printed report leaves out (navigation, controls) and what only print shows. */
export const PRINT_HIDDEN = { 'data-print': 'hide' } as const;
export const PRINT_ONLY = { 'data-print': 'only' } as const;

/** The chart's width on A4: 210 mm less the page's margins (2 × 12 mm) and the card's padding, in CSS px. */
export const PRINT_CHART_WIDTH = 640;

/**
 * The print sheet of a report screen, mounted with it, so no other screen's printing changes: A4,
 * no app bar, drawer or controls, tables at full length (not scrolled within their cards), rows not
 * cut across pages, and black on white whatever the panel's colour mode.
 */
export function ReportPrintStyles() {
  return (
    <GlobalStyles
      styles={{
        '[data-print="only"]': { display: 'none' },
        '@page': { size: 'A4', margin: '12mm' },
        '@media print': {
          'body, main': { background: '#fff !important', color: '#000' },
          '.MuiAppBar-root, .MuiDrawer-root, main > .MuiToolbar-root, [data-print="hide"]': {
            display: 'none !important',
          },
          main: { padding: '0 !important' },
          '[data-print="only"]': { display: 'block' },
          '.MuiTableContainer-root': { maxHeight: 'none !important', overflow: 'visible !important' },
          // Sticky cells would float over the rows of the next page.
          '.MuiTableCell-root': { position: 'static !important' },
          tr: { breakInside: 'avoid' },
          // The header repeats on every page a table spans; the totals come once, at its end.
          thead: { display: 'table-header-group' },
          tfoot: { display: 'table-row-group' },
          'h2, .MuiCard-root .MuiCardContent-root > .MuiStack-root': { breakAfter: 'avoid' },
          '.MuiChartsWrapper-root, .MuiChartsSurface-root': { breakInside: 'avoid' },
          '.MuiCard-root': { boxShadow: 'none' },
        },
      }}
    />
  );
}

/**
 * The report in the light theme while it prints: paper is white, and a dark theme's light text
 * would vanish on it (browsers leave backgrounds out of print).
 */
export function PrintTheme({ children }: { children: ReactNode }) {
  const outer = useTheme();
  const locale = useLocale();
  const printing = usePrinting();
  const light = useMemo(() => createAppTheme(locale, 'light'), [locale]);
  return (
    <ThemeProvider theme={printing && outer.palette.mode === 'dark' ? light : outer}>
      {children}
    </ThemeProvider>
  );
}
