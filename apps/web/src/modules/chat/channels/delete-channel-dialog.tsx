import type { ChannelAdmin } from '@pult/contract';
import { useTranslation } from '../../../i18n/use-translation';
import { ConfirmDialog } from '../../../ui/confirm-dialog';

/** The confirmation of a channel's deletion, naming how many messages and members go with it. */
export function DeleteChannelDialog({
  channel,
  busy,
  onConfirm,
  onClose,
}: {
  channel: ChannelAdmin | null;
  busy: boolean;
  onConfirm: (channel: ChannelAdmin) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={channel !== null}
      title={t('chat.channels.deleteTitle')}
      text={
        channel
          ? t('chat.channels.deleteText', {
              name: channel.label,
              messages: channel.message_count,
              members: channel.member_count,
            })
          : ''
      }
      confirmLabel={t('table.delete')}
      destructive
      busy={busy}
      onConfirm={() => channel && onConfirm(channel)}
      onClose={onClose}
    />
  );
}
