import { EMPTY_LIST_QUERY, emailQueueResource } from '@pult/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useServices } from '../../../app/services-context';
import { isHttpError, serverMessage } from '../../../http/http-error';
import { useTranslation } from '../../../i18n/use-translation';
import { notifier } from '../../../notify/notifier';
import { fetchList, resourceKeys } from '../../../resources/resource-api';
import { notificationKeys, retryFailedEmails } from '../notification-api';

/**
 * "Retry every failed e-mail that matches the filter": the confirmation names how many that is now
 * (the list's own filters with status = failed), and the server applies the same filters.
 */
export function useRetryFailed(filters: Readonly<Record<string, string>>) {
  const services = useServices();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // A status filter other than "failed" matches no failed e-mail.
  const possible = filters.status === undefined || filters.status === 'failed';
  const countQuery = { ...EMPTY_LIST_QUERY, perPage: 5 as const, filters: { ...filters, status: 'failed' } };
  const count = useQuery({
    queryKey: [...resourceKeys.list(emailQueueResource, countQuery), 'retry-count'],
    queryFn: ({ signal }) => fetchList(services, emailQueueResource, countQuery, signal),
    enabled: open && possible,
    staleTime: 0,
  });
  const run = useMutation({
    mutationFn: () => retryFailedEmails(services, filters),
    onSuccess: (result) => {
      notifier.notify('success', result.message);
      setOpen(false);
    },
    onError: (error) => {
      if (isHttpError(error) && error.status === 403) return;
      notifier.notify('error', (isHttpError(error) && serverMessage(error.body)) || t('common.unknownError'));
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all(emailQueueResource) });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.counts });
    },
  });
  return {
    open,
    ask: () => setOpen(true),
    dismiss: () => setOpen(false),
    /** Undefined while it is being counted. */
    count: possible ? count.data?.total : 0,
    confirm: () => run.mutate(),
    running: run.isPending,
  };
}
