import { type Bucket, bucketsResource, filesResource } from '@pult/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../app/services-context';
import { isHttpError, serverMessage } from '../../../http/http-error';
import { notifier } from '../../../notify/notifier';
import { resourceKeys } from '../../../resources/resource-api';
import { deleteBucket } from '../storage-api';

/**
 * Deleting a bucket after confirmation. The dialog names the files it holds, and the request confirms
 * that very count: if files arrived meanwhile, the server refuses and says how many there are now.
 */
export function useDeleteBucket(onDeleted?: () => void) {
  const services = useServices();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const [target, setTarget] = useState<Bucket | null>(null);
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: (bucket: Bucket) => deleteBucket(services, bucket),
    onSuccess: () => {
      notifier.notify('success', t('common.deleteSuccess'));
      onDeleted?.();
    },
    onError: (error) => {
      if (isHttpError(error) && error.status === 403) return;
      const text = isHttpError(error) && error.status < 500 ? serverMessage(error.body) : null;
      notifier.notify('error', text ?? t('common.deleteError'));
    },
    onSettled: () => {
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all(bucketsResource) });
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all(filesResource) });
    },
  });
  return {
    target,
    open,
    ask: (bucket: Bucket) => {
      setTarget(bucket);
      setOpen(true);
    },
    cancel: () => setOpen(false),
    confirm: () => {
      if (target) remove.mutate(target);
    },
    /** Deletes at once (the caller has asked already); settles whatever the outcome, which is announced. */
    now: (bucket: Bucket) =>
      remove.mutateAsync(bucket).then(
        () => undefined,
        () => undefined,
      ),
    deleting: remove.isPending,
  };
}
