import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ChannelMember, ChannelRole, ChannelType } from '@pult/contract';
import { useRouteCan } from '../../../access/route-resource';
import { formatDateTime } from '../../../i18n/format-date';
import { useTimeZone } from '../../../i18n/time-zone-store';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { DeleteRowButton } from '../../../table';
import { RoleSelect } from '../users/role-select';

const memberName = (member: ChannelMember) =>
  [member.first_name, member.last_name].filter(Boolean).join(' ') || member.user_uid;

/**
 * A channel's members with their roles; a group's roles change and members go from here. Rendered
 * under the memberships' resource (`chat.channel-users`), whose grants decide both actions.
 */
export function MembersTable({
  members,
  type,
  busy,
  onRole,
  onRemove,
}: {
  members: readonly ChannelMember[];
  type: ChannelType;
  busy: boolean;
  onRole: (member: ChannelMember, role: ChannelRole) => void;
  onRemove: (member: ChannelMember) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { zone } = useTimeZone();
  const canChangeRole = useRouteCan('update');
  if (members.length === 0) {
    return <Typography color="text.secondary">{t('chat.channels.noMembers')}</Typography>;
  }
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('chat.channels.members')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('chat.fields.user_uid')}</TableCell>
            <TableCell>UID</TableCell>
            <TableCell>{t('chat.fields.joined_at')}</TableCell>
            <TableCell>{t('chat.fields.role')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {members.map((member) => (
            <TableRow key={member.chat_channel_user_id}>
              <TableCell>{memberName(member)}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>{member.user_uid}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(member.joined_at, locale, zone)}
              </TableCell>
              <TableCell>
                {type === 'group' && canChangeRole ? (
                  <RoleSelect
                    value={member.role}
                    name={memberName(member)}
                    disabled={busy}
                    onChange={(role) => onRole(member, role)}
                  />
                ) : (
                  t(`chat.role.${member.role}`)
                )}
              </TableCell>
              <TableCell align="right">
                {type === 'group' && (
                  <DeleteRowButton name={memberName(member)} onClick={() => onRemove(member)} />
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
