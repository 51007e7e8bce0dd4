import { errorGroupsResource } from '@pult/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/services-context';
import { useTranslation } from '../../../i18n/use-translation';
import { notifier } from '../../../notify/notifier';
import { resourceKeys } from '../../../resources/resource-api';
import { setGroupStatus } from '../storage-api';

/** Resolving a group hides it from the open view until it happens again; reopening brings it back. */
export function useGroupStatus() {
  const services = useServices();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'resolve' | 'reopen' }) =>
      setGroupStatus(services, id, action),
    onSuccess: (_group, { action }) =>
      notifier.notify(
        'success',
        action === 'resolve' ? t('storage.errors.resolved') : t('storage.errors.reopened'),
      ),
    onError: () => notifier.notify('error', t('common.saveError')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(errorGroupsResource) }),
  });
}
