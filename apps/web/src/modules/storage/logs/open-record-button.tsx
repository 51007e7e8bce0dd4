import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from '../../../i18n/use-translation';

/** The row action that opens a log or error in full. */
export function OpenRecordButton({ id, onOpen }: { id: number; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('storage.logs.view')}>
      <IconButton size="small" aria-label={t('storage.logs.viewRow', { id })} onClick={() => onOpen(id)}>
        <VisibilityOutlinedIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
