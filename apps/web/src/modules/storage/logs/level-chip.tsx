import Chip from '@mui/material/Chip';
import type { LogLevel } from '@pult/contract';
import { useTranslation } from '../../../i18n/use-translation';

const COLORS: Record<LogLevel, 'default' | 'info' | 'warning' | 'error'> = {
  debug: 'default',
  info: 'info',
  warn: 'warning',
  error: 'error',
  fatal: 'error',
};

export function LevelChip({ level }: { level: LogLevel }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={COLORS[level]}
      variant={level === 'fatal' ? 'filled' : 'outlined'}
      label={t(`storage.levels.${level}`)}
    />
  );
}
