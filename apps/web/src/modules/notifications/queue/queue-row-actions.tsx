import BlockIcon from '@mui/icons-material/Block';
import ReplayIcon from '@mui/icons-material/Replay';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { EmailQueueItem } from '@pult/contract';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import { RowActionSpacer, useListReturnState } from '../../../table';
import { type QueueGrants, queueActionOf } from './queue-access';
import type { QueueActions } from './use-queue-actions';

/** View; retry a failed or cancelled e-mail; cancel a pending one: each as the grants allow. */
export function QueueRowActions({
  item,
  actions,
  grants,
}: {
  item: EmailQueueItem;
  actions: QueueActions;
  grants: QueueGrants;
}) {
  const { t } = useTranslation();
  const returnState = useListReturnState();
  const action = queueActionOf(item.status, grants);
  return (
    <>
      {grants.read ? (
        <Tooltip title={t('common.view')}>
          <IconButton
            component={RouterLink}
            to={`/notifications/email-queue/view/${item.id}`}
            state={returnState}
            size="small"
            aria-label={t('notifications.queue.view', { id: item.id })}
          >
            <VisibilityOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <RowActionSpacer />
      )}
      {action === 'retry' ? (
        <Tooltip title={t('notifications.queue.retry')}>
          <IconButton
            size="small"
            color="primary"
            aria-label={t('notifications.queue.retryRow', { id: item.id })}
            disabled={actions.retrying === item.id}
            onClick={() => actions.retry(item.id)}
          >
            <ReplayIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : action === 'cancel' ? (
        <Tooltip title={t('notifications.queue.cancel')}>
          <IconButton
            size="small"
            color="error"
            aria-label={t('notifications.queue.cancelRow', { id: item.id })}
            onClick={() => actions.askCancel(item)}
          >
            <BlockIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <RowActionSpacer />
      )}
    </>
  );
}
