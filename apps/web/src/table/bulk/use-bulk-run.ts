import type { BulkActionDescriptor, ListQuery, ResourceDescriptor, SelectOption } from '@pult/contract';
import { useState } from 'react';
import { useServices } from '../../app/services-context';
import { useTranslation } from '../../i18n/use-translation';
import { notifier } from '../../notify/notifier';
import { resourceKeys } from '../../resources/resource-api';
import { type BulkSummary, runBulkAction } from './run-bulk-action';
import type { BulkSelection } from './use-bulk-selection';

export interface PendingBulkAction {
  action: BulkActionDescriptor;
  option?: SelectOption;
}

/** The confirm → run → summary cycle of one bulk action. */
export function useBulkRun(
  descriptor: ResourceDescriptor,
  query: ListQuery,
  selection: BulkSelection,
  count: number,
) {
  const services = useServices();
  const { t, i18n } = useTranslation();
  const [pending, setPending] = useState<PendingBulkAction | null>(null);
  const [progress, setProgress] = useState<BulkSummary | null>(null);
  const [running, setRunning] = useState(false);

  function summaryText(summary: BulkSummary): string {
    const number = new Intl.NumberFormat(i18n.language);
    const parts = [t('tableTools.bulk.summary', { updated: number.format(summary.updated) })];
    for (const skip of summary.skipped.values()) {
      parts.push(t('tableTools.bulk.skipped', { count: number.format(skip.count), reason: skip.text }));
    }
    return parts.join(', ');
  }

  async function confirm() {
    if (!pending || running || count === 0) return;
    setRunning(true);
    const target = selection.allMatching ? { query } : { ids: [...selection.ids] };
    let last: BulkSummary = { updated: 0, skipped: new Map(), done: 0 };
    try {
      last = await runBulkAction(
        services,
        descriptor,
        { name: pending.action.name, ...(pending.option ? { value: pending.option.value } : {}) },
        target,
        (summary) => {
          last = summary;
          setProgress(summary);
        },
      );
      notifier.notify('success', summaryText(last));
    } catch {
      const number = new Intl.NumberFormat(i18n.language);
      notifier.notify(
        'error',
        `${t('tableTools.bulk.failed', { done: number.format(last.done) })} ${summaryText(last)}`,
      );
    } finally {
      setRunning(false);
      setPending(null);
      setProgress(null);
      selection.clear();
      void services.queryClient.invalidateQueries({ queryKey: resourceKeys.all(descriptor) });
    }
  }

  return {
    pending,
    progress,
    running,
    ask: (next: PendingBulkAction) => setPending(next),
    dismiss: () => {
      if (!running) setPending(null);
    },
    confirm: () => void confirm(),
  };
}
