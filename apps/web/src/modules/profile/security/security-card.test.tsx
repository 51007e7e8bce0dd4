import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '../../../test/test-app';
import { SecurityCard } from './security-card';

/** The passkey part of the status, for cards that test the authenticator. */
const NO_PASSKEYS = { passkeys: [], passkeys_available: true };

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = 'abcdefghij'.split('').map((letter) => `${letter}bcde-fgh23`);

type Handler = (method: string, path: string, body: Record<string, unknown>) => Response;

function server(handler: Handler) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    if (url.pathname.includes('/admin/settings')) return jsonResponse(200, { items: [] });
    const body = init?.body ? JSON.parse(String(init.body)) : {};
    return handler(init?.method ?? 'GET', url.pathname.replace('/auth', ''), body);
  }) as unknown as typeof fetch;
}

function render(fetchFn: typeof fetch) {
  window.localStorage.setItem('access_token', 'acc');
  window.localStorage.setItem('expires_at', '4000000000');
  window.localStorage.setItem('refresh_token', 'ref');
  window.localStorage.setItem('refresh_expired_at', '4000000000');
  return renderApp([{ path: '/profile', element: <SecurityCard email="ann@pult.local" /> }], {
    path: '/profile',
    fetchFn,
  });
}

describe('Profile → Security', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(cleanup);

  it('enrols the authenticator: password, QR code and secret, code, recovery codes once', async () => {
    let enabled = false;
    const fetchFn = server((method, path, body) => {
      if (method === 'GET' && path === '/admin/mfa')
        return jsonResponse(200, { totp: enabled, recovery_codes_left: enabled ? 10 : 0, ...NO_PASSKEYS });
      if (path === '/admin/mfa/totp/setup')
        return body.password === 'right'
          ? jsonResponse(200, { secret: SECRET, otpauth_url: `otpauth://totp/Pult:ann?secret=${SECRET}` })
          : jsonResponse(422, { message: { password: ['Неправильний пароль'] } });
      if (path === '/admin/mfa/totp/confirm') {
        if (body.code !== '123456') return jsonResponse(422, { message: { code: ['Неправильний код'] } });
        enabled = true;
        return jsonResponse(200, { recovery_codes: CODES });
      }
      return jsonResponse(500, null);
    });
    render(fetchFn);
    expect((await screen.findByTestId('totp-state')).textContent).toBe('Вимкнено');
    fireEvent.click(screen.getByRole('button', { name: 'Налаштувати автентифікатор' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Поточний пароль/), { target: { value: 'wrong' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Далі' }));
    expect(await within(dialog).findByText('Неправильний пароль')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Поточний пароль/), { target: { value: 'right' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Далі' }));

    expect((await within(dialog).findByTestId('totp-secret')).textContent).toBe(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    const qr = within(dialog).getByRole('img', { name: 'QR-код для застосунку-автентифікатора' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    const code = within(dialog).getByLabelText(/Код із застосунку/);
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Увімкнути' }));
    expect(await within(dialog).findByText('Неправильний код')).toBeTruthy();
    fireEvent.change(code, { target: { value: '123 456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Увімкнути' }));

    const list = await within(dialog).findByRole('list', { name: 'Коди відновлення' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(dialog.textContent).toContain('їх більше не буде показано');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Я зберіг коди' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await screen.findByTestId('totp-state')).textContent).toBe('Увімкнено');
    expect(screen.getByTestId('recovery-left').textContent).toBe('Залишилось кодів відновлення: 10 з 10');
  });

  it('makes new recovery codes after a recovery code, and removes the authenticator after a code', async () => {
    let enabled = true;
    const calls: string[] = [];
    const fetchFn = server((method, path, body) => {
      if (method === 'GET' && path === '/admin/mfa')
        return jsonResponse(200, { totp: enabled, recovery_codes_left: enabled ? 2 : 0, ...NO_PASSKEYS });
      if (path.startsWith('/admin/mfa')) calls.push(`${method} ${path} ${JSON.stringify(body)}`);
      if (path === '/admin/mfa/recovery-codes') return jsonResponse(200, { recovery_codes: CODES });
      if (method === 'DELETE' && path === '/admin/mfa/totp') {
        enabled = false;
        return jsonResponse(200, { totp: false, recovery_codes_left: 0, ...NO_PASSKEYS });
      }
      return jsonResponse(500, null);
    });
    render(fetchFn);
    expect(await screen.findByText(/Кодів відновлення майже не лишилось/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Створити нові коди відновлення' }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Використати код відновлення' }));
    fireEvent.change(within(dialog).getByLabelText(/Код відновлення/), { target: { value: 'abcde-fgh23' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Створити' }));
    expect(await within(dialog).findByRole('list', { name: 'Коди відновлення' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Я зберіг коди' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Вимкнути автентифікатор' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Код автентифікатора/), { target: { value: '654321' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Вимкнути' }));
    await waitFor(() => expect(screen.getByTestId('totp-state').textContent).toBe('Вимкнено'));
    expect(calls).toEqual([
      'POST /admin/mfa/recovery-codes {"recovery_code":"abcde-fgh23"}',
      'DELETE /admin/mfa/totp {"code":"654321"}',
    ]);
  });
});
