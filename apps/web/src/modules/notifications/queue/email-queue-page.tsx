import ReplayIcon from '@mui/icons-material/Replay';
import Button from '@mui/material/Button';
import { type EmailQueueItem, emailQueueResource } from '@pult/contract';
import { useRouteCan } from '../../../access/route-resource';
import { useTranslation } from '../../../i18n/use-translation';
import { ResourceTable, useTableState } from '../../../table';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { PageTitle } from '../../../ui/page-title';
import { ChannelTabs } from './channel-tabs';
import { queueHasRowActions } from './queue-access';
import { QueueRowActions } from './queue-row-actions';
import { QueueStatusCounts } from './queue-status-counts';
import { useQueueActions, useQueueGrants } from './use-queue-actions';
import { useRetryFailed } from './use-retry-failed';

/** What an operator scans first comes first; the error text, which can be long, last. */
const COLUMNS = [
  'id',
  'status',
  'channel',
  'priority',
  'email_to',
  'template_name',
  'attempts',
  'created_at',
  'sent_at',
  'last_error',
] as const;

/** Route `/notifications/email-queue`: what is queued, sent and failed, and what an operator can do. */
export default function EmailQueuePage() {
  const { t } = useTranslation();
  const title = t('menu.items.emailQueue');
  const table = useTableState(emailQueueResource);
  const actions = useQueueActions();
  const retryFailed = useRetryFailed(table.query.filters);
  const grants = useQueueGrants();
  const canRetryFailed = useRouteCan('email-queue.retry-failed');

  return (
    <>
      <PageTitle>{title}</PageTitle>
      <ChannelTabs
        selected={table.query.filters.channel}
        onSelect={(channel) => table.setFilter('channel', channel ?? '')}
      />
      <QueueStatusCounts
        selected={table.query.filters.status}
        onSelect={(status) => table.setFilter('status', status)}
      />
      <ResourceTable<EmailQueueItem>
        descriptor={emailQueueResource}
        label={title}
        columns={COLUMNS}
        toolbar={
          canRetryFailed && (
            <Button size="small" startIcon={<ReplayIcon />} onClick={retryFailed.ask}>
              {t('notifications.queue.retryFailed')}
            </Button>
          )
        }
        rowActions={
          queueHasRowActions(grants)
            ? (item) => <QueueRowActions item={item} actions={actions} grants={grants} />
            : undefined
        }
      />
      <ConfirmDialog
        open={actions.cancelTarget !== null}
        title={t('notifications.queue.cancelTitle')}
        text={t('notifications.queue.cancelText', { to: actions.cancelTarget?.email_to ?? '' })}
        confirmLabel={t('notifications.queue.cancel')}
        destructive
        busy={actions.cancelling}
        onConfirm={actions.confirmCancel}
        onClose={actions.dismissCancel}
      />
      <ConfirmDialog
        open={retryFailed.open}
        title={t('notifications.queue.retryFailedTitle')}
        text={
          retryFailed.count === undefined
            ? t('app.loading')
            : retryFailed.count === 0
              ? t('notifications.queue.noFailed')
              : t('notifications.queue.retryFailedText', { count: retryFailed.count })
        }
        confirmLabel={t('notifications.queue.retry')}
        busy={retryFailed.running || retryFailed.count === undefined}
        onConfirm={() => {
          if (retryFailed.count) retryFailed.confirm();
          else retryFailed.dismiss();
        }}
        onClose={retryFailed.dismiss}
      />
    </>
  );
}
