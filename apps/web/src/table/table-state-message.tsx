import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';

/**
 * A state instead of records (empty, failed), right under the table's header and as wide as the
 * visible area, so its message and buttons are in view however wide the table scrolls.
 */
export function TableStateMessage({ children }: { children: ReactNode }) {
  return (
    <Stack sx={{ alignItems: 'center', justifyContent: 'center', gap: 1, px: 2, py: 5, textAlign: 'center' }}>
      {children}
    </Stack>
  );
}
