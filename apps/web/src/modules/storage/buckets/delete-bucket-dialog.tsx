import type { Bucket } from '@pult/contract';
import type { TFunction } from '../../../i18n/i18n';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { formatBytes } from '../../../table/format-bytes';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import type { useDeleteBucket } from './use-delete-bucket';

/** What deleting a bucket does: an empty one simply goes; one with files names how many go with it. */
export function bucketDeleteText(t: TFunction, bucket: Bucket, locale: string): string {
  return bucket.file_count > 0
    ? t('storage.buckets.deleteWithFilesText', {
        name: bucket.name,
        count: bucket.file_count,
        size: formatBytes(bucket.bytes_used, locale),
      })
    : t('storage.buckets.deleteEmptyText', { name: bucket.name });
}

/** The confirmation of a bucket's deletion from the list. */
export function DeleteBucketDialog({ remove }: { remove: ReturnType<typeof useDeleteBucket> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const bucket: Bucket | null = remove.target;
  const withFiles = (bucket?.file_count ?? 0) > 0;
  return (
    <ConfirmDialog
      open={remove.open}
      title={t('storage.buckets.deleteTitle')}
      text={bucket ? bucketDeleteText(t, bucket, locale) : ''}
      confirmLabel={
        withFiles
          ? t('storage.buckets.deleteWithFiles', { count: bucket?.file_count ?? 0 })
          : t('table.delete')
      }
      destructive
      busy={remove.deleting}
      onConfirm={remove.confirm}
      onClose={remove.cancel}
    />
  );
}
