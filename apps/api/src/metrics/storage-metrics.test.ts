import { afterEach, describe, expect, it } from 'vitest';
import { METRICS_TOKEN, scrapeMetrics } from '../test/scrape-metrics.js';
import { createBucket, multipart, openStorageTest, PNG_1X1, STORAGE } from '../test/storage-factories.js';
import type { TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-database.js';

describe.each(testDatabaseKinds())('storage metrics (%s)', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('counts uploads by outcome with their bytes, and ingested log and error entries', async () => {
    const opened = await openStorageTest(kind, { METRICS_TOKEN });
    t = opened.t;
    const { admin, service } = opened;
    const bucket = await createBucket(t, admin);
    const before = await scrapeMetrics(t);
    const upload = (path: string, content: Buffer) => {
      const body = multipart({ bucket: bucket.name, path }, { content });
      return t!.app.inject({
        method: 'POST',
        url: `${STORAGE}/admin/files`,
        payload: body.payload,
        headers: { ...admin, ...body.headers },
      });
    };
    expect((await upload('a.png', PNG_1X1)).statusCode).toBe(201);
    // Past the bucket's 1 MB limit: refused.
    expect((await upload('big.bin', Buffer.alloc(1_100_000, 1))).statusCode).toBeGreaterThanOrEqual(400);
    const ingest = (kindOf: 'logs' | 'errors', entries: unknown[]) =>
      t!.app.inject({
        method: 'POST',
        url: `${STORAGE}/${kindOf}`,
        headers: { ...service, 'content-type': 'application/json' },
        payload: JSON.stringify(entries),
      });
    const entry = { message: 'x', level: 'error', service: 'metrics-test' };
    expect((await ingest('logs', [entry, entry])).statusCode).toBeLessThan(300);
    expect((await ingest('errors', [entry])).statusCode).toBeLessThan(300);
    const after = await scrapeMetrics(t);
    const moved = (name: string, labels: Record<string, string> = {}) =>
      after.value(name, labels) - before.value(name, labels);
    expect(moved('pult_storage_uploads_total', { outcome: 'stored' })).toBe(1);
    expect(moved('pult_storage_uploads_total', { outcome: 'refused' })).toBe(1);
    expect(moved('pult_storage_upload_bytes_total')).toBe(PNG_1X1.length);
    expect(moved('pult_storage_ingested_total', { kind: 'log' })).toBe(2);
    expect(moved('pult_storage_ingested_total', { kind: 'error' })).toBe(1);
    expect(after.samples.some((sample) => sample.name === 'pult_storage_blob_gc_backlog')).toBe(true);
    expect(after.value('pult_storage_blob_gc_backlog')).toBeGreaterThanOrEqual(0);
  });
});
