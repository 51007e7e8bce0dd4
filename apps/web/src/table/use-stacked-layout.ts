import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

/**
 * Below the `sm` breakpoint (600 px, a phone held upright) a list's rows become cards: a table of
 * fifteen columns would only scroll sideways there.
 */
export function useStackedLayout(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
}
