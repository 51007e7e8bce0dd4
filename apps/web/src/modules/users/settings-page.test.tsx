import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakeCall,
  fakeApi,
  storeSession,
  withEtag,
} from '../../forms/resource-form/fake-api.test-support';
import { notifier } from '../../notify/notifier';
import { jsonResponse, renderApp } from '../../test/test-app';
import SettingsPage from './settings-page';

const routes = [{ path: '/auth/settings', element: <SettingsPage /> }];
const UPDATED = '2025-01-01T00:00:00Z';
const SETTINGS = [
  {
    key: 'availableLocales',
    type: 'json',
    value: { 'uk-UA': 'Українська', 'en-US': 'English' },
    is_public: true,
    updated_at: UPDATED,
  },
  { key: 'max_upload', type: 'integer', value: 10, is_public: false, updated_at: UPDATED },
];

function settingsApi(call: FakeCall): Response | undefined {
  if (call.method === 'GET' && call.path === '/admin/settings') {
    return jsonResponse(200, { items: SETTINGS, total: SETTINGS.length, pageCount: 1 });
  }
  // The edit dialog reads the setting's version before its first save.
  const one = SETTINGS.find((setting) => call.path === `/admin/settings/${setting.key}`);
  if (call.method === 'GET' && one) return withEtag(jsonResponse(200, one), 'W/"1"');
  if (call.method === 'GET' && call.path === '/admin/api-keys') {
    return jsonResponse(200, { items: [{ service: 'storage', prefix: 'pk_st_12', created_at: UPDATED }] });
  }
  if (call.method === 'PUT' || (call.method === 'POST' && call.path === '/admin/settings')) {
    return jsonResponse(200, { ...SETTINGS[1], ...(call.body as object) });
  }
  if (call.path === '/admin/settings/revoke-user-tokens') {
    return jsonResponse(200, { message: 'Signed out every platform user (3 sessions).', revoked: 3 });
  }
  if (call.path === '/admin/settings/regenerate-api-keys') {
    return jsonResponse(200, {
      message: 'The API keys have been replaced.',
      keys: [
        { service: 'storage', key: 'pk_st_new_secret', created_at: UPDATED },
        { service: 'chat', key: 'pk_ch_new_secret', created_at: UPDATED },
      ],
    });
  }
  return undefined;
}

const notices = () => notifier.getSnapshot().map((notice) => notice.text);
const dialog = () => screen.getByRole('dialog');

describe('settings page', () => {
  beforeEach(storeSession);
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
    for (const notice of notifier.getSnapshot()) notifier.dismiss(notice.id);
  });

  it('offers no delete for availableLocales', async () => {
    renderApp(routes, { path: '/auth/settings', fetchFn: fakeApi(settingsApi).fetchFn });
    expect(await screen.findByRole('button', { name: 'Edit availableLocales' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete availableLocales' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete max_upload' })).toBeTruthy();
    expect(await screen.findByText('pk_st_12…')).toBeTruthy();
  });

  it('edits an integer setting, refusing what is not a whole number', async () => {
    const api = fakeApi(settingsApi);
    renderApp(routes, { path: '/auth/settings', fetchFn: api.fetchFn });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit max_upload' }));
    const key = within(dialog()).getByLabelText(/^Key/) as HTMLInputElement;
    expect(key.readOnly).toBe(true);
    const value = within(dialog()).getByLabelText(/^Value/) as HTMLInputElement;
    expect(value.value).toBe('10');

    fireEvent.change(value, { target: { value: '1.5' } });
    fireEvent.blur(value);
    expect(await within(dialog()).findByText('Must be an integer')).toBeTruthy();
    expect(within(dialog()).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);

    fireEvent.change(value, { target: { value: '20' } });
    await waitFor(() => expect(within(dialog()).queryByText('Must be an integer')).toBeNull());
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PUT', '/admin/settings/max_upload')).toHaveLength(1));
    expect(api.sent('PUT', '/admin/settings/max_upload')[0]?.headers['If-Match']).toBe('W/"1"');
    expect(api.sent('PUT', '/admin/settings/max_upload')[0]?.body).toEqual({
      type: 'integer',
      value: 20,
      is_public: false,
    });
    await waitFor(() => expect(notices()).toContain('Changes saved'));
  });

  it('asks before Escape throws an edited setting away', async () => {
    const api = fakeApi(settingsApi);
    renderApp(routes, { path: '/auth/settings', fetchFn: api.fetchFn });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit max_upload' }));
    const value = within(dialog()).getByLabelText(/^Value/) as HTMLInputElement;
    fireEvent.change(value, { target: { value: '20' } });
    fireEvent.keyDown(dialog(), { key: 'Escape' });
    fireEvent.click(await screen.findByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((within(dialog()).getByLabelText(/^Value/) as HTMLInputElement).value).toBe('20');

    fireEvent.keyDown(dialog(), { key: 'Escape' });
    fireEvent.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('PUT', '/admin/settings/max_upload')).toHaveLength(0);
  });

  it('does not save JSON that does not parse', async () => {
    const api = fakeApi(settingsApi);
    renderApp(routes, { path: '/auth/settings', fetchFn: api.fetchFn });
    fireEvent.click(await screen.findByRole('button', { name: 'New setting' }));
    fireEvent.change(within(dialog()).getByLabelText(/^Key/), { target: { value: 'features' } });
    fireEvent.mouseDown(within(dialog()).getByRole('combobox', { name: /^Type/ }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByText('JSON'));
    const value = within(dialog()).getByLabelText(/^Value/);
    fireEvent.change(value, { target: { value: '{"beta": ' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findByText('Invalid JSON format')).toBeTruthy();
    expect(api.sent('POST', '/admin/settings')).toHaveLength(0);

    fireEvent.change(value, { target: { value: '{"beta": true}' } });
    await waitFor(() => expect(within(dialog()).queryByText('Invalid JSON format')).toBeNull());
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('POST', '/admin/settings')).toHaveLength(1));
    expect(api.sent('POST', '/admin/settings')[0]?.body).toEqual({
      key: 'features',
      type: 'json',
      value: { beta: true },
      is_public: false,
    });
  });

  it("removes all user tokens after confirmation and shows the server's message", async () => {
    const api = fakeApi(settingsApi);
    renderApp(routes, { path: '/auth/settings', fetchFn: api.fetchFn });
    fireEvent.click(screen.getByRole('button', { name: 'Remove all user tokens' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText(/signed out on all devices/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove all user tokens' }));
    await waitFor(() => expect(notices()).toContain('Signed out every platform user (3 sessions).'));
    expect(api.sent('POST', '/admin/settings/revoke-user-tokens')).toHaveLength(1);
  });

  it('shows new API keys once and refreshes the key list', async () => {
    const api = fakeApi(settingsApi);
    renderApp(routes, { path: '/auth/settings', fetchFn: api.fetchFn });
    await screen.findByText('pk_st_12…');
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate API keys' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Regenerate API keys' }),
    );

    const keys = await screen.findByRole('dialog', { name: 'New API keys' });
    expect(within(keys).getByText('pk_st_new_secret')).toBeTruthy();
    expect(within(keys).getByText('pk_ch_new_secret')).toBeTruthy();
    expect(within(keys).getByText(/never shown again/)).toBeTruthy();
    await waitFor(() => expect(api.sent('GET', '/admin/api-keys').length).toBeGreaterThanOrEqual(2));

    // Habit (Escape) or a stray click beside the dialog must not throw the keys away.
    fireEvent.keyDown(keys, { key: 'Escape' });
    // MUI takes a mouse-down and click on the container around the paper as a backdrop click.
    const beside = keys.closest('.MuiDialog-container') as HTMLElement;
    fireEvent.mouseDown(beside);
    fireEvent.click(beside);
    // A close would reach the screen through React Query's notification, a macrotask later.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByRole('dialog', { name: 'New API keys' })).toBeTruthy();
    expect(within(keys).getByText('pk_st_new_secret')).toBeTruthy();

    fireEvent.click(within(keys).getByRole('button', { name: 'I have saved the keys' }));
    await waitFor(() => expect(screen.queryByText('pk_st_new_secret')).toBeNull());
  });
});
