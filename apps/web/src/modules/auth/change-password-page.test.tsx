import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '../../test/test-app';
import ChangePasswordPage from './change-password-page';

const routes = [{ path: '/change-password', element: <ChangePasswordPage /> }];

function fetchReturning(response: () => Response) {
  return vi.fn(async (input: RequestInfo | URL) =>
    String(input).includes('/admin/settings') ? jsonResponse(200, { items: [] }) : response(),
  ) as unknown as typeof fetch;
}

describe('change-password page', () => {
  beforeEach(() => window.localStorage.setItem('language_locale', 'en-US'));
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
  });

  it('shows the invalid-code message instead of the form without a code', () => {
    renderApp(routes, { path: '/change-password', fetchFn: fetchReturning(() => jsonResponse(500, null)) });
    expect(screen.getByText('Invalid or expired code')).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toBeTruthy();
  });

  it('shows the code read-only and keeps submit disabled while a field is empty', () => {
    renderApp(routes, {
      path: '/change-password?code=abc',
      fetchFn: fetchReturning(() => jsonResponse(500, null)),
    });
    const code = screen.getByLabelText('Confirmation code') as HTMLInputElement;
    expect(code.value).toBe('abc');
    expect(code.readOnly).toBe(true);
    const submit = screen.getByRole('button', { name: 'Change password' });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'long-enough' } });
    expect(submit).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Repeat password'), { target: { value: 'long-enough' } });
    expect(submit).toHaveProperty('disabled', false);
  });

  it('validates length and match before calling the server', async () => {
    const fetchFn = fetchReturning(() => jsonResponse(200, { message: 'done' }));
    renderApp(routes, { path: '/change-password?code=abc', fetchFn });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'short' } });
    fireEvent.change(screen.getByLabelText('Repeat password'), { target: { value: 'other' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeTruthy();
    const posted = vi
      .mocked(fetchFn)
      .mock.calls.filter(([url]) => String(url).endsWith('/admin/change-password'));
    expect(posted).toHaveLength(0);
  });

  it('shows 422 texts under the fields they name', async () => {
    const fetchFn = fetchReturning(() =>
      jsonResponse(422, { message: { code: ['Invalid or expired code'] } }),
    );
    renderApp(routes, { path: '/change-password?code=abc', fetchFn });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'long-enough' } });
    fireEvent.change(screen.getByLabelText('Repeat password'), { target: { value: 'long-enough' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Invalid or expired code')).toBeTruthy();
  });
});
