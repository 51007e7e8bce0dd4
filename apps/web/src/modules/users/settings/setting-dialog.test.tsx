import type { MyPermissions } from '@pult/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RouteResourceProvider } from '../../../access/route-resource';
import { type FakeCall, fakeApi, storeSession } from '../../../forms/resource-form/fake-api.test-support';
import { jsonResponse, renderApp } from '../../../test/test-app';
import SettingsPage from '../settings-page';

const SETTING = {
  key: 'max_upload',
  type: 'integer',
  value: 10,
  is_public: false,
  updated_at: '2025-01-01T00:00:00Z',
};
const allow = (action: string) => ({ resource: 'auth.settings', action, effect: 'allow' as const });

function api(grants: MyPermissions['grants']) {
  return (call: FakeCall): Response | undefined => {
    if (call.path === '/admin/me/permissions') {
      return jsonResponse(200, {
        admin_id: 1,
        groups: ['auditor'],
        version: 'v1',
        grants,
        kinds: {},
        mfa_enrollment_required: false,
      });
    }
    if (call.method === 'GET' && call.path === '/admin/settings') {
      return jsonResponse(200, { items: [SETTING], total: 1, pageCount: 1 });
    }
    return undefined;
  };
}

async function renderSettings(grants: MyPermissions['grants']) {
  const routes = [
    {
      path: '/auth/settings',
      element: (
        <RouteResourceProvider resource="auth.settings">
          <SettingsPage />
        </RouteResourceProvider>
      ),
    },
  ];
  const view = renderApp(routes, { path: '/auth/settings', fetchFn: fakeApi(api(grants)).fetchFn });
  // Outside the shell's gate the page shows everything until the grants are known: wait for them.
  await waitFor(() => expect(view.services.permissions.getState().status).toBe('ready'));
  return view;
}

describe('setting dialog under grants', () => {
  beforeEach(storeSession);
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
  });

  it('shows a setting to an admin who may read but not update it, with nothing to save', async () => {
    await renderSettings([allow('list'), allow('read')]);
    fireEvent.click(await screen.findByRole('button', { name: 'View max_upload' }));
    const dialog = screen.getByRole('dialog');
    // In a disabled fieldset: browsers disable its inputs (jsdom does not reflect it on the input).
    expect(
      within(dialog)
        .getByLabelText(/^Value/)
        .closest('fieldset')?.disabled,
    ).toBe(true);
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Back' })).toBeTruthy();
  });

  it('offers Save to an admin who may update it', async () => {
    await renderSettings([allow('list'), allow('read'), allow('update')]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit max_upload' }));
    const dialog = screen.getByRole('dialog');
    expect(
      within(dialog)
        .getByLabelText(/^Value/)
        .closest('fieldset')?.disabled,
    ).toBe(false);
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeTruthy();
  });
});
