import { type FileDisposition, fileNameOf, filesResource, type StorageFile } from '@pult/contract';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/services-context';
import { useTranslation } from '../../../i18n/use-translation';
import { notifier } from '../../../notify/notifier';
import { useConfirmDelete } from '../../../resources/use-confirm-delete';
import { fetchFileUrl, storageKeys } from '../storage-api';
import { downloadFromUrl } from './download-file';

/** A link to a file for showing it inline; fetched while `enabled` (the preview is open). */
export function useFileUrl(file: StorageFile | null, disposition: FileDisposition) {
  const services = useServices();
  return useQuery({
    queryKey: storageKeys.fileUrl(file?.uuid ?? '', disposition),
    queryFn: () => fetchFileUrl(services, file?.uuid ?? '', disposition),
    enabled: file !== null,
    // A presigned link expires: never reuse an old one.
    staleTime: 0,
    gcTime: 0,
  });
}

/** Download (a fresh link each time) and delete, for the rows of the files table and the preview. */
export function useFileActions() {
  const services = useServices();
  const { t } = useTranslation();
  const remove = useConfirmDelete<StorageFile>(filesResource, (file) => file.uuid);
  return {
    remove,
    async download(file: StorageFile) {
      try {
        const link = await fetchFileUrl(services, file.uuid, 'attachment');
        downloadFromUrl(link.url, fileNameOf(file.path));
      } catch {
        notifier.notify('error', t('common.loadFailed'));
      }
    },
  };
}
