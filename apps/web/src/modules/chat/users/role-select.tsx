import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { CHANNEL_ROLES, type ChannelRole } from '@pult/contract';
import { useTranslation } from 'react-i18next';

/** A compact role picker for a row: changing it saves at once. */
export function RoleSelect({
  value,
  name,
  disabled,
  onChange,
}: {
  value: ChannelRole;
  name: string;
  disabled?: boolean;
  onChange: (role: ChannelRole) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as ChannelRole)}
      slotProps={{ htmlInput: { 'aria-label': t('chat.users.changeRole', { name }) } }}
      sx={{ minWidth: 150, '& .MuiSelect-select': { py: 0.5, fontSize: 14 } }}
    >
      {CHANNEL_ROLES.map((role) => (
        <MenuItem key={role} value={role}>
          {t(`chat.role.${role}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
