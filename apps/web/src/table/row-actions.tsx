import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { Link as RouterLink } from 'react-router';
import { useRouteCan } from '../access/route-resource';
import { useTranslation } from '../i18n/use-translation';
import { useListReturnState } from './list-return';

/**
 * The usual row actions of a ResourceTable; `name` makes each button's accessible name unique. They
 * follow the page's grants: an admin who may only read a record gets "view" instead of "edit", and
 * one who may not delete gets the spacer.
 */
export function EditRowLink({ to, name }: { to: string; name: string }) {
  const { t } = useTranslation();
  const state = useListReturnState();
  const canUpdate = useRouteCan('update');
  const canRead = useRouteCan('read');
  if (!canUpdate && !canRead) return <RowActionSpacer />;
  return (
    <Tooltip title={t(canUpdate ? 'table.edit' : 'table.view')}>
      <IconButton
        component={RouterLink}
        to={to}
        state={state}
        size="small"
        color="edit"
        aria-label={t(canUpdate ? 'table.editRow' : 'table.viewRow', { name })}
      >
        {canUpdate ? <EditOutlinedIcon fontSize="small" /> : <VisibilityOutlinedIcon fontSize="small" />}
      </IconButton>
    </Tooltip>
  );
}

export function DeleteRowButton({ name, onClick }: { name: string; onClick: () => void }) {
  const { t } = useTranslation();
  if (!useRouteCan('delete')) return <RowActionSpacer />;
  return (
    <Tooltip title={t('table.delete')}>
      <IconButton size="small" color="error" aria-label={t('table.deleteRow', { name })} onClick={onClick}>
        <DeleteOutlinedIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/** Holds an absent action's place, so the buttons of every row line up. */
export function RowActionSpacer() {
  return <Box component="span" sx={{ display: 'inline-block', width: 34 }} aria-hidden />;
}
