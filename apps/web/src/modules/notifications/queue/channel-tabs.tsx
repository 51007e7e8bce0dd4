import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { QUEUE_CHANNELS } from '@pult/contract';
import { useTranslation } from '../../../i18n/use-translation';

const ALL = 'all';

/** E-mail, SMS and push share one queue: a tab narrows the list (and its actions) to one channel. */
export function ChannelTabs({
  selected,
  onSelect,
}: {
  selected: string | undefined;
  onSelect: (channel: string | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <Tabs
      value={selected ?? ALL}
      onChange={(_event, value: string) => onSelect(value === ALL ? undefined : value)}
      aria-label={t('notifications.queue.fields.channel')}
      sx={{ mb: 2 }}
    >
      <Tab value={ALL} label={t('notifications.queue.allChannels')} />
      {QUEUE_CHANNELS.map((channel) => (
        <Tab key={channel} value={channel} label={t(`notifications.queue.channel.${channel}`)} />
      ))}
    </Tabs>
  );
}
