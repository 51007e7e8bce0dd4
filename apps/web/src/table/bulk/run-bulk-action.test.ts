import { BULK_BATCH_SIZE, type BulkResult, EMPTY_LIST_QUERY, usersResource } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import type { Services } from '../../app/services';
import { runBulkAction } from './run-bulk-action';

/** A Services stand-in whose `http.post` answers from a script and records what it was sent. */
function fakeServices(answer: (body: Record<string, unknown>) => BulkResult) {
  const sent: Record<string, unknown>[] = [];
  const services = {
    serviceUrl: (_service: string, path: string) => `http://api.test/auth${path}`,
    http: {
      post: async (url: string, body: Record<string, unknown>) => {
        expect(url).toBe('http://api.test/auth/admin/users/bulk');
        sent.push(body);
        return answer(body);
      },
    },
  } as unknown as Services;
  return { services, sent };
}

describe('runBulkAction', () => {
  it('sends picked ids in slices of one batch and sums the answers by reason', async () => {
    const ids = Array.from({ length: BULK_BATCH_SIZE + 20 }, (_, index) => index + 1);
    const { services, sent } = fakeServices((body) => {
      const count = (body.ids as number[]).length;
      return {
        updated: count - 1,
        skipped: [{ reason: 'bulkOwnAccount', text: 'own account', count: 1 }],
        next: null,
      };
    });
    const progress: number[] = [];
    const summary = await runBulkAction(
      services,
      usersResource,
      { name: 'setStatus', value: 2 },
      { ids },
      (s) => progress.push(s.done),
    );
    expect(sent.map((body) => (body.ids as number[]).length)).toEqual([BULK_BATCH_SIZE, 20]);
    expect(sent[0]).toMatchObject({ action: 'setStatus', value: 2 });
    expect(summary.updated).toBe(ids.length - 2);
    expect(summary.skipped.get('bulkOwnAccount')).toEqual({ text: 'own account', count: 2 });
    expect(progress).toEqual([BULK_BATCH_SIZE, ids.length]);
  });

  it('walks a filter with the key the server answers until it says there is no more', async () => {
    const nexts = [500, 1000, null];
    const { services, sent } = fakeServices(() => ({
      updated: 500,
      skipped: [],
      next: nexts.shift() ?? null,
    }));
    const query = {
      ...EMPTY_LIST_QUERY,
      page: 3,
      sort: [{ field: 'email', direction: 'asc' as const }],
      filters: { email: 'ann' },
    };
    const summary = await runBulkAction(services, usersResource, { name: 'delete' }, { query }, () => {});
    expect(sent).toEqual([
      { action: 'delete', filter: { 'filter[email]': 'ann' } },
      { action: 'delete', filter: { 'filter[email]': 'ann' }, after: 500 },
      { action: 'delete', filter: { 'filter[email]': 'ann' }, after: 1000 },
    ]);
    expect(summary.updated).toBe(1500);
  });
});
