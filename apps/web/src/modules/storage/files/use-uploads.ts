import {
  type Bucket,
  bucketsResource,
  extensionAllowed,
  extensionOf,
  filesResource,
  joinPath,
  pathError,
  toLocale,
  translateMessage,
} from '@pult/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useServices } from '../../../app/services-context';
import { isHttpError, serverMessage } from '../../../http/http-error';
import { uploadWithProgress } from '../../../http/upload-with-progress';
import type { TFunction } from '../../../i18n/i18n';
import { useTranslation } from '../../../i18n/use-translation';
import { notifier } from '../../../notify/notifier';
import { resourceKeys } from '../../../resources/resource-api';
import { uploadUrl } from '../storage-api';

/**
 * The bucket files go to, by name, with the rules the admin's grants let the panel read (none when
 * they may upload without reading buckets); the server checks every rule either way.
 */
export type UploadBucket = Pick<Bucket, 'name'> &
  Partial<Pick<Bucket, 'size_limit_mb' | 'allowed_extensions'>>;

export type UploadStatus = 'queued' | 'uploading' | 'done' | 'failed';

export interface UploadItem {
  id: number;
  name: string;
  size: number;
  status: UploadStatus;
  /** 0…1 while uploading. */
  progress: number;
  /** The server's reason (a bucket rule) or ours, when it failed. */
  error?: string;
}

/** Uploads run two at a time: enough to keep the line busy, few enough to show steady progress. */
const PARALLEL = 2;

/**
 * The upload queue of the files screen: each chosen file becomes an item with its own progress. The
 * bucket's size and extension rules are checked here first, so a file the server would refuse is not
 * sent at all; the server still decides (and sniffs the content).
 */
export function useUploads() {
  const services = useServices();
  const queryClient = useQueryClient();
  const { t, i18n } = useTranslation();
  const [items, setItems] = useState<UploadItem[]>([]);
  const nextId = useRef(1);
  const queue = useRef<{ id: number; file: File; bucket: UploadBucket; folder: string }[]>([]);
  const running = useRef(0);

  const patch = useCallback((id: number, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  const pump = useCallback(() => {
    while (running.current < PARALLEL && queue.current.length > 0) {
      const job = queue.current.shift();
      if (!job) break;
      running.current += 1;
      patch(job.id, { status: 'uploading' });
      const form = new FormData();
      form.append('bucket', job.bucket.name);
      form.append('path', joinPath(job.folder, job.file.name));
      form.append('file', job.file, job.file.name);
      uploadWithProgress(uploadUrl(services), form, {
        session: services.session,
        locale: i18n.language,
        onProgress: (loaded, total) => patch(job.id, { progress: total > 0 ? loaded / total : 0 }),
        onForbidden: (text) => notifier.notify('error', text),
      })
        .then(
          () => patch(job.id, { status: 'done', progress: 1 }),
          (error: unknown) =>
            patch(job.id, { status: 'failed', error: failureText(error) ?? t('common.saveError') }),
        )
        .finally(() => {
          running.current -= 1;
          void queryClient.invalidateQueries({ queryKey: resourceKeys.all(filesResource) });
          void queryClient.invalidateQueries({ queryKey: resourceKeys.all(bucketsResource) });
          pump();
        });
    }
  }, [services, i18n.language, patch, queryClient, t]);

  const add = useCallback(
    (files: readonly File[], bucket: UploadBucket, folder: string) => {
      const added: UploadItem[] = [];
      for (const file of files) {
        const id = nextId.current++;
        const refusal = localRefusal(file, joinPath(folder, file.name), bucket, t, i18n.language);
        added.push({
          id,
          name: file.name,
          size: file.size,
          status: refusal ? 'failed' : 'queued',
          progress: 0,
          error: refusal,
        });
        if (!refusal) queue.current.push({ id, file, bucket, folder });
      }
      setItems((current) => [...current, ...added]);
      pump();
    },
    [pump, t, i18n.language],
  );

  const busy = items.some((item) => item.status === 'queued' || item.status === 'uploading');
  return { items, add, busy, clear: () => setItems([]) };
}

function localRefusal(
  file: File,
  path: string,
  bucket: UploadBucket,
  t: TFunction,
  language: string,
): string | undefined {
  const badPath = pathError(path);
  if (badPath) return translateMessage(badPath, toLocale(language));
  const { size_limit_mb: limit, allowed_extensions: allowed } = bucket;
  if (limit !== undefined && file.size > limit * 1024 * 1024)
    return t('storage.files.tooLarge', { size: limit });
  const extension = extensionOf(file.name);
  if (allowed !== undefined && !extensionAllowed(extension, allowed)) {
    return translateMessage('extensionNotAllowed', toLocale(language), {
      ext: extension || '—',
      allowed: allowed.join(', '),
    });
  }
  return undefined;
}

/** The server's own words: a general message, or the texts of its field errors joined. */
function failureText(error: unknown): string | undefined {
  if (!isHttpError(error) || error.status === 0 || error.status >= 500) return undefined;
  const body = error.body as { message?: unknown } | null;
  if (body && typeof body.message === 'object' && body.message !== null) {
    return Object.values(body.message as Record<string, string[]>)
      .flat()
      .join(', ');
  }
  return serverMessage(error.body) ?? undefined;
}
