import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import { DRAWER_WIDTH } from '@pult/contract';
import { Copyright } from '../ui/copyright';
import { DrawerMenu } from './drawer-menu';

interface SideDrawerProps {
  /** Permanent on wide screens (spec §2); a temporary overlay on narrow ones. */
  permanent: boolean;
  open: boolean;
  onClose: () => void;
}

export function SideDrawer({ permanent, open, onClose }: SideDrawerProps) {
  return (
    <Drawer
      variant={permanent ? 'permanent' : 'temporary'}
      open={permanent || open}
      onClose={onClose}
      sx={{
        width: DRAWER_WIDTH,
        flexShrink: 0,
        '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
      }}
    >
      {/* Room for the app bar, which sits above a permanent drawer. */}
      {permanent && <Toolbar />}
      <DrawerMenu onNavigate={permanent ? undefined : onClose} />
      <Divider />
      <Copyright sx={{ p: 2, textAlign: 'center' }} />
    </Drawer>
  );
}
