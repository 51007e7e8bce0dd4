import { alpha, keyframes, type SxProps, type Theme } from '@mui/material/styles';
import { HIGHLIGHT_MS } from './use-live-list';

/** A row read again after another administrator's change: its tint fades out. */
const liveFade = keyframes`
  from { background-color: var(--pult-live-tint); }
  to { background-color: transparent; }
`;

/** A table row or a card just read again: tinted, fading out over `HIGHLIGHT_MS`. */
export const liveHighlightSx = {
  '--pult-live-tint': (theme: Theme) => alpha(theme.palette.warning.main, 0.28),
  animation: `${liveFade} ${HIGHLIGHT_MS}ms ease-out`,
  // No movement for those who asked for none: a still tint for the same time instead.
  '@media (prefers-reduced-motion: reduce)': {
    animation: 'none',
    backgroundColor: 'var(--pult-live-tint)',
  },
} satisfies SxProps<Theme>;

/** A record another administrator deleted: kept in place, struck through, until the list is read again. */
export function liveDeletedSx(valueSelector: string) {
  return {
    [`& ${valueSelector}`]: { color: 'text.disabled', textDecoration: 'line-through' },
  } satisfies SxProps<Theme>;
}
