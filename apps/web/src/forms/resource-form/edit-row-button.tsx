import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

/** The Edit action of a row whose form opens in a dialog; the table's EditRowLink goes to a route. */
export function EditRowButton({ name, onClick }: { name: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('table.edit')}>
      <IconButton size="small" color="edit" aria-label={t('table.editRow', { name })} onClick={onClick}>
        <EditOutlinedIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
