import useMediaQuery from '@mui/material/useMediaQuery';

/**
 * Whether the page is being laid out for print (the browser's Print or Save as PDF, or print media
 * emulated). The chart reads it to draw at the paper's width: it measures its container on screen,
 * and a print layout gives it no chance to measure again.
 */
export function usePrinting(): boolean {
  return useMediaQuery('print', { noSsr: true });
}
