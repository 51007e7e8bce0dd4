import { type ChannelAdmin, channelsResource, channelUsersResource } from '@pult/contract';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { resourceKeys } from '../../../resources/resource-api';
import { deleteChannel } from '../chat-api';
import { useChatAction } from '../use-chat-action';

export function useDeleteChannel(onDeleted?: () => void) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<ChannelAdmin | null>(null);
  const remove = useChatAction({
    run: (services, channel: ChannelAdmin) => deleteChannel(services, channel),
    success: t('chat.channels.deleted'),
    refresh: [resourceKeys.all(channelsResource), resourceKeys.all(channelUsersResource)],
    onDone: () => {
      setTarget(null);
      onDeleted?.();
    },
  });
  return {
    target,
    ask: setTarget,
    cancel: () => setTarget(null),
    confirm: remove.mutate,
    busy: remove.isPending,
  };
}
