import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { startS3Server, type TestS3Server } from '../../apps/api/src/test/s3-server.js';
import { type AdminApi, adminApi } from '../support/admin-api.js';
import { type PultServer, startPult } from '../support/pult-server.js';
import { createBucket, PNG_16, uploadFile } from '../support/storage-api.js';

/**
 * The files screen with the S3 driver: previews and downloads come straight from the store's
 * presigned URLs (another origin than the panel's), which the panel's CSP must let through.
 */
test.describe.configure({ mode: 'serial' });

let s3: TestS3Server;
let pult: PultServer;
let api: AdminApi;

test.beforeAll(async () => {
  s3 = await startS3Server('pult-e2e');
  pult = await startPult(s3.env);
  api = await adminApi(pult.url);
});
test.afterAll(async () => {
  await pult?.stop();
  await s3?.close();
});

test('previews and downloads a file kept in an S3 store', async ({ page }) => {
  await createBucket(api, { name: 'e2e-s3' });
  await uploadFile(api, 'e2e-s3', 'pictures/s3.png', PNG_16);
  await page.addInitScript((pair) => {
    window.localStorage.setItem('access_token', pair.access_token);
    window.localStorage.setItem('refresh_token', pair.refresh_token);
    window.localStorage.setItem('expires_at', String(pair.expires_at));
    window.localStorage.setItem('refresh_expired_at', String(pair.refresh_expired_at));
  }, api.tokens);
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) blocked.push(message.text());
  });

  await page.goto(`${pult.url}/storage/files?filter[path]=pictures`);
  await page.getByRole('button', { name: 'Переглянути s3.png' }).click();
  const image = page.getByRole('img', { name: 'Перегляд s3.png' });
  await expect(image).toHaveAttribute('src', new RegExp(`^${s3.endpoint}/`));
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(16);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Завантажити', exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('s3.png');
  expect((await readFile(await download.path())).equals(PNG_16)).toBe(true);
  expect(blocked).toEqual([]);
});
