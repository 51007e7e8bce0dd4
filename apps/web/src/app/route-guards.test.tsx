import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '../test/test-app';
import { RedirectIfSignedIn, RequireAuth } from './route-guards';

const routes = [
  { element: <RedirectIfSignedIn />, children: [{ path: '/', element: <p>sign-in page</p> }] },
  { element: <RequireAuth />, children: [{ path: '/dashboard', element: <p>dashboard page</p> }] },
];

const fetchFn = vi.fn(async () => jsonResponse(200, { message: 'ok' })) as unknown as typeof fetch;
const FAR_FUTURE = String(4_000_000_000);

function storeSession() {
  window.localStorage.setItem('access_token', 'acc');
  window.localStorage.setItem('refresh_token', 'ref');
  window.localStorage.setItem('expires_at', FAR_FUTURE);
  window.localStorage.setItem('refresh_expired_at', FAR_FUTURE);
}

describe('route guards', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(cleanup);

  it('send a visitor without a token from a shell route to /', async () => {
    const { router } = renderApp(routes, { path: '/dashboard', fetchFn });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.getByText('sign-in page')).toBeTruthy();
  });

  it('send a signed-in administrator from / to the dashboard', async () => {
    storeSession();
    const { router } = renderApp(routes, { path: '/', fetchFn });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('react to a sign-out while a shell page is open', async () => {
    storeSession();
    const { router, services } = renderApp(routes, { path: '/dashboard', fetchFn });
    expect(screen.getByText('dashboard page')).toBeTruthy();
    await act(() => services.session.signOut({ callServer: false }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem('access_token')).toBeNull();
  });
});
