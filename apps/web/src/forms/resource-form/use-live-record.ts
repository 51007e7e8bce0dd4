import type { ResourceDescriptor } from '@pult/contract';
import { useState } from 'react';
import { useServices } from '../../app/services-context';
import { isHttpError } from '../../http/http-error';
import { useTranslation } from '../../i18n/use-translation';
import { notifier } from '../../notify/notifier';
import { fetchVersionedRecord, type RecordId, type VersionedRecord } from '../../resources/resource-api';
import type { useRecordConflict } from './use-record-conflict';
import { useRecordNews } from './use-record-news';

export interface UseLiveRecordOptions {
  resource: ResourceDescriptor;
  /** The record the form edits; none (a create form) follows nothing. */
  recordId: RecordId | undefined;
  /** The form's version and conflict state: a reload resets it, a compare opens its dialog. */
  versioned: Pick<ReturnType<typeof useRecordConflict>, 'version' | 'reload' | 'compare'>;
  /** The form's own save is on its way. */
  saving: boolean;
  /** After a reload, with the record now (the page's copy of it can follow). */
  onReloaded?: (now: VersionedRecord) => void;
  /** Reads the record with its version, when not at `<resource>/{id}` (the profile's own route). */
  read?: () => Promise<VersionedRecord>;
}

/**
 * An open form's live side, for the resource form engine and for forms of their own alike: another
 * administrator's change to the record (`news`, for `RecordNewsBanner`), and the two answers to it.
 */
export function useLiveRecord({
  resource,
  recordId,
  versioned,
  saving,
  onReloaded,
  read,
}: UseLiveRecordOptions) {
  const services = useServices();
  const { t } = useTranslation();
  const news = useRecordNews({ resource, recordId, held: versioned.version, saving, read });
  const [reading, setReading] = useState(false);

  async function readNow(): Promise<VersionedRecord | null> {
    if (recordId === undefined) return null;
    setReading(true);
    try {
      return await (read ? read() : fetchVersionedRecord(services, resource, recordId));
    } catch (error) {
      // A 403 has already been announced by the HTTP client.
      if (!isHttpError(error) || error.status !== 403) notifier.notify('error', t('live.form.readFailed'));
      return null;
    } finally {
      setReading(false);
    }
  }

  return {
    /** Another administrator changed or deleted the record while the form is open (null: nobody). */
    news: news.news,
    reading,
    /** Resets the form to the record as it is now (the caller asks first when the form is dirty). */
    reload: async () => {
      const now = await readNow();
      if (!now) return;
      versioned.reload(now);
      onReloaded?.(now);
      news.clear();
      notifier.notify('info', t('live.form.reloaded'));
    },
    /** The conflict dialog with the record as it is now, as a refused save would show it. */
    compare: async () => {
      const now = await readNow();
      if (!now) return;
      if (!versioned.compare(now)) {
        news.clear();
        notifier.notify('info', t('live.form.nothingDiffers'));
      }
    },
  };
}

export type LiveRecord = ReturnType<typeof useLiveRecord>;
