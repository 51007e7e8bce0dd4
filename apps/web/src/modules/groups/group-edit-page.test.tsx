import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakeCall,
  fakeApi,
  storeSession,
  withEtag,
} from '../../forms/resource-form/fake-api.test-support';
import { LiveHubProvider } from '../../live/live-context';
import { createLiveHub } from '../../live/live-hub';
import { notifier } from '../../notify/notifier';
import { jsonResponse, renderApp } from '../../test/test-app';
import { CATALOGUE } from './grants/catalogue.test-support';
import GroupEditPage from './group-edit-page';

const routes = [
  { path: '/auth/groups', element: <p>groups list</p> },
  { path: '/auth/groups/edit', element: <GroupEditPage mode="edit" /> },
];

// The lazy MUI tree renders slowly on a busy machine.
const SLOW = { timeout: 5000 };

const SUPPORT = {
  id: 2,
  name: 'support',
  description: 'Support agents',
  grants: [
    { resource: 'auth.users', action: 'list', effect: 'allow' },
    { resource: 'auth.users', action: 'update', effect: 'allow', fields: ['status'] },
  ],
  grant_count: 2,
  member_count: 1,
  builtin: false,
  mfa_required: false,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
};

function answers(call: FakeCall): Response | undefined {
  if (call.method !== 'GET') return undefined;
  if (call.path === '/admin/groups/2') return jsonResponse(200, SUPPORT);
  if (call.path === '/admin/permissions/catalogue') return jsonResponse(200, CATALOGUE);
  if (call.path === '/admin/groups/2/members') {
    return jsonResponse(200, {
      items: [{ id: 9, email: 'andrii@example.com', first_name: 'Andrii', last_name: 'M', status: 1 }],
    });
  }
  return undefined;
}

describe('group editor and live changes', () => {
  beforeEach(storeSession);
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
    for (const notice of notifier.getSnapshot()) notifier.dismiss(notice.id);
  });

  it("tells of another administrator's change to the open group, and Reload shows it as it is now", async () => {
    const hub = createLiveHub();
    let description = 'Support agents';
    const api = fakeApi((call) =>
      call.method === 'GET' && call.path === '/admin/groups/2'
        ? withEtag(
            jsonResponse(200, { ...SUPPORT, description }),
            description === 'Support agents' ? 'W/"1"' : 'W/"2"',
          )
        : answers(call),
    );
    renderApp(
      [
        {
          path: '/auth/groups/edit',
          element: (
            <LiveHubProvider hub={hub}>
              <GroupEditPage mode="edit" />
            </LiveHubProvider>
          ),
        },
      ],
      { path: '/auth/groups/edit?id=2', fetchFn: api.fetchFn },
    );
    expect(await screen.findByText('andrii@example.com', {}, SLOW)).toBeTruthy();
    description = 'Front-line support';
    act(() =>
      hub.publishChange({
        resource: 'auth.groups',
        id: '2',
        op: 'update',
        version: 'W/"2"',
        actor: { id: 3, name: 'Emily Carter' },
        at: '2026-11-26T14:02:30.000Z',
      }),
    );
    expect(await screen.findByText('Changed by Emily Carter at 14:02 UTC.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() =>
      expect((screen.getByLabelText(/^Description/) as HTMLInputElement).value).toBe('Front-line support'),
    );
    expect(screen.queryByText(/Changed by/)).toBeNull();
  });
});

describe('group editor', () => {
  beforeEach(storeSession);
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
    for (const notice of notifier.getSnapshot()) notifier.dismiss(notice.id);
  });

  it('edits grants in the matrix and the details, and sends them in order', async () => {
    const api = fakeApi((call) =>
      call.method === 'PUT' && call.path === '/admin/groups/2' ? jsonResponse(200, SUPPORT) : answers(call),
    );
    const { router } = renderApp(routes, { path: '/auth/groups/edit?id=2', fetchFn: api.fetchFn });
    expect(await screen.findByText('andrii@example.com', {}, SLOW)).toBeTruthy();

    // Delete: nothing → allowed → denied.
    const cell = () => screen.getByRole('button', { name: /^Users — Delete: / });
    expect(cell().getAttribute('aria-label')).toBe('Users — Delete: not granted');
    fireEvent.click(cell());
    fireEvent.click(cell());
    expect(cell().getAttribute('aria-label')).toBe('Users — Delete: denied');
    // A module action is a chip on its resource's row.
    fireEvent.click(screen.getByRole('button', { name: 'Users — Bulk: status: not granted' }));

    // The update grant lets the e-mail be written too.
    fireEvent.click(screen.getByRole('button', { name: 'Limits: Users — Update' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'E-mail' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Second factor required' }));

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/groups'));
    expect(api.sent('PUT', '/admin/groups/2')[0]?.body).toEqual({
      name: 'support',
      description: 'Support agents',
      mfa_required: true,
      grants: [
        { resource: 'auth.users', action: 'list', effect: 'allow' },
        { resource: 'auth.users', action: 'update', effect: 'allow', fields: ['email', 'status'] },
        { resource: 'auth.users', action: 'delete', effect: 'deny' },
        { resource: 'auth.users', action: 'bulk.setStatus', effect: 'allow' },
      ],
    });
  });

  it('adds a condition with the acting admin as the value', async () => {
    const api = fakeApi((call) =>
      call.method === 'PUT' && call.path === '/admin/groups/2' ? jsonResponse(200, SUPPORT) : answers(call),
    );
    renderApp(routes, { path: '/auth/groups/edit?id=2', fetchFn: api.fetchFn });
    fireEvent.click(await screen.findByRole('button', { name: 'Limits: Users — List' }, SLOW));
    fireEvent.click(screen.getByRole('button', { name: 'Add a condition' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Field' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'ID' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Value' }), { target: { value: '$actor.id' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PUT', '/admin/groups/2')).toHaveLength(1));
    const body = api.sent('PUT', '/admin/groups/2')[0]?.body as { grants: unknown[] };
    expect(body.grants[0]).toEqual({
      resource: 'auth.users',
      action: 'list',
      effect: 'allow',
      where: { id: { eq: '$actor.id' } },
    });
  });

  it("shows a 422's texts beside the grant concerned and in a summary", async () => {
    const api = fakeApi((call) =>
      call.method === 'PUT'
        ? jsonResponse(422, { message: { 'grants.1.fields': ['You can grant only what you hold yourself'] } })
        : answers(call),
    );
    renderApp(routes, { path: '/auth/groups/edit?id=2', fetchFn: api.fetchFn });
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }, SLOW));
    expect(await screen.findByText('fields: You can grant only what you hold yourself')).toBeTruthy();
    expect(screen.getByText('Users — Update: You can grant only what you hold yourself')).toBeTruthy();
    // The grant opened by itself, so what to change is in view.
    expect(screen.getByRole('button', { name: 'Limits: Users — Update' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
  });

  it('checks the grants with the contract before sending', async () => {
    const api = fakeApi(answers);
    renderApp(routes, { path: '/auth/groups/edit?id=2', fetchFn: api.fetchFn });
    fireEvent.click(await screen.findByRole('button', { name: 'Limits: Users — Update' }, SLOW));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Status' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Users — Update: This field is required')).toBeTruthy();
    expect(api.sent('PUT', '/admin/groups/2')).toHaveLength(0);
  });

  it('saves at the version it opened; on a 412 the conflict dialog shows the grants too', async () => {
    // Meanwhile another administrator let support delete users and rewrote the description.
    const theirs = {
      ...SUPPORT,
      description: 'Support and billing',
      grants: [...SUPPORT.grants, { resource: 'auth.users', action: 'delete', effect: 'allow' }],
    };
    let current = { record: SUPPORT, etag: 'W/"1"' };
    const api = fakeApi((call) => {
      if (call.method === 'GET' && call.path === '/admin/groups/2')
        return withEtag(jsonResponse(200, current.record), current.etag);
      if (call.method !== 'PUT') return answers(call);
      if (call.headers['If-Match'] !== current.etag) {
        current = { record: theirs, etag: 'W/"2"' };
        return jsonResponse(412, { message: 'Changed', current: theirs });
      }
      return withEtag(jsonResponse(200, { ...theirs, ...(call.body as object) }), 'W/"3"');
    });
    const { router } = renderApp(routes, { path: '/auth/groups/edit?id=2', fetchFn: api.fetchFn });
    expect(await screen.findByText('andrii@example.com', {}, SLOW)).toBeTruthy();
    // The form opened W/"1"; the other save lands before ours.
    current = { record: theirs, etag: 'W/"2"' };
    fireEvent.click(screen.getByRole('switch', { name: 'Second factor required' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'Someone else changed this record' }, SLOW);
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('data-field'))).toEqual([
      'description',
      'mfa_required',
      'grants',
    ]);
    expect(within(rows[2] as HTMLElement).getByText('Allowed: Users — Delete · all fields')).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: 'Grants: Theirs now' })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('radio', { name: 'Second factor required: Yours' })).toHaveProperty(
      'checked',
      true,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use the chosen values' }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    // Their grant is in the matrix now.
    expect(screen.getByRole('button', { name: /^Users — Delete: / }).getAttribute('aria-label')).toBe(
      'Users — Delete: allowed',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/groups'));
    const puts = api.sent('PUT', '/admin/groups/2');
    expect(puts.map((call) => call.headers['If-Match'])).toEqual(['W/"1"', 'W/"2"']);
    expect(puts[1]?.body).toMatchObject({
      description: 'Support and billing',
      mfa_required: true,
      grants: expect.arrayContaining([{ resource: 'auth.users', action: 'delete', effect: 'allow' }]),
    });
  });

  it('deletes at the version it opened', async () => {
    const api = fakeApi((call) => {
      if (call.method === 'GET' && call.path === '/admin/groups/2')
        return withEtag(jsonResponse(200, SUPPORT), 'W/"4"');
      return call.method === 'DELETE' ? jsonResponse(200, SUPPORT) : answers(call);
    });
    const { router } = renderApp(routes, { path: '/auth/groups/edit?id=2', fetchFn: api.fetchFn });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }, SLOW));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/groups'));
    expect(api.sent('DELETE', '/admin/groups/2')[0]?.headers['If-Match']).toBe('W/"4"');
  });
});
