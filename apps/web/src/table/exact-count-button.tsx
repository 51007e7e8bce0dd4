import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from '../i18n/use-translation';
import type { ExactTotal } from './use-exact-total';

/** Beside an estimated total ("about 152,000"): asks for the exact one, says while it counts or failed. */
export function ExactCountButton({ exact }: { exact: ExactTotal }) {
  const { t } = useTranslation();
  if (exact.isCounting) {
    return (
      <Button size="small" disabled startIcon={<CircularProgress size={14} color="inherit" />}>
        {t('table.counting')}
      </Button>
    );
  }
  return (
    <Tooltip title={t('table.countExactlyHint')} describeChild>
      <Button size="small" onClick={exact.count} color={exact.failed ? 'warning' : 'primary'}>
        {exact.failed ? t('table.countFailed') : t('table.countExactly')}
      </Button>
    </Tooltip>
  );
}
