import { type ChannelUserAdmin, channelsResource, channelUsersResource } from '@pult/contract';
import { useState } from 'react';
import { useRouteCan } from '../../../access/route-resource';
import { useTranslation } from '../../../i18n/use-translation';
import { resourceKeys } from '../../../resources/resource-api';
import { DeleteRowButton, ResourceTable, RowActionSpacer } from '../../../table';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { PageTitle } from '../../../ui/page-title';
import { removeMembership, setMembershipRole } from '../chat-api';
import { useChatAction } from '../use-chat-action';
import { RoleSelect } from './role-select';

const refresh = [
  resourceKeys.all(channelUsersResource),
  resourceKeys.all(channelsResource),
  ['chat'],
] as const;

/**
 * Route `/chat/users`: channel memberships — channel, user, role, joined — with role change and
 * removal, each as the admin's grants allow (the role column shows the role either way).
 */
export default function ChatUsersPage() {
  const { t } = useTranslation();
  const title = t('menu.items.chatUsers');
  const [removing, setRemoving] = useState<ChannelUserAdmin | null>(null);
  const changeRole = useChatAction({
    run: (services, input: { id: number; role: ChannelUserAdmin['role'] }) =>
      setMembershipRole(services, input.id, input.role),
    success: t('chat.users.roleChanged'),
    refresh,
  });
  const remove = useChatAction({
    run: (services, id: number) => removeMembership(services, id),
    success: t('chat.users.removed'),
    refresh,
    onDone: () => setRemoving(null),
  });
  const canChangeRole = useRouteCan('update');
  const canRemove = useRouteCan('delete');
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <ResourceTable<ChannelUserAdmin>
        descriptor={channelUsersResource}
        label={title}
        rowActions={
          canChangeRole || canRemove
            ? (row) =>
                row.channel_type === 'direct' ? (
                  <RowActionSpacer />
                ) : (
                  <>
                    {canChangeRole && (
                      <RoleSelect
                        value={row.role}
                        name={row.user_label}
                        disabled={changeRole.isPending}
                        onChange={(role) => changeRole.mutate({ id: row.id, role })}
                      />
                    )}
                    <DeleteRowButton name={row.user_label} onClick={() => setRemoving(row)} />
                  </>
                )
            : undefined
        }
      />
      <ConfirmDialog
        open={removing !== null}
        title={t('chat.users.removeTitle')}
        text={
          removing
            ? t('chat.users.removeText', { name: removing.user_label, channel: removing.channel_label })
            : ''
        }
        confirmLabel={t('chat.users.remove')}
        destructive
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id)}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
