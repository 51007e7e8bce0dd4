import {
  type Bucket,
  type ErrorGroup,
  errorGroupsResource,
  errorsResource,
  type FileDisposition,
  type FileUrl,
  filesResource,
  type StorageFile,
  type StorageSettings,
} from '@pult/contract';
import type { Services } from '../../app/services';
import { ifMatchHeaders } from '../../resources/resource-api';

/** The storage service's calls that the generic resource calls do not cover. */
const url = (services: Services, path: string) => services.serviceUrl('storage', path);

export const storageKeys = {
  settings: ['storage', 'settings'] as const,
  fileUrl: (uuid: string, disposition: FileDisposition) =>
    ['storage', 'file-url', uuid, disposition] as const,
};

/** Deletes a bucket; one holding files needs its current file count confirmed. */
/**
 * Deletes a bucket; with `version` (the bucket page's `ETag`) only if nobody changed it since, else a
 * 412 (docs/architecture.md, "Record versions").
 */
export function deleteBucket(
  services: Services,
  bucket: Pick<Bucket, 'id' | 'file_count'>,
  version?: string | null,
): Promise<Bucket> {
  const query = bucket.file_count > 0 ? { confirm_files: bucket.file_count } : undefined;
  return services.http.delete(url(services, `/admin/buckets/${bucket.id}`), {
    query,
    headers: ifMatchHeaders(version),
  });
}

export function fetchFileUrl(
  services: Services,
  uuid: string,
  disposition: FileDisposition,
): Promise<FileUrl> {
  return services.http.get(url(services, `${filesResource.path}/${uuid}/url`), { query: { disposition } });
}

export const uploadUrl = (services: Services) => url(services, filesResource.path);

export function setGroupStatus(
  services: Services,
  id: number,
  action: 'resolve' | 'reopen',
): Promise<ErrorGroup> {
  return services.http.post(url(services, `${errorGroupsResource.path}/${id}/${action}`));
}

export interface DayRange {
  from?: string;
  to?: string;
}

export function countErrorsInRange(services: Services, range: DayRange): Promise<{ count: number }> {
  return services.http.get(url(services, `${errorsResource.path}/range-count`), { query: { ...range } });
}

export function deleteErrorsInRange(
  services: Services,
  range: DayRange,
): Promise<{ deleted: number; message: string }> {
  return services.http.post(url(services, `${errorsResource.path}/delete-range`), range);
}

/**
 * The grants' name of the retention settings (`/admin/settings` of the storage service), which has no
 * list descriptor to derive it from: the server declares the same string.
 */
export const STORAGE_SETTINGS_RESOURCE = 'storage.settings';

export function fetchStorageSettings(services: Services): Promise<StorageSettings> {
  return services.http.get(url(services, '/admin/settings'));
}

export function saveStorageSettings(services: Services, settings: StorageSettings): Promise<StorageSettings> {
  return services.http.put(url(services, '/admin/settings'), settings);
}

export type { StorageFile };
