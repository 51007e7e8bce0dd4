import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from '../../i18n/use-translation';
import { useColorMode } from './color-mode-context';

/** The top bar's light/dark switch: a toggle button named "Dark theme", pressed while it is on. */
export function ColorModeSwitch() {
  const { t } = useTranslation();
  const { mode, toggle } = useColorMode();
  const label = t('colorMode.dark');
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" aria-label={label} aria-pressed={mode === 'dark'} onClick={toggle}>
        {mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
      </IconButton>
    </Tooltip>
  );
}
