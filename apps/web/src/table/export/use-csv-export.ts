import type { ListQuery, ResourceDescriptor } from '@pult/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useServices } from '../../app/services-context';
import { useTranslation } from '../../i18n/use-translation';
import { notifier } from '../../notify/notifier';
import { type CsvDownloadProgress, fetchCsvExport, saveBlob } from './download-csv';

export interface CsvExportState {
  running: boolean;
  progress: CsvDownloadProgress;
  start: () => void;
  cancel: () => void;
}

const IDLE: CsvDownloadProgress = { rows: 0, bytes: 0 };

/** One export at a time for a table: progress while it streams, a notice when it ends or fails. */
export function useCsvExport(descriptor: ResourceDescriptor, query: ListQuery): CsvExportState {
  const services = useServices();
  const { t, i18n } = useTranslation();
  const [progress, setProgress] = useState<CsvDownloadProgress>(IDLE);
  const [running, setRunning] = useState(false);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(() => {
    if (controller.current) return;
    const abort = new AbortController();
    controller.current = abort;
    setRunning(true);
    setProgress(IDLE);
    const number = new Intl.NumberFormat(i18n.language);
    fetchCsvExport(services, descriptor, query, setProgress, abort.signal)
      .then(({ blob, fileName, rows }) => {
        saveBlob(blob, fileName);
        notifier.notify(
          'success',
          t('tableTools.export.done', { file: fileName, rows: number.format(rows) }),
        );
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        // A 403 has been announced by the HTTP client already.
        if ((error as { status?: number }).status !== 403)
          notifier.notify('error', t('tableTools.export.failed'));
      })
      .finally(() => {
        controller.current = null;
        setRunning(false);
      });
  }, [services, descriptor, query, t, i18n.language]);

  const cancel = useCallback(() => controller.current?.abort(), []);

  return { running, progress, start, cancel };
}
