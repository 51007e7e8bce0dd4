import type { MyPermissions } from '@pult/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RouteResourceProvider } from '../../../access/route-resource';
import {
  type FakeCall,
  fakeApi,
  storeSession,
  withEtag,
} from '../../../forms/resource-form/fake-api.test-support';
import { LiveHubProvider } from '../../../live/live-context';
import { createLiveHub, type LiveHub } from '../../../live/live-hub';
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

async function renderSettings(
  grants: MyPermissions['grants'],
  answer: (call: FakeCall) => Response | undefined = () => undefined,
  hub: LiveHub = createLiveHub(),
) {
  const routes = [
    {
      path: '/auth/settings',
      element: (
        <LiveHubProvider hub={hub}>
          <RouteResourceProvider resource="auth.settings">
            <SettingsPage />
          </RouteResourceProvider>
        </LiveHubProvider>
      ),
    },
  ];
  const fake = fakeApi((call) => answer(call) ?? api(grants)(call));
  const view = renderApp(routes, { path: '/auth/settings', fetchFn: fake.fetchFn });
  // Outside the shell's gate the page shows everything until the grants are known: wait for them.
  await waitFor(() => expect(view.services.permissions.getState().status).toBe('ready'));
  return { ...view, api: fake };
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

  it('saves at the version it reads first; a change since the list was read opens the conflict dialog', async () => {
    // Another administrator raised the limit to 20 after the list showed 10.
    const theirs = { ...SETTING, value: 20 };
    const { api: fake } = await renderSettings([allow('list'), allow('read'), allow('update')], (call) => {
      if (call.method === 'GET' && call.path === '/admin/settings/max_upload')
        return withEtag(jsonResponse(200, theirs), 'W/"2"');
      if (call.method === 'PUT')
        return withEtag(jsonResponse(200, { ...theirs, ...(call.body as object) }), 'W/"3"');
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit max_upload' }));
    const form = screen.getByRole('dialog');
    fireEvent.change(within(form).getByLabelText(/^Value/), { target: { value: '15' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

    const conflict = await screen.findByRole('dialog', { name: 'Someone else changed this record' });
    const rows = within(conflict).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('data-field'))).toEqual(['text']);
    expect(within(rows[0] as HTMLElement).getByText('20')).toBeTruthy();
    expect(fake.sent('PUT', '/admin/settings/max_upload')).toHaveLength(0);
    fireEvent.click(within(conflict).getByRole('button', { name: 'Keep all mine' }));
    await waitFor(() => expect(conflict.isConnected).toBe(false));

    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.sent('PUT', '/admin/settings/max_upload')).toHaveLength(1));
    const [put] = fake.sent('PUT', '/admin/settings/max_upload');
    expect(put?.headers['If-Match']).toBe('W/"2"');
    expect(put?.body).toMatchObject({ value: 15 });
  });

  it('saves at the version the list row carries, without reading it first', async () => {
    const { api: fake } = await renderSettings([allow('list'), allow('read'), allow('update')], (call) => {
      if (call.method === 'GET' && call.path === '/admin/settings')
        return jsonResponse(200, { items: [{ ...SETTING, version: 'W/"5"' }], total: 1, pageCount: 1 });
      if (call.method === 'PUT')
        return withEtag(jsonResponse(200, { ...SETTING, ...(call.body as object) }), 'W/"6"');
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit max_upload' }));
    const form = screen.getByRole('dialog');
    fireEvent.change(within(form).getByLabelText(/^Value/), { target: { value: '15' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.sent('PUT', '/admin/settings/max_upload')).toHaveLength(1));
    expect(fake.sent('PUT', '/admin/settings/max_upload')[0]?.headers['If-Match']).toBe('W/"5"');
    expect(fake.sent('GET', '/admin/settings/max_upload')).toHaveLength(0);
  });

  it("tells of another administrator's change to the open setting, and Reload shows it as it is now", async () => {
    const hub = createLiveHub();
    await renderSettings(
      [allow('list'), allow('read'), allow('update')],
      (call) =>
        call.method === 'GET' && call.path === '/admin/settings/max_upload'
          ? withEtag(jsonResponse(200, { ...SETTING, value: 25 }), 'W/"2"')
          : undefined,
      hub,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Edit max_upload' }));
    const form = screen.getByRole('dialog');
    act(() =>
      hub.publishChange({
        resource: 'auth.settings',
        id: 'max_upload',
        op: 'update',
        version: 'W/"2"',
        actor: { id: 3, name: 'Emily Carter' },
        at: '2026-11-26T14:02:30.000Z',
      }),
    );
    expect(await within(form).findByText('Changed by Emily Carter at 14:02 UTC.')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect((within(form).getByLabelText(/^Value/) as HTMLInputElement).value).toBe('25'));
    expect(within(form).queryByText(/Changed by/)).toBeNull();
  });

  it('says so when another administrator deletes the open setting', async () => {
    const hub = createLiveHub();
    await renderSettings([allow('list'), allow('read'), allow('update')], () => undefined, hub);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit max_upload' }));
    act(() =>
      hub.publishChange({
        resource: 'auth.settings',
        id: 'max_upload',
        op: 'delete',
        version: null,
        actor: { id: 3, name: 'Emily Carter' },
        at: '2026-11-26T14:02:30.000Z',
      }),
    );
    expect(
      await within(screen.getByRole('dialog')).findByText(/^Deleted by Emily Carter at 14:02 UTC/),
    ).toBeTruthy();
  });
});
