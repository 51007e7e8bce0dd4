import PersonRemoveOutlinedIcon from '@mui/icons-material/PersonRemoveOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { adminsResource, type GroupMember, permissionResourceOf } from '@pult/contract';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useCan } from '../../../access/use-permissions';
import { useTranslation } from '../../../i18n/use-translation';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { personName } from '../../users/person-name';
import { AddMember } from './add-member';
import { useMembers } from './use-members';

/** Who is in the group: each links to the administrator; one can be added or (after a question) removed. */
export function GroupMembers({ groupId, groupName }: { groupId: number; groupName: string }) {
  const { t } = useTranslation();
  const { members, change } = useMembers(groupId);
  // Membership is a field of the administrator: changing it takes updating administrators.
  const canChange = useCan(permissionResourceOf(adminsResource), 'update');
  const [removing, setRemoving] = useState<GroupMember | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const items = members.data ?? [];
  const fullName = (member: GroupMember) => `${member.first_name} ${member.last_name}`.trim() || member.email;

  return (
    <Box component="section" aria-labelledby="group-members-title">
      <Typography id="group-members-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('groups.members.title')}
        {members.data && ` (${items.length})`}
      </Typography>
      {members.isError && <Typography color="error">{t('common.loadFailed')}</Typography>}
      {members.data && items.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('groups.members.empty')}
        </Typography>
      )}
      {items.length > 0 && (
        <Table size="small" sx={{ mb: 2 }}>
          <TableBody>
            {items.map((member) => (
              <TableRow key={member.id}>
                <TableCell>
                  <Link component={RouterLink} to={`/auth/admins/edit?id=${member.id}`}>
                    {fullName(member)}
                  </Link>
                </TableCell>
                <TableCell>{member.email}</TableCell>
                <TableCell align="right" sx={{ width: 56 }}>
                  {canChange && (
                    <IconButton
                      size="small"
                      color="error"
                      aria-label={t('groups.members.remove', { name: personName(member) })}
                      disabled={change.isPending}
                      onClick={() => {
                        setRemoving(member);
                        setConfirmOpen(true);
                      }}
                    >
                      <PersonRemoveOutlinedIcon fontSize="small" />
                    </IconButton>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {canChange && (
        <AddMember
          exclude={items.map((member) => member.id)}
          busy={change.isPending}
          onAdd={(adminId) => change.mutateAsync({ method: 'put', adminId })}
        />
      )}
      <ConfirmDialog
        open={confirmOpen}
        title={t('groups.members.removeTitle')}
        text={
          removing ? t('groups.members.removeText', { name: personName(removing), group: groupName }) : ''
        }
        confirmLabel={t('groups.members.removeConfirm')}
        destructive
        busy={change.isPending}
        onConfirm={() => {
          if (removing)
            change.mutate(
              { method: 'delete', adminId: removing.id },
              { onSettled: () => setConfirmOpen(false) },
            );
        }}
        onClose={() => setConfirmOpen(false)}
      />
    </Box>
  );
}
