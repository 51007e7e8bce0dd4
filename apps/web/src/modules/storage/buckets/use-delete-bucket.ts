import { type Bucket, bucketsResource, filesResource } from '@pult/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useServices } from '../../../app/services-context';
import { isHttpError, serverMessage } from '../../../http/http-error';
import { useTranslation } from '../../../i18n/use-translation';
import { notifier } from '../../../notify/notifier';
import { resourceKeys } from '../../../resources/resource-api';
import { rowVersion } from '../../../resources/row-version';
import { deleteBucket } from '../storage-api';

/**
 * Deleting a bucket after confirmation. The dialog names the files it holds, and the request confirms
 * that very count: if files arrived meanwhile, the server refuses and says how many there are now.
 * The bucket page deletes at the version it opened, a list row at the version it was listed with: a
 * bucket changed since is not deleted, and `changed` tells the page to say so and offer a reload
 * (the list, which is read again, just says so).
 */
export function useDeleteBucket(onDeleted?: () => void) {
  const services = useServices();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const [target, setTarget] = useState<Bucket | null>(null);
  const [open, setOpen] = useState(false);
  const [changed, setChanged] = useState(false);
  const remove = useMutation({
    mutationFn: ({ bucket, version }: { bucket: Bucket; version: string | null; fromPage: boolean }) =>
      deleteBucket(services, bucket, version),
    onSuccess: () => {
      notifier.notify('success', t('common.deleteSuccess'));
      onDeleted?.();
    },
    onError: (error, { fromPage }) => {
      if (isHttpError(error) && error.status === 403) return;
      if (isHttpError(error) && error.status === 412) {
        // The page offers a reload; a list row is read again with the list.
        if (fromPage) setChanged(true);
        else notifier.notify('error', t('common.deleteChanged'));
        return;
      }
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
      if (target) remove.mutate({ bucket: target, version: rowVersion(target), fromPage: false });
    },
    /**
     * Deletes at once (the caller has asked already), at `version` when given; settles whatever the
     * outcome, which is announced (a 412 through `changed`).
     */
    now: (bucket: Bucket, version?: string | null) =>
      remove.mutateAsync({ bucket, version: version ?? null, fromPage: true }).then(
        () => undefined,
        () => undefined,
      ),
    deleting: remove.isPending,
    /** The delete was refused because the bucket changed since the page opened it (412). */
    changed,
    /** The page has shown the bucket as it is now. */
    clearChanged: () => setChanged(false),
  };
}
