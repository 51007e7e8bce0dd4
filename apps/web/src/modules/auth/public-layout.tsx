import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RECOVERY_PANEL_MAX_WIDTH } from '@pult/contract';
import type { ReactNode } from 'react';
import { LanguageMenu } from '../../i18n/language-menu';

interface PublicLayoutProps {
  /** The card's heading next to the language picker; the sign-in card draws its own header instead. */
  title?: string;
  /** A line under the heading. */
  intro?: string;
  children: ReactNode;
}

/** The centred card the public screens (sign-in, recovery, change password) sit in (spec §2, §9). */
export function PublicLayout({ title, intro, children }: PublicLayoutProps) {
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
      <Paper elevation={3} sx={{ width: '100%', maxWidth: RECOVERY_PANEL_MAX_WIDTH, p: { xs: 3, sm: 4 } }}>
        {title !== undefined && (
          <Box sx={{ mb: 3 }}>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography variant="h5" component="h1">
                {title}
              </Typography>
              <LanguageMenu />
            </Stack>
            {intro && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {intro}
              </Typography>
            )}
          </Box>
        )}
        {children}
      </Paper>
    </Box>
  );
}
