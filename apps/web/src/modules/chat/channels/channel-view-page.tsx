import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteForeverOutlinedIcon from '@mui/icons-material/DeleteForeverOutlined';
import DeleteSweepOutlinedIcon from '@mui/icons-material/DeleteSweepOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  type ChannelMember,
  type ChannelMessageAdmin,
  channelMessagesResource,
  channelsResource,
  channelUsersResource,
  permissionResourceOf,
} from '@pult/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { RouteResourceProvider, useRouteCan } from '../../../access/route-resource';
import { useCan } from '../../../access/use-permissions';
import { useServices } from '../../../app/services-context';
import { formatDateTime } from '../../../i18n/format-date';
import { useTimeZone } from '../../../i18n/time-zone-store';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { resourceKeys } from '../../../resources/resource-api';
import { ResourceTable, RowActionSpacer, useListReturnPath } from '../../../table';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { DetailList } from '../../../ui/detail-list';
import { PageLoading } from '../../../ui/page-loading';
import { PageTitle } from '../../../ui/page-title';
import {
  chatKeys,
  deleteMessageForEveryone,
  fetchChannel,
  fetchChannelMembers,
  removeMembership,
  setMembershipRole,
} from '../chat-api';
import { useChatAction } from '../use-chat-action';
import { DeleteChannelDialog } from './delete-channel-dialog';
import { MembersTable } from './members-table';
import { useDeleteChannel } from './use-delete-channel';

/** The grants' names of what the page works on beside the channel: memberships and messages. */
const MEMBERSHIPS = permissionResourceOf(channelUsersResource);
const MESSAGES = permissionResourceOf(channelMessagesResource(0));

/**
 * Route `/chat/channels/view?id=`: a channel's details, members and messages, with moderation; each
 * action (and the messages) as the admin's grants allow.
 */
export default function ChannelViewPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const { t } = useTranslation();
  const locale = useLocale();
  const { zone } = useTimeZone();
  const services = useServices();
  const navigate = useNavigate();
  const backTo = useListReturnPath('/chat/channels');
  const valid = Number.isInteger(id) && id > 0;
  const channel = useQuery({
    queryKey: chatKeys.channel(id),
    queryFn: () => fetchChannel(services, id),
    enabled: valid,
  });
  const members = useQuery({
    queryKey: chatKeys.members(id),
    queryFn: () => fetchChannelMembers(services, id),
    enabled: valid,
  });
  const messages = useMemo(() => channelMessagesResource(id), [id]);
  const canDeleteChannel = useRouteCan('delete');
  const canListMessages = useCan(MESSAGES, 'list');
  const canDeleteMessage = useCan(MESSAGES, 'delete');
  const refresh = [
    ['chat', 'channel', id],
    resourceKeys.all(messages),
    resourceKeys.all(channelUsersResource),
    resourceKeys.all(channelsResource),
  ] as const;
  const [deleting, setDeleting] = useState<ChannelMessageAdmin | null>(null);
  const [removing, setRemoving] = useState<ChannelMember | null>(null);
  const deleteMessage = useChatAction({
    run: (svc, messageId: number) => deleteMessageForEveryone(svc, id, messageId),
    success: t('chat.channels.messageDeleted'),
    refresh,
    onDone: () => setDeleting(null),
  });
  const changeRole = useChatAction({
    run: (svc, input: { member: ChannelMember; role: ChannelMember['role'] }) =>
      setMembershipRole(svc, input.member.chat_channel_user_id, input.role),
    success: t('chat.users.roleChanged'),
    refresh,
  });
  const removeMember = useChatAction({
    run: (svc, member: ChannelMember) => removeMembership(svc, member.chat_channel_user_id),
    success: t('chat.users.removed'),
    refresh,
    onDone: () => setRemoving(null),
  });
  const removeChannel = useDeleteChannel(() => navigate(backTo));

  if (!valid || channel.isError) {
    return (
      <>
        <PageTitle>{t('chat.channels.notFound')}</PageTitle>
        <Button component={RouterLink} to={backTo} startIcon={<ArrowBackIcon />}>
          {t('chat.channels.back')}
        </Button>
      </>
    );
  }
  if (!channel.data) return <PageLoading />;
  const item = channel.data;

  return (
    <Stack spacing={3}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 2 }}>
        <div>
          <Button
            component={RouterLink}
            to={backTo}
            startIcon={<ArrowBackIcon />}
            size="small"
            sx={{ mb: 1 }}
          >
            {t('chat.channels.back')}
          </Button>
          <PageTitle overline={t(`chat.type.${item.type}`)}>{item.label}</PageTitle>
        </div>
        {canDeleteChannel && (
          <Button
            color="error"
            variant="outlined"
            startIcon={<DeleteForeverOutlinedIcon />}
            onClick={() => removeChannel.ask(item)}
            sx={{ flexShrink: 0, mt: 4 }}
          >
            {t('chat.channels.deleteTitle')}
          </Button>
        )}
      </Stack>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <DetailList
          rows={[
            { label: t('common.fields.id'), value: item.id },
            { label: t('chat.fields.url'), value: item.url ?? t('common.none') },
            { label: t('chat.fields.created_by_uid'), value: item.created_by_label },
            { label: t('chat.fields.created'), value: formatDateTime(item.created_at, locale, zone) },
            { label: t('chat.fields.member_count'), value: item.member_count },
            { label: t('chat.fields.message_count'), value: item.message_count },
            {
              label: t('chat.fields.last_message_at'),
              value: item.last_message_at
                ? formatDateTime(item.last_message_at, locale, zone)
                : t('common.none'),
            },
          ]}
        />
      </Paper>
      <section>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('chat.channels.members')}
        </Typography>
        {/* Role changes and removals are the memberships' own actions: their buttons ask about those. */}
        <RouteResourceProvider resource={MEMBERSHIPS}>
          <MembersTable
            members={members.data?.items ?? []}
            type={item.type}
            busy={changeRole.isPending}
            onRole={(member, role) => changeRole.mutate({ member, role })}
            onRemove={setRemoving}
          />
        </RouteResourceProvider>
      </section>
      {canListMessages && (
        <section>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('chat.channels.messages')}
          </Typography>
          <ResourceTable<ChannelMessageAdmin>
            descriptor={messages}
            label={t('chat.channels.messages')}
            columns={[
              'seq',
              'created_at',
              'sender_uid',
              'body',
              'deleted',
              'deleted_by_sender',
              'deleted_by_recipient',
            ]}
            rowActions={
              canDeleteMessage
                ? (message) =>
                    message.deleted ? (
                      <RowActionSpacer />
                    ) : (
                      <Tooltip title={t('chat.channels.deleteMessage')}>
                        <IconButton
                          size="small"
                          color="error"
                          aria-label={`${t('chat.channels.deleteMessage')}: ${message.seq}`}
                          onClick={() => setDeleting(message)}
                        >
                          <DeleteSweepOutlinedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )
                : undefined
            }
          />
        </section>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('chat.channels.deleteMessageTitle')}
        text={
          deleting ? (
            <>
              <Typography sx={{ mb: 1, fontStyle: 'italic', whiteSpace: 'pre-wrap' }}>
                {deleting.sender_label}: {deleting.body.slice(0, 300)}
              </Typography>
              {t('chat.channels.deleteMessageText')}
            </>
          ) : (
            ''
          )
        }
        confirmLabel={t('chat.channels.deleteMessage')}
        destructive
        busy={deleteMessage.isPending}
        onConfirm={() => deleting && deleteMessage.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
      <ConfirmDialog
        open={removing !== null}
        title={t('chat.users.removeTitle')}
        text={
          removing
            ? t('chat.users.removeText', {
                name:
                  [removing.first_name, removing.last_name].filter(Boolean).join(' ') || removing.user_uid,
                channel: item.label,
              })
            : ''
        }
        confirmLabel={t('chat.users.remove')}
        destructive
        busy={removeMember.isPending}
        onConfirm={() => removing && removeMember.mutate(removing)}
        onClose={() => setRemoving(null)}
      />
      <DeleteChannelDialog
        channel={removeChannel.target}
        busy={removeChannel.busy}
        onConfirm={removeChannel.confirm}
        onClose={removeChannel.cancel}
      />
    </Stack>
  );
}
