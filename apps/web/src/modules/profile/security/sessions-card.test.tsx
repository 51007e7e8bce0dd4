import type { AdminSession } from '@pult/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifier } from '../../../notify/notifier';
import { jsonResponse, renderApp } from '../../../test/test-app';
import { SessionsCard } from './sessions-card';

const session = (id: string, overrides: Partial<AdminSession> = {}): AdminSession => ({
  id,
  created_at: '2026-11-20T08:00:00.000Z',
  last_seen_at: '2026-11-26T09:30:00.000Z',
  ip: '203.0.113.7',
  browser: 'Chrome 131',
  os: 'Windows',
  second_factor: null,
  current: false,
  ...overrides,
});

/** The sessions API over a list the test can look at: DELETE and end-others change it. */
function sessionsApi(initial: AdminSession[]) {
  let items = initial;
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input)).pathname.replace('/auth', '');
    const method = init?.method ?? 'GET';
    if (method === 'GET' && path === '/admin/sessions') return jsonResponse(200, { items });
    if (method === 'DELETE' && path.startsWith('/admin/sessions/')) {
      const id = decodeURIComponent(path.split('/').pop() ?? '');
      items = items.filter((item) => item.id !== id);
      return jsonResponse(200, { ended: 1 });
    }
    if (method === 'POST' && path === '/admin/sessions/end-others') {
      const ended = items.filter((item) => !item.current).length;
      items = items.filter((item) => item.current);
      return jsonResponse(200, { ended });
    }
    return jsonResponse(200, { items: [] });
  }) as unknown as typeof fetch;
  return { fetchFn, left: () => items.map((item) => item.id) };
}

function render(fetchFn: typeof fetch) {
  window.localStorage.setItem('access_token', 'acc');
  window.localStorage.setItem('expires_at', '4000000000');
  window.localStorage.setItem('refresh_token', 'ref');
  window.localStorage.setItem('refresh_expired_at', '4000000000');
  return renderApp([{ path: '/profile', element: <SessionsCard /> }], { path: '/profile', fetchFn });
}

describe('Profile → where you are signed in', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lists the sign-ins, marks this one, and ends another', async () => {
    const api = sessionsApi([
      session('a', { current: true, second_factor: 'totp' }),
      session('b', { browser: 'Firefox 133', os: 'Linux' }),
    ]);
    render(api.fetchFn);
    expect(await screen.findByText('Цей пристрій')).toBeTruthy();
    expect(screen.getByText(/з другим фактором/)).toBeTruthy();
    // This device offers no "end": signing out is the profile menu's.
    expect(screen.queryByRole('button', { name: 'Завершити вхід: Chrome 131, Windows' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Завершити вхід: Firefox 133, Linux' }));
    await waitFor(() => expect(api.left()).toEqual(['a']));
    await waitFor(() => expect(screen.queryByText(/Firefox 133/)).toBeNull());
    expect(screen.queryByRole('button', { name: 'Вийти на всіх інших пристроях' })).toBeNull();
  });

  it('signs out everywhere else at once', async () => {
    const notify = vi.spyOn(notifier, 'notify');
    const api = sessionsApi([
      session('a', { current: true }),
      session('b'),
      session('c', { browser: null, os: null }),
    ]);
    render(api.fetchFn);
    expect(await screen.findByText(/Невідомий браузер/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Вийти на всіх інших пристроях' }));
    await waitFor(() => expect(api.left()).toEqual(['a']));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Завершено 2 входи'));
  });
});
