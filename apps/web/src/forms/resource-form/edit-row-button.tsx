import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useRouteCan } from '../../access/route-resource';
import { useTranslation } from '../../i18n/use-translation';
import { RowActionSpacer } from '../../table/row-actions';

/**
 * The Edit action of a row whose form opens in a dialog; the table's EditRowLink goes to a route.
 * An admin who may read but not update gets "view" (the form opens read-only); one who may do
 * neither gets the spacer.
 */
export function EditRowButton({ name, onClick }: { name: string; onClick: () => void }) {
  const { t } = useTranslation();
  const canUpdate = useRouteCan('update');
  const canRead = useRouteCan('read');
  if (!canUpdate && !canRead) return <RowActionSpacer />;
  return (
    <Tooltip title={t(canUpdate ? 'table.edit' : 'table.view')}>
      <IconButton
        size="small"
        color="edit"
        aria-label={t(canUpdate ? 'table.editRow' : 'table.viewRow', { name })}
        onClick={onClick}
      >
        {canUpdate ? <EditOutlinedIcon fontSize="small" /> : <VisibilityOutlinedIcon fontSize="small" />}
      </IconButton>
    </Tooltip>
  );
}
