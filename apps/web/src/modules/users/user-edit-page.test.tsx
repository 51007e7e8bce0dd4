import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeCall, fakeApi, storeSession } from '../../forms/resource-form/fake-api.test-support';
import { notifier } from '../../notify/notifier';
import { jsonResponse, renderApp } from '../../test/test-app';
import AdminEditPage from './admin-edit-page';
import UserEditPage from './user-edit-page';

const routes = [
  { path: '/auth/users', element: <p>users list</p> },
  { path: '/auth/users/create', element: <UserEditPage mode="create" /> },
  { path: '/auth/users/edit', element: <UserEditPage mode="edit" /> },
  { path: '/auth/admins/edit', element: <AdminEditPage mode="edit" /> },
];

const ANN = {
  id: 5,
  uid: 'u-5',
  email: 'ann@example.com',
  username: null,
  first_name: 'Ann',
  last_name: 'Lee',
  phone: null,
  country_id: 1,
  country_name: 'Ukraine',
  city_id: 11,
  city_name: 'Kyiv',
  gender: 'female',
  birthday: '1990-04-01',
  about_me: null,
  language: 'uk-UA',
  status: 1,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
};

function lookups(call: FakeCall): Response | undefined {
  if (call.path === '/admin/countries/lookup') {
    return jsonResponse(200, {
      items: [
        { value: 1, label: 'Ukraine' },
        { value: 2, label: 'Poland' },
      ],
    });
  }
  if (call.path === '/admin/cities/lookup') {
    const cities =
      call.query.country_id === '1' ? [{ value: 11, label: 'Kyiv' }] : [{ value: 21, label: 'Warsaw' }];
    return jsonResponse(200, { items: cities });
  }
  return undefined;
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const notices = () => notifier.getSnapshot().map((notice) => notice.text);

describe('user create/edit page', () => {
  beforeEach(storeSession);
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
    for (const notice of notifier.getSnapshot()) notifier.dismiss(notice.id);
  });

  it('checks required fields, the e-mail and the password repeat before sending', async () => {
    const api = fakeApi(lookups);
    renderApp(routes, { path: '/auth/users/create', fetchFn: api.fetchFn });
    expect(screen.getByText('Create')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('This field is required')).length).toBeGreaterThanOrEqual(5);

    type('E-mail', 'not-an-email');
    type('Password', 'long-enough');
    type('Repeat password', 'different!');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('E-mail must be valid')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(api.sent('POST', '/admin/users')).toHaveLength(0);
  });

  it('shows a typed password on request', () => {
    renderApp(routes, { path: '/auth/users/create', fetchFn: fakeApi(lookups).fetchFn });
    expect(field('Password').type).toBe('password');
    fireEvent.click(screen.getAllByRole('button', { name: 'Show password' })[0] as HTMLElement);
    expect(field('Password').type).toBe('text');
    expect(screen.getAllByRole('button', { name: 'Hide password' })).toHaveLength(1);
  });

  it('sends the parsed form, announces the save and goes back to the list', async () => {
    const api = fakeApi((call) =>
      call.method === 'POST' && call.path === '/admin/users' ? jsonResponse(201, ANN) : lookups(call),
    );
    const { router } = renderApp(routes, { path: '/auth/users/create', fetchFn: api.fetchFn });
    type('E-mail', 'ann@example.com');
    type('Password', 'long-enough');
    type('Repeat password', 'long-enough');
    type('First name', 'Ann');
    type('Last name', 'Lee');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/users'));
    expect(api.sent('POST', '/admin/users')[0]?.body).toEqual({
      email: 'ann@example.com',
      password: 'long-enough',
      password_repeat: 'long-enough',
      first_name: 'Ann',
      last_name: 'Lee',
      username: null,
      phone: null,
      country_id: null,
      city_id: null,
      gender: null,
      birthday: null,
      about_me: null,
      groups: [],
      // A new account takes the panel's language and is active.
      language: 'en-US',
      status: 1,
    });
    expect(notices()).toContain('Changes saved');
  });

  it('shows a server 422 text under the field it names', async () => {
    const api = fakeApi((call) =>
      call.method === 'POST'
        ? jsonResponse(422, { message: { email: ['This e-mail is already taken'] } })
        : lookups(call),
    );
    const { router } = renderApp(routes, { path: '/auth/users/create', fetchFn: api.fetchFn });
    type('E-mail', 'ann@example.com');
    type('Password', 'long-enough');
    type('Repeat password', 'long-enough');
    type('First name', 'Ann');
    type('Last name', 'Lee');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const text = await screen.findByText('This e-mail is already taken');
    expect(field('E-mail').getAttribute('aria-describedby')).toBe(text.id);
    expect(router.state.location.pathname).toBe('/auth/users/create');
    expect(notices()).toContain('Failed to save changes');
  });

  it('loads the record, sends only the writable fields and keeps the city of the record', async () => {
    const api = fakeApi((call) => {
      if (call.path === '/admin/users/5') return jsonResponse(200, ANN);
      return lookups(call);
    });
    const { router } = renderApp(routes, { path: '/auth/users/edit?id=5', fetchFn: api.fetchFn });
    expect((await screen.findByDisplayValue('ann@example.com')).tagName).toBe('INPUT');
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    await waitFor(() => expect(field('City').value).toBe('Kyiv'));
    type('Last name', 'Lee-Smith');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/users'));
    const [put] = api.sent('PUT', '/admin/users/5');
    expect(put?.body).toMatchObject({
      last_name: 'Lee-Smith',
      country_id: 1,
      city_id: 11,
      birthday: '1990-04-01',
    });
    expect(Object.keys(put?.body as object)).not.toContain('id');
    expect(Object.keys(put?.body as object)).not.toContain('password');
  });

  it("takes and shows the birthday in the UI language's form and sends it as an ISO day", async () => {
    const api = fakeApi((call) => {
      if (call.method === 'PUT') return jsonResponse(200, ANN);
      return call.path === '/admin/users/5' ? jsonResponse(200, ANN) : lookups(call);
    });
    const { router, i18n } = renderApp(routes, { path: '/auth/users/edit?id=5', fetchFn: api.fetchFn });
    await waitFor(() => expect(field('Birthday').value).toBe('04/01/1990'));

    type('Birthday', '02/30/1991');
    fireEvent.blur(field('Birthday'));
    const error = await screen.findByText('Enter a real date as MM/DD/YYYY, e.g. 11/23/2026');
    expect(field('Birthday').getAttribute('aria-describedby')).toBe(error.id);
    expect(field('Birthday').getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field('Birthday')).toBe(document.activeElement));
    expect(api.sent('PUT', '/admin/users/5')).toHaveLength(0);

    type('Birthday', '5/6/1991');
    fireEvent.blur(field('Birthday'));
    await waitFor(() => expect(screen.queryByText(error.textContent ?? '')).toBeNull());
    expect(field('Birthday').value).toBe('05/06/1991');
    await act(() => i18n.changeLanguage('uk-UA'));
    expect(field('Дата народження').value).toBe('06.05.1991');
    fireEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/users'));
    expect(api.sent('PUT', '/admin/users/5')[0]?.body).toMatchObject({ birthday: '1991-05-06' });
  });

  it('empties the city when another country is chosen', async () => {
    const api = fakeApi((call) => (call.path === '/admin/users/5' ? jsonResponse(200, ANN) : lookups(call)));
    renderApp(routes, { path: '/auth/users/edit?id=5', fetchFn: api.fetchFn });
    await waitFor(() => expect(field('City').value).toBe('Kyiv'));

    const country = field('Country');
    fireEvent.mouseDown(country);
    fireEvent.click(within(await screen.findByRole('listbox')).getByText('Poland'));
    await waitFor(() => expect(field('Country').value).toBe('Poland'));
    expect(field('City').value).toBe('');
    await waitFor(() => expect(api.calls.some((call) => call.query.country_id === '2')).toBe(true));
  });

  it('says the record is not found for a 404 or a missing id', async () => {
    const api = fakeApi(() => undefined);
    renderApp(routes, { path: '/auth/users/edit?id=404', fetchFn: api.fetchFn });
    expect(await screen.findByText('Record not found')).toBeTruthy();
    cleanup();

    const none = fakeApi(() => undefined);
    renderApp(routes, { path: '/auth/users/edit?id=abc', fetchFn: none.fetchFn });
    expect(screen.getByText('Record not found')).toBeTruthy();
    expect(none.calls).toHaveLength(0);
  });

  it("shows the server's refusal to lock one's own account under the status", async () => {
    const admin = { ...ANN, photo: null, groups: ['ops'] };
    const api = fakeApi((call) => {
      if (call.method === 'GET' && call.path === '/admin/admins/5') return jsonResponse(200, admin);
      if (call.method === 'PUT') {
        return jsonResponse(422, { message: { status: ['You cannot lock or deactivate your own account'] } });
      }
      return lookups(call);
    });
    renderApp(routes, { path: '/auth/admins/edit?id=5', fetchFn: api.fetchFn });
    await screen.findByDisplayValue('ann@example.com');
    expect(screen.getByText('ops')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You cannot lock or deactivate your own account')).toBeTruthy();
    expect(api.sent('PUT', '/admin/admins/5')[0]?.body).toMatchObject({ groups: ['ops'] });
  });
});
