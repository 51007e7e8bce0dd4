import { MESSAGES } from '@pult/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGN_OUT_REASON_KEY } from '../../session/sign-out-reason';
import { jsonResponse, renderApp } from '../../test/test-app';
import SigninPage from './signin-page';

const routes = [
  { path: '/', element: <SigninPage /> },
  { path: '/dashboard', element: <p>dashboard page</p> },
];

const TOKENS = {
  access_token: 'acc',
  expires_at: 4_000_000_000,
  refresh_token: 'ref',
  refresh_expired_at: 4_000_000_000,
};

function settingsOr(response: () => Response): typeof fetch {
  return vi.fn(async (input: RequestInfo | URL) => {
    if (String(input).includes('/admin/settings')) return jsonResponse(200, { items: [] });
    return response();
  }) as unknown as typeof fetch;
}

function fill(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('sign-in page', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(cleanup);

  it('speaks Ukrainian by default and keeps submit disabled until both fields are filled', () => {
    renderApp(routes, { path: '/', fetchFn: settingsOr(() => jsonResponse(500, null)) });
    const submit = screen.getByRole('button', { name: 'Увійти' });
    expect(submit).toHaveProperty('disabled', true);
    fill(/Е-пошта/, 'admin@pult.local');
    expect(submit).toHaveProperty('disabled', true);
    fill(/Пароль/, 'secret');
    expect(submit).toHaveProperty('disabled', false);
    expect(screen.getByText(`© ${new Date().getFullYear()} Test Co`)).toBeTruthy();
    expect(document.title).toBe('Пульт');
  });

  it('answers Enter with an empty field with the fill-both dialog', async () => {
    renderApp(routes, { path: '/', fetchFn: settingsOr(() => jsonResponse(500, null)) });
    fill(/Пароль/, 'secret');
    fireEvent.keyDown(screen.getByLabelText(/Пароль/), { key: 'Enter' });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Введіть е-пошту та пароль');
    expect(dialog.textContent).toContain('Помилка');
  });

  it('shows the translated invalid-credentials text above the button', async () => {
    const fetchFn = settingsOr(() => jsonResponse(422, { message: MESSAGES['en-US'].invalidCredentials }));
    renderApp(routes, { path: '/', fetchFn });
    fill(/Е-пошта/, 'admin@pult.local');
    fill(/Пароль/, 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Увійти' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Невірний логін або пароль');
  });

  it('puts 422 field errors under the fields', async () => {
    const fetchFn = settingsOr(() => jsonResponse(422, { message: { password: ['Too short', 'Too weak'] } }));
    renderApp(routes, { path: '/', fetchFn });
    fill(/Е-пошта/, 'admin@pult.local');
    fill(/Пароль/, 'x');
    fireEvent.click(screen.getByRole('button', { name: 'Увійти' }));
    expect(await screen.findByText('Too short, Too weak')).toBeTruthy();
  });

  it('signs in, stores the tokens and goes to the dashboard', async () => {
    const fetchFn = settingsOr(() => jsonResponse(200, TOKENS));
    const { router } = renderApp(routes, { path: '/', fetchFn });
    fill(/Е-пошта/, ' admin@pult.local ');
    fill(/Пароль/, 'pult-admin-2026');
    fireEvent.click(screen.getByRole('button', { name: 'Увійти' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(window.localStorage.getItem('access_token')).toBe('acc');
    const signin = vi.mocked(fetchFn).mock.calls.find(([url]) => String(url).endsWith('/admin/signin'));
    expect(JSON.parse(String(signin?.[1]?.body))).toEqual({
      email: 'admin@pult.local',
      password: 'pult-admin-2026',
    });
  });

  it('reports a 200 without tokens as an invalid response', async () => {
    renderApp(routes, { path: '/', fetchFn: settingsOr(() => jsonResponse(200, { message: 'ok' })) });
    fill(/Е-пошта/, 'admin@pult.local');
    fill(/Пароль/, 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Увійти' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('Некоректна відповідь сервера');
  });

  it('tells in Ukrainian why a session ended by itself', () => {
    window.localStorage.setItem(SIGN_OUT_REASON_KEY, 'expired');
    renderApp(routes, { path: '/', fetchFn: settingsOr(() => jsonResponse(500, null)) });
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain('Ваш сеанс завершено. Увійдіть знову.');
    expect(notice.textContent).toContain('Термін дії сеансу минув.');
  });

  it('tells in English that the server refused the session', () => {
    window.localStorage.setItem('language_locale', 'en-US');
    window.localStorage.setItem(SIGN_OUT_REASON_KEY, 'rejected');
    renderApp(routes, { path: '/', fetchFn: settingsOr(() => jsonResponse(500, null)) });
    expect(screen.getByRole('status').textContent).toContain('Your session has ended. Please sign in again.');
    expect(screen.getByRole('status').textContent).toContain('it was revoked or could not be renewed');
  });

  it('says nothing after a sign-out the user chose', () => {
    renderApp(routes, { path: '/', fetchFn: settingsOr(() => jsonResponse(500, null)) });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
