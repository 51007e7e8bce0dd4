import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RemoveIcon from '@mui/icons-material/Remove';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import type { CellState } from './grant-matrix';

/** How a cell's state looks: the icon carries it, so colour is never the only sign. */
export function EffectIcon({
  state,
  fontSize = 'small',
}: {
  state: CellState;
  fontSize?: 'small' | 'inherit';
}) {
  switch (state) {
    case 'allow':
      return <CheckCircleIcon fontSize={fontSize} color="success" />;
    case 'deny':
      return <BlockIcon fontSize={fontSize} color="error" />;
    case 'mixed':
      return <WarningAmberIcon fontSize={fontSize} color="warning" />;
    default:
      return <RemoveIcon fontSize={fontSize} sx={{ color: 'text.disabled' }} />;
  }
}

export const CHIP_COLOR = { none: 'default', allow: 'success', deny: 'error', mixed: 'warning' } as const;
