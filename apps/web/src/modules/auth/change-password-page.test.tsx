import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPublic } from '../../test/render-public';
import { jsonResponse } from '../../test/test-app';

function fetchReturning(response: () => Response) {
  return vi.fn(async (input: RequestInfo | URL) =>
    String(input).includes('/admin/settings') ? jsonResponse(200, { items: [] }) : response(),
  ) as unknown as typeof fetch;
}

describe('change-password page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows the invalid-code message instead of the form without a code', () => {
    renderPublic('/change-password', {
      fetchFn: fetchReturning(() => jsonResponse(500, null)),
      locale: 'en-US',
    });
    expect(screen.getByText('Invalid or expired code')).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toBeTruthy();
  });

  it('shows the code read-only and keeps submit disabled while a field is empty', () => {
    renderPublic('/change-password?code=abc', {
      fetchFn: fetchReturning(() => jsonResponse(500, null)),
      locale: 'en-US',
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
    renderPublic('/change-password?code=abc', { fetchFn, locale: 'en-US' });
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
    renderPublic('/change-password?code=abc', { fetchFn, locale: 'en-US' });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'long-enough' } });
    fireEvent.change(screen.getByLabelText('Repeat password'), { target: { value: 'long-enough' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Invalid or expired code')).toBeTruthy();
  });

  it('clears "do not match" as the repeat is corrected, then changes the password and goes to / after 2 s', async () => {
    const fetchFn = fetchReturning(() => jsonResponse(200, { message: 'Password changed by the server' }));
    renderPublic('/change-password?code=abc', { fetchFn, locale: 'en-US' });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'long-enough' } });
    fireEvent.change(screen.getByLabelText('Repeat password'), { target: { value: 'long-enougH' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Repeat password'), { target: { value: 'long-enough' } });
    expect(screen.queryByText('Passwords do not match')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('status')).textContent).toBe('Password changed by the server');
    await waitFor(() => expect(window.location.pathname).toBe('/'), { timeout: 3_000 });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});
