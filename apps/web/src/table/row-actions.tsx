import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useListReturnState } from './list-return';

/** The usual row actions of a ResourceTable; `name` makes each button's accessible name unique. */
export function EditRowLink({ to, name }: { to: string; name: string }) {
  const { t } = useTranslation();
  const state = useListReturnState();
  return (
    <Tooltip title={t('table.edit')}>
      <IconButton
        component={RouterLink}
        to={to}
        state={state}
        size="small"
        color="edit"
        aria-label={t('table.editRow', { name })}
      >
        <EditOutlinedIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

export function DeleteRowButton({ name, onClick }: { name: string; onClick: () => void }) {
  const { t } = useTranslation();
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
