import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '../test/test-app';
import { ConnectionNotice } from './connection-notice';

describe('ConnectionNotice', () => {
  beforeEach(() => window.localStorage.setItem('language_locale', 'en-US'));
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
  });

  it('appears when a call gets no answer and goes once "Retry now" reaches the service', async () => {
    let serverUp = false;
    const fetchFn = vi.fn(async () => {
      if (!serverUp) throw new TypeError('Failed to fetch');
      return jsonResponse(200, {});
    }) as unknown as typeof fetch;
    const { services } = renderApp([{ path: '/', element: <ConnectionNotice /> }], { path: '/', fetchFn });
    expect(screen.queryByRole('status')).toBeNull();

    await act(() =>
      services.http.get('http://api.test/auth/admin/profile', { auth: false }).catch(() => null),
    );
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain('The service cannot be reached.');
    expect(notice.textContent).toMatch(/Retrying in 2 seconds/);

    serverUp = true;
    fireEvent.click(screen.getByRole('button', { name: 'Retry now' }));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(services.connectivity.getSnapshot()).toEqual({ status: 'online' });
  });
});
