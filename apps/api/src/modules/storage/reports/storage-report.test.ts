import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchReport, reportCells } from '../../../test/report-cells.js';
import {
  createBucket,
  type FilePart,
  multipart,
  openStorageTest,
  PNG_1X1,
  platformUser,
  STORAGE,
} from '../../../test/storage-factories.js';
import type { TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

/** The Storage report through real uploads: files and bytes added, and each rule's refusals counted. */
describe.each(testDatabaseKinds())('the Storage report on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;

  beforeAll(async () => {
    ({ t, admin } = await openStorageTest(kind));
  });
  afterAll(() => t?.close());

  /** An administrator's upload (`/files` for a platform user's); the status it was answered with. */
  const upload = async (
    headers: Record<string, string>,
    fields: Record<string, string>,
    file: FilePart,
    path = '/admin/files',
  ) => {
    const body = multipart(fields, file);
    const response = await t.app.inject({
      method: 'POST',
      url: `${STORAGE}${path}`,
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
    return response.statusCode;
  };

  it('counts uploads stored per bucket and uploads refused per rule', async () => {
    const bucket = await createBucket(t, admin, {
      allowed_extensions: ['png'],
      allowed_mimes: ['image/png'],
      groups: ['staff'],
    });
    const other = await createBucket(t, admin);
    const name = { bucket: bucket.name };
    expect(await upload(admin, { ...name, path: 'a.png' }, { content: PNG_1X1 })).toBe(201);
    expect(await upload(admin, { ...name, path: 'b.png' }, { content: PNG_1X1 })).toBe(201);
    expect(await upload(admin, { bucket: other.name, path: 'c.txt' }, { content: 'three' })).toBe(201);
    expect(await upload(admin, { ...name, path: 'd.txt' }, { content: 'text' })).toBe(422);
    expect(await upload(admin, { ...name, path: 'e.png' }, { content: PDF })).toBe(422);
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(1024 * 1024 + 1)]);
    expect(await upload(admin, { ...name, path: 'f.png' }, { content: big })).toBe(422);
    const outsider = await platformUser(t, ['guests']);
    expect(await upload(outsider.headers, { ...name, path: 'g.png' }, { content: PNG_1X1 }, '/files')).toBe(
      403,
    );

    const url = '/auth/admin/reports/storage?preset=last-7-days&tz=Europe/Kyiv';
    const result = await fetchReport(t, `${url}&bucket=${bucket.id}`, admin);
    const totals = (id: string) =>
      Object.fromEntries(
        (result.sections.find((section) => section.id === id)?.series ?? []).map((series) => [
          series.label ?? series.key,
          series.total,
        ]),
      );
    expect(totals('files')).toEqual({ [bucket.name]: 2 });
    expect(totals('bytes')).toEqual({ [bucket.name]: 2 * PNG_1X1.length });
    expect(totals('refusals')).toEqual({ groups: 1, extension: 1, mime: 1, size: 1 });

    // Unfiltered, the buckets come ranked by bytes added; the figures equal the files table's.
    const all = await fetchReport(t, url, admin);
    const { rows } = await sql<{ bucket: string; key: string; n: string }>`
      select to_char(date_trunc('day', created_at at time zone 'Europe/Kyiv'), 'YYYY-MM-DD') as bucket,
        bucket_id::text as key, sum(size) as n from storage_files group by 1, 2`.execute(t.db);
    expect(reportCells(all, 'bytes')).toEqual(
      Object.fromEntries(rows.map((row) => [`${row.key}@${row.bucket}`, Number(row.n)])),
    );
    const ranked = all.sections
      .find((section) => section.id === 'bytes')
      ?.series.map((series) => series.total);
    expect(ranked).toEqual([...(ranked ?? [])].sort((a, b) => (b ?? 0) - (a ?? 0)));
  });

  // Last: it takes the counters away.
  it('still tells the uploader why a file was refused when the refusal cannot be counted', async () => {
    const bucket = await createBucket(t, admin, { allowed_extensions: ['png'] });
    await sql`drop table report_upload_refusals, report_upload_refusals_daily`.execute(t.db);
    expect(await upload(admin, { bucket: bucket.name, path: 'x.txt' }, { content: 'text' })).toBe(422);
  });
});
