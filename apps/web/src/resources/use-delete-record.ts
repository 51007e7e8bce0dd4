import type { ResourceDescriptor } from '@pult/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../app/services-context';
import { isHttpError, serverMessage } from '../http/http-error';
import { useTranslation } from '../i18n/use-translation';
import { notifier } from '../notify/notifier';
import { deleteRecord, type RecordId, resourceKeys } from './resource-api';

/**
 * Deletes one record of a resource and refreshes everything cached about it (lists and the record).
 * Outcomes are announced as notices; the server's own text is preferred when it explains a refusal
 * (an administrator deleting themselves, a country still in use).
 */
export function useDeleteRecord(descriptor: ResourceDescriptor) {
  const services = useServices();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    // With the version an edit form opened or a list row carries, the delete happens only if nobody
    // changed the record since.
    mutationFn: (target: RecordId | { id: RecordId; version?: string | null }) =>
      typeof target === 'object'
        ? deleteRecord(services, descriptor, target.id, target.version)
        : deleteRecord(services, descriptor, target),
    onSuccess: () => {
      notifier.notify('success', t('common.deleteSuccess'));
    },
    onError: (error) => {
      // A 403 has already been announced by the HTTP client.
      if (isHttpError(error) && error.status === 403) return;
      // The server's 412 text speaks of a save; this was a delete, and nothing was deleted.
      if (isHttpError(error) && error.status === 412) {
        notifier.notify('error', t('common.deleteChanged'));
        return;
      }
      const text = isHttpError(error) && error.status < 500 ? serverMessage(error.body) : null;
      notifier.notify('error', text ?? t('common.deleteError'));
    },
    // A refused delete may still mean the list is stale (someone else deleted the record).
    onSettled: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(descriptor) }),
  });
}
