import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { type ChannelAdmin, channelsResource } from '@pult/contract';
import { Link as RouterLink } from 'react-router';
import { useRouteCan } from '../../../access/route-resource';
import { useTranslation } from '../../../i18n/use-translation';
import { DeleteRowButton, ResourceTable, RowActionSpacer, useListReturnState } from '../../../table';
import { PageTitle } from '../../../ui/page-title';
import { DeleteChannelDialog } from './delete-channel-dialog';
import { useDeleteChannel } from './use-delete-channel';

/** Route `/chat/channels`: every channel with its creator, counts and last activity. */
export default function ChannelsPage() {
  const { t } = useTranslation();
  const title = t('menu.items.chatChannels');
  const returnState = useListReturnState();
  const remove = useDeleteChannel();
  const canRead = useRouteCan('read');
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <ResourceTable<ChannelAdmin>
        descriptor={channelsResource}
        label={title}
        rowActions={(channel) => (
          <>
            {canRead ? (
              <Tooltip title={t('chat.channels.view')}>
                <IconButton
                  component={RouterLink}
                  to={`/chat/channels/view?id=${channel.id}`}
                  state={returnState}
                  size="small"
                  color="primary"
                  aria-label={`${t('chat.channels.view')}: ${channel.label}`}
                >
                  <VisibilityOutlinedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            ) : (
              <RowActionSpacer />
            )}
            <DeleteRowButton name={channel.label} onClick={() => remove.ask(channel)} />
          </>
        )}
      />
      <DeleteChannelDialog
        channel={remove.target}
        busy={remove.busy}
        onConfirm={remove.confirm}
        onClose={remove.cancel}
      />
    </>
  );
}
