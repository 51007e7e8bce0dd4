import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useState } from 'react';
import { LiveProvider } from '../live/live-context';
import { StepUpDialogHost } from '../modules/profile';
import { PageLoading } from '../ui/page-loading';
import { AccessGate } from './access-gate';
import { ConnectionNotice } from './connection-notice';
import { SideDrawer } from './side-drawer';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { TopBar } from './top-bar';

/** The frame of every authenticated route: top bar, drawer, and the page. */
export default function AppShell() {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [mobileOpen, setMobileOpen] = useState(false);
  return (
    // The tab's one live changes stream: opened with the signed-in shell, closed with the session.
    <LiveProvider>
      <Box sx={{ display: 'flex', minHeight: '100vh' }}>
        <SkipLink />
        <TopBar onOpenMenu={wide ? undefined : () => setMobileOpen(true)} />
        <SideDrawer permanent={wide} open={mobileOpen} onClose={() => setMobileOpen(false)} />
        {/* Focusable by script only: the skip link's target. */}
        <Box
          component="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}
        >
          <Toolbar />
          <ConnectionNotice />
          <Suspense fallback={<PageLoading />}>
            <AccessGate />
          </Suspense>
        </Box>
        <StepUpDialogHost />
      </Box>
    </LiveProvider>
  );
}
