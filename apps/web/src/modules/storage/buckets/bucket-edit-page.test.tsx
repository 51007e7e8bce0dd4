import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, storeSession, withEtag } from '../../../forms/resource-form/fake-api.test-support';
import { notifier } from '../../../notify/notifier';
import { jsonResponse, renderApp } from '../../../test/test-app';
import BucketEditPage from './bucket-edit-page';

const routes = [
  { path: '/storage/buckets', element: <p>buckets list</p> },
  { path: '/storage/buckets/edit', element: <BucketEditPage mode="edit" /> },
];
const BUCKET_URL = '/storage/api/v1/admin/buckets/3';
const SLOW = { timeout: 5000 };

const BUCKET = {
  id: 3,
  name: 'avatars',
  access: 'public',
  size_limit_mb: 5,
  presign_expiry_seconds: 3600,
  allowed_extensions: [],
  allowed_mimes: [],
  groups: [],
  file_count: 0,
  bytes_used: 0,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
};

describe('bucket page delete', () => {
  beforeEach(storeSession);
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
    for (const notice of notifier.getSnapshot()) notifier.dismiss(notice.id);
  });

  it('deletes at the version it opened; a changed bucket is kept, said so, and reloaded on request', async () => {
    let current = { record: BUCKET, etag: 'W/"1"' };
    const api = fakeApi((call) => {
      if (call.path !== BUCKET_URL) return undefined;
      if (call.method === 'GET') return withEtag(jsonResponse(200, current.record), current.etag);
      if (call.method !== 'DELETE') return undefined;
      return call.headers['If-Match'] === current.etag
        ? jsonResponse(200, current.record)
        : withEtag(
            jsonResponse(412, { message: 'Someone else changed this record', current: current.record }),
            current.etag,
          );
    });
    const { router } = renderApp(routes, { path: '/storage/buckets/edit?id=3', fetchFn: api.fetchFn });
    const deleteBucket = async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Delete' }, SLOW));
      fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    };
    expect(await screen.findByText('avatars', {}, SLOW)).toBeTruthy();
    // Someone raised the size limit after the page opened.
    current = { record: { ...BUCKET, size_limit_mb: 50 }, etag: 'W/"2"' };
    await deleteBucket();

    const alert = await screen.findByText(/^The bucket changed since you opened it/);
    // The confirmation closes (the page is inert under it until then).
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/storage/buckets/edit');
    expect(api.sent('DELETE', BUCKET_URL).map((call) => call.headers['If-Match'])).toEqual(['W/"1"']);
    fireEvent.click(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Reload' }),
    );
    await waitFor(() => expect(screen.queryByText(/^The bucket changed since you opened it/)).toBeNull());
    expect((screen.getByLabelText(/^File limit, MB/) as HTMLInputElement).value).toBe('50');

    await deleteBucket();
    await waitFor(() => expect(router.state.location.pathname).toBe('/storage/buckets'));
    expect(api.sent('DELETE', BUCKET_URL).map((call) => call.headers['If-Match'])).toEqual([
      'W/"1"',
      'W/"2"',
    ]);
  });
});
