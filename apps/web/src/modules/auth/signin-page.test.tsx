import { MESSAGES } from '@pult/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGN_OUT_REASON_KEY } from '../../session/sign-out-reason';
import { renderPublic } from '../../test/render-public';
import { jsonResponse } from '../../test/test-app';

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
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('speaks Ukrainian by default and keeps submit disabled until both fields are filled', () => {
    renderPublic('/', { fetchFn: settingsOr(() => jsonResponse(500, null)) });
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
    renderPublic('/', { fetchFn: settingsOr(() => jsonResponse(500, null)) });
    fill(/Пароль/, 'secret');
    fireEvent.keyDown(screen.getByLabelText(/Пароль/), { key: 'Enter' });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Введіть е-пошту та пароль');
    expect(dialog.textContent).toContain('Помилка');
  });

  it('shows the translated invalid-credentials text above the button', async () => {
    const fetchFn = settingsOr(() => jsonResponse(422, { message: MESSAGES['en-US'].invalidCredentials }));
    renderPublic('/', { fetchFn });
    fill(/Е-пошта/, 'admin@pult.local');
    fill(/Пароль/, 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Увійти' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Невірний логін або пароль');
  });

  it('puts 422 field errors under the fields', async () => {
    const fetchFn = settingsOr(() => jsonResponse(422, { message: { password: ['Too short', 'Too weak'] } }));
    renderPublic('/', { fetchFn });
    fill(/Е-пошта/, 'admin@pult.local');
    fill(/Пароль/, 'x');
    fireEvent.click(screen.getByRole('button', { name: 'Увійти' }));
    expect(await screen.findByText('Too short, Too weak')).toBeTruthy();
  });

  it('signs in, stores the tokens and goes to the dashboard', async () => {
    const fetchFn = settingsOr(() => jsonResponse(200, TOKENS));
    const { openPanel } = renderPublic('/', { fetchFn });
    fill(/Е-пошта/, ' admin@pult.local ');
    fill(/Пароль/, 'pult-admin-2026');
    fireEvent.click(screen.getByRole('button', { name: 'Увійти' }));
    await waitFor(() => expect(openPanel).toHaveBeenCalledWith(TOKENS));
    const signin = vi.mocked(fetchFn).mock.calls.find(([url]) => String(url).endsWith('/admin/signin'));
    expect(JSON.parse(String(signin?.[1]?.body))).toEqual({
      email: 'admin@pult.local',
      password: 'pult-admin-2026',
    });
  });

  it('reports a 200 without tokens as an invalid response', async () => {
    renderPublic('/', { fetchFn: settingsOr(() => jsonResponse(200, { message: 'ok' })) });
    fill(/Е-пошта/, 'admin@pult.local');
    fill(/Пароль/, 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Увійти' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('Некоректна відповідь сервера');
  });

  it('tells in Ukrainian why a session ended by itself', () => {
    window.localStorage.setItem(SIGN_OUT_REASON_KEY, 'expired');
    renderPublic('/', { fetchFn: settingsOr(() => jsonResponse(500, null)) });
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain('Ваш сеанс завершено. Увійдіть знову.');
    expect(notice.textContent).toContain('Термін дії сеансу минув.');
  });

  it('tells in English that the server refused the session', () => {
    window.localStorage.setItem(SIGN_OUT_REASON_KEY, 'rejected');
    renderPublic('/', { fetchFn: settingsOr(() => jsonResponse(500, null)), locale: 'en-US' });
    expect(screen.getByRole('status').textContent).toContain('Your session has ended. Please sign in again.');
    expect(screen.getByRole('status').textContent).toContain('it was revoked or could not be renewed');
  });

  it('says nothing after a sign-out the user chose', () => {
    renderPublic('/', { fetchFn: settingsOr(() => jsonResponse(500, null)) });
    expect(screen.queryByRole('status')).toBeNull();
  });

  describe('second step (issue 21)', () => {
    const CHALLENGE = { mfa_required: true, mfa_token: 'mfa-1', methods: ['totp', 'recovery'] };

    function mfaServer(second: (body: Record<string, string>) => Response) {
      return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (url.includes('/admin/settings')) return jsonResponse(200, { items: [] });
        if (url.endsWith('/admin/signin/mfa')) return second(JSON.parse(String(init?.body)));
        if (url.endsWith('/admin/signin')) return jsonResponse(200, CHALLENGE);
        return jsonResponse(500, null);
      }) as unknown as typeof fetch;
    }

    async function passFirstStep() {
      fill(/Е-пошта/, 'admin@pult.local');
      fill(/Пароль/, 'pult-admin-2026');
      fireEvent.click(screen.getByRole('button', { name: 'Увійти' }));
      return screen.findByLabelText(/Код автентифікатора/);
    }

    it('asks for the code, sends it with the token and signs in', async () => {
      const fetchFn = mfaServer(() => jsonResponse(200, TOKENS));
      const { openPanel } = renderPublic('/', { fetchFn });
      const code = await passFirstStep();
      expect(screen.getByRole('heading', { name: 'Підтвердження входу' })).toBeTruthy();
      expect(code.getAttribute('autocomplete')).toBe('one-time-code');
      expect(code.getAttribute('inputmode')).toBe('numeric');
      expect(document.activeElement).toBe(code);
      fireEvent.change(code, { target: { value: '123 456' } });
      fireEvent.click(screen.getByRole('button', { name: 'Підтвердити' }));
      await waitFor(() => expect(openPanel).toHaveBeenCalledWith(TOKENS));
      const call = vi.mocked(fetchFn).mock.calls.find(([url]) => String(url).endsWith('/signin/mfa'));
      expect(JSON.parse(String(call?.[1]?.body))).toEqual({ mfa_token: 'mfa-1', code: '123456' });
    });

    it('shows a wrong code under the field and the limit above the button', async () => {
      let calls = 0;
      const fetchFn = mfaServer(() => {
        calls += 1;
        return calls === 1
          ? jsonResponse(422, { message: { code: ['Неправильний або вже використаний код'] } })
          : jsonResponse(429, { message: 'Забагато неправильних кодів. Спробуйте через 15 хв.' });
      });
      renderPublic('/', { fetchFn });
      const code = await passFirstStep();
      fireEvent.change(code, { target: { value: '000000' } });
      fireEvent.click(screen.getByRole('button', { name: 'Підтвердити' }));
      expect(await screen.findByText('Неправильний або вже використаний код')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Підтвердити' }));
      expect((await screen.findByRole('alert')).textContent).toContain('Забагато неправильних кодів');
    });

    it('takes a recovery code instead', async () => {
      const fetchFn = mfaServer(() => jsonResponse(200, TOKENS));
      const { openPanel } = renderPublic('/', { fetchFn });
      await passFirstStep();
      fireEvent.click(screen.getByRole('button', { name: 'Використати код відновлення' }));
      fireEvent.change(await screen.findByLabelText(/Код відновлення/), { target: { value: 'abcde-fgh23' } });
      fireEvent.click(screen.getByRole('button', { name: 'Підтвердити' }));
      await waitFor(() => expect(openPanel).toHaveBeenCalledWith(TOKENS));
      const call = vi.mocked(fetchFn).mock.calls.find(([url]) => String(url).endsWith('/signin/mfa'));
      expect(JSON.parse(String(call?.[1]?.body))).toEqual({
        mfa_token: 'mfa-1',
        recovery_code: 'abcde-fgh23',
      });
    });

    it('goes back to the password when the step has expired, and on Back', async () => {
      const fetchFn = mfaServer(() =>
        jsonResponse(422, { message: { mfa_token: ['Цей крок входу прострочений'] } }),
      );
      renderPublic('/', { fetchFn });
      const code = await passFirstStep();
      fireEvent.change(code, { target: { value: '123456' } });
      fireEvent.click(screen.getByRole('button', { name: 'Підтвердити' }));
      expect((await screen.findByRole('alert')).textContent).toBe(
        'Час на підтвердження входу минув. Введіть пароль ще раз.',
      );
      expect((screen.getByLabelText(/Е-пошта/) as HTMLInputElement).value).toBe('admin@pult.local');
      expect((screen.getByLabelText(/Пароль/) as HTMLInputElement).value).toBe('');
      fill(/Пароль/, 'pult-admin-2026');
      fireEvent.click(screen.getByRole('button', { name: 'Увійти' }));
      await screen.findByLabelText(/Код автентифікатора/);
      fireEvent.click(screen.getByRole('button', { name: 'Назад' }));
      expect(await screen.findByRole('heading', { name: 'Вхід' })).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();
    });
  });
});
