import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';

/** The centred card the public screens (sign-in, recovery, change password) sit in. */
export function PublicLayout({ maxWidth, children }: { maxWidth: number; children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        bgcolor: 'background.default',
      }}
    >
      <Paper elevation={3} sx={{ width: '100%', maxWidth, p: { xs: 3, sm: 4 } }}>
        {children}
      </Paper>
    </Box>
  );
}
