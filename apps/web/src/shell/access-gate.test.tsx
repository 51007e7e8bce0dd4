import type { MyPermissions } from '@pult/contract';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../test/test-app';
import { AccessGate } from './access-gate';
import { DrawerMenu } from './drawer-menu';

const FAR_FUTURE = String(4_000_000_000);

function storeSession() {
  window.localStorage.setItem('access_token', 'acc');
  window.localStorage.setItem('refresh_token', 'ref');
  window.localStorage.setItem('expires_at', FAR_FUTURE);
  window.localStorage.setItem('refresh_expired_at', FAR_FUTURE);
}

const support = (version: string, grants: MyPermissions['grants']): MyPermissions => ({
  admin_id: 2,
  groups: ['support'],
  version,
  grants,
  kinds: {},
  mfa_enrollment_required: false,
});

/** The API as far as the gate needs it: the admin's permissions, whatever they are at the moment. */
function permissionsApi(initial: MyPermissions) {
  let current = initial;
  const fetchFn = (async (input: RequestInfo | URL) =>
    String(input).endsWith('/admin/me/permissions')
      ? jsonResponse(200, current)
      : jsonResponse(404, { message: 'Not found' })) as typeof fetch;
  return { fetchFn, change: (next: MyPermissions) => (current = next) };
}

const routes = [
  {
    element: (
      <>
        <DrawerMenu />
        <AccessGate />
      </>
    ),
    children: [
      { path: '/auth/users', element: <p>users page</p> },
      { path: '/auth/admins', element: <p>admins page</p> },
    ],
  },
];

describe('AccessGate', () => {
  beforeEach(() => {
    window.localStorage.clear();
    storeSession();
  });
  afterEach(cleanup);

  it('opens a page the grants allow and keeps the drawer to the items they allow', async () => {
    const api = permissionsApi(support('a', [{ resource: 'auth.users', action: 'list', effect: 'allow' }]));
    renderApp(routes, { path: '/auth/users', fetchFn: api.fetchFn });
    expect(await screen.findByText('users page')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Сховище' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Користувачі' }));
    expect(await screen.findByRole('link', { name: 'Користувачі' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Адміністратори' })).toBeNull();
  });

  it('shows the in-shell no-access page on a deep link the grants do not open', async () => {
    const api = permissionsApi(support('a', [{ resource: 'auth.users', action: 'list', effect: 'allow' }]));
    renderApp(routes, { path: '/auth/admins', fetchFn: api.fetchFn });
    expect(await screen.findByRole('heading', { name: 'У вас немає доступу до цієї сторінки' })).toBeTruthy();
    expect(screen.getByText('Ваші групи: support')).toBeTruthy();
    expect(screen.queryByText('admins page')).toBeNull();
  });

  it('follows a change of the grants without a reload', async () => {
    const api = permissionsApi(support('a', [{ resource: 'auth.users', action: 'list', effect: 'allow' }]));
    const { services } = renderApp(routes, { path: '/auth/admins', fetchFn: api.fetchFn });
    await screen.findByRole('heading', { name: 'У вас немає доступу до цієї сторінки' });
    api.change(support('b', [{ resource: 'auth.*', action: 'list', effect: 'allow' }]));
    await act(() => services.permissions.refresh());
    await waitFor(() => expect(screen.getByText('admins page')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Користувачі' }));
    expect(await screen.findByRole('link', { name: 'Адміністратори' })).toBeTruthy();
  });
});
