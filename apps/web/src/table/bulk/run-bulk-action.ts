import {
  BULK_BATCH_SIZE,
  type BulkResult,
  type ListQuery,
  listQueryToParams,
  type ResourceDescriptor,
} from '@pult/contract';
import type { Services } from '../../app/services';
import type { RecordId } from '../../resources/resource-api';

export interface BulkSummary {
  updated: number;
  /** By reason, in the order first met. */
  skipped: Map<string, { text: string; count: number }>;
  /** Rows the server has answered for so far. */
  done: number;
}

export type BulkTarget = { ids: readonly RecordId[] } | { query: ListQuery };

/**
 * Runs a bulk action batch by batch, one request each (the server applies each in one transaction):
 * picked ids in slices of `BULK_BATCH_SIZE`, or the list's filter walked by the key the server answers.
 * Summing as it goes, so a failure part-way still says how far it got.
 */
export async function runBulkAction(
  services: Services,
  descriptor: ResourceDescriptor,
  action: { name: string; value?: string | number | boolean },
  target: BulkTarget,
  onProgress: (summary: BulkSummary) => void,
): Promise<BulkSummary> {
  const url = `${services.serviceUrl(descriptor.service, descriptor.path)}/bulk`;
  const summary: BulkSummary = { updated: 0, skipped: new Map(), done: 0 };
  const base = { action: action.name, ...(action.value === undefined ? {} : { value: action.value }) };
  const add = (result: BulkResult) => {
    summary.updated += result.updated;
    summary.done += result.updated;
    for (const skip of result.skipped) {
      const known = summary.skipped.get(skip.reason);
      summary.skipped.set(skip.reason, { text: skip.text, count: (known?.count ?? 0) + skip.count });
      summary.done += skip.count;
    }
    onProgress({ ...summary, skipped: new Map(summary.skipped) });
  };

  if ('ids' in target) {
    for (let start = 0; start < target.ids.length; start += BULK_BATCH_SIZE) {
      const ids = target.ids.slice(start, start + BULK_BATCH_SIZE);
      add(await services.http.post<BulkResult>(url, { ...base, ids }));
    }
    return summary;
  }
  const { page: _page, perPage: _perPage, sort: _sort, ...filter } = listQueryToParams(target.query);
  let after: RecordId | null = null;
  do {
    const body: Record<string, unknown> = { ...base, filter, ...(after === null ? {} : { after }) };
    const result: BulkResult = await services.http.post<BulkResult>(url, body);
    add(result);
    after = result.next;
  } while (after !== null);
  return summary;
}
