import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { CHANNEL_ROLES, type ChannelRole } from '@pult/contract';
import { useTranslation } from '../../../i18n/use-translation';

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
    <Select
      size="small"
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as ChannelRole)}
      inputProps={{ 'aria-label': t('chat.users.changeRole', { name }) }}
      sx={{ minWidth: 132, fontSize: 13, '& .MuiSelect-select': { py: 0.25 } }}
    >
      {CHANNEL_ROLES.map((role) => (
        <MenuItem key={role} value={role}>
          {t(`chat.role.${role}`)}
        </MenuItem>
      ))}
    </Select>
  );
}
