import { type EmailQueueItem, emailQueueResource } from '@pult/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useRouteCan } from '../../../access/route-resource';
import { useServices } from '../../../app/services-context';
import { isHttpError, serverMessage } from '../../../http/http-error';
import { useTranslation } from '../../../i18n/use-translation';
import { notifier } from '../../../notify/notifier';
import { resourceKeys } from '../../../resources/resource-api';
import { cancelEmail, notificationKeys, retryEmail } from '../notification-api';
import type { QueueGrants } from './queue-access';

/** Retry and cancel of one e-mail: the list, the counts and the record are refreshed afterwards. */
export function useQueueActions() {
  const services = useServices();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const [cancelTarget, setCancelTarget] = useState<Pick<EmailQueueItem, 'id' | 'email_to'> | null>(null);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: resourceKeys.all(emailQueueResource) });
    void queryClient.invalidateQueries({ queryKey: notificationKeys.counts });
  };
  const onError = (error: unknown) => {
    if (isHttpError(error) && error.status === 403) return;
    const text = isHttpError(error) && error.status < 500 ? serverMessage(error.body) : null;
    notifier.notify('error', text ?? t('common.unknownError'));
  };

  const retry = useMutation({
    mutationFn: (id: number) => retryEmail(services, id),
    onSuccess: () => notifier.notify('success', t('notifications.queue.retried')),
    onError,
    onSettled: refresh,
  });
  const cancel = useMutation({
    mutationFn: (id: number) => cancelEmail(services, id),
    onSuccess: () => {
      notifier.notify('success', t('notifications.queue.cancelled'));
      setCancelTarget(null);
    },
    onError: (error) => {
      setCancelTarget(null);
      onError(error);
    },
    onSettled: refresh,
  });

  return {
    retry: (id: number) => retry.mutate(id),
    retrying: retry.isPending ? retry.variables : undefined,
    askCancel: setCancelTarget,
    cancelTarget,
    confirmCancel: () => cancelTarget && cancel.mutate(cancelTarget.id),
    dismissCancel: () => setCancelTarget(null),
    cancelling: cancel.isPending,
  };
}

export type QueueActions = ReturnType<typeof useQueueActions>;

/** What the grants allow on the queue's e-mails: open one, retry it, cancel it. */
export function useQueueGrants(): QueueGrants {
  const read = useRouteCan('read');
  const retry = useRouteCan('email-queue.retry');
  const cancel = useRouteCan('email-queue.cancel');
  return { read, retry, cancel };
}
