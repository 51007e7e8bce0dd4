import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifier } from '../../notify/notifier';
import { jsonResponse, renderApp } from '../../test/test-app';
import AdminsListPage from './admins-list-page';
import UsersListPage from './users-list-page';

function person(id: number, first_name: string, status: number) {
  return {
    id,
    uid: `uid-${id}`,
    email: `${first_name.toLowerCase()}@example.com`,
    username: null,
    first_name,
    last_name: 'Lee',
    phone: null,
    country_id: 1,
    country_name: 'Ukraine',
    city_id: null,
    city_name: null,
    gender: 'female',
    birthday: '1990-05-01',
    about_me: null,
    language: 'uk-UA',
    status,
    created_at: '2025-01-15T10:30:00Z',
    updated_at: '2025-01-15T10:30:00Z',
    groups: ['ops'],
    photo: null,
  };
}

type Handler = (method: string, url: URL) => Response | undefined;

function server(handler: Handler) {
  const calls: string[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url.pathname}`);
    return handler(method, url) ?? jsonResponse(404, { message: 'Record not found' });
  }) as unknown as typeof fetch;
  return { fetchFn, calls };
}

const routes = [
  { path: '/auth/users', element: <UsersListPage /> },
  { path: '/auth/users/edit', element: <p>user edit page</p> },
  { path: '/auth/users/create', element: <p>user create page</p> },
  { path: '/auth/admins', element: <AdminsListPage /> },
];

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('users and admins list pages', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.localStorage.setItem('language_locale', 'en-US');
  });
  afterEach(() => {
    cleanup();
    for (const notice of notifier.getSnapshot()) notifier.dismiss(notice.id);
  });

  it('lists users with their translated status and reference names, and links create and edit', async () => {
    const { fetchFn } = server((method, url) =>
      method === 'GET' && url.pathname === '/auth/admin/users'
        ? jsonResponse(200, { items: [person(1, 'Ann', 1), person(2, 'Bob', 10)], total: 2, pageCount: 1 })
        : undefined,
    );
    const { router } = renderApp(routes, { path: '/auth/users', fetchFn });
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeTruthy();
    await screen.findByText('ann@example.com');
    expect(within(rowOf('ann@example.com')).getByText('Active')).toBeTruthy();
    expect(within(rowOf('ann@example.com')).getByText('Ukraine')).toBeTruthy();
    expect(within(rowOf('bob@example.com')).getByText('Deleted')).toBeTruthy();

    expect(screen.getByRole('link', { name: 'New user' }).getAttribute('href')).toBe('/auth/users/create');
    const edit = screen.getByRole('link', { name: 'Edit Ann Lee (ann@example.com)' });
    expect(edit.getAttribute('href')).toBe('/auth/users/edit?id=1');
    // A deleted user cannot be deleted again.
    expect(screen.getByRole('button', { name: 'Delete Ann Lee (ann@example.com)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete Bob Lee (bob@example.com)' })).toBeNull();

    fireEvent.click(edit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/users/edit'));
    expect(router.state.location.search).toBe('?id=1');
  });

  it('filters by country and narrows the city choices to that country', async () => {
    const { fetchFn, calls } = server((_method, url) => {
      if (url.pathname === '/auth/admin/users') {
        return jsonResponse(200, { items: [person(1, 'Ann', 1)], total: 1, pageCount: 1 });
      }
      if (url.pathname === '/auth/admin/countries/lookup') {
        return jsonResponse(200, {
          items: [
            { value: 1, label: 'Ukraine' },
            { value: 2, label: 'Poland' },
          ],
        });
      }
      if (url.pathname === '/auth/admin/cities/lookup') {
        return url.searchParams.get('country_id') === '2'
          ? jsonResponse(200, { items: [{ value: 20, label: 'Kraków' }] })
          : jsonResponse(200, { items: [{ value: 10, label: 'Kyiv' }] });
      }
      return undefined;
    });
    const { router } = renderApp(routes, { path: '/auth/users', fetchFn });
    await screen.findByText('ann@example.com');
    // Lookups load when first opened, not with the page.
    expect(calls.some((call) => call.includes('/lookup'))).toBe(false);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Filter: Country' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Poland' }));
    await waitFor(() => expect(router.state.location.search).toBe('?filter%5Bcountry_id%5D=2'));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Filter: City' }));
    expect(await screen.findByRole('option', { name: 'Kraków' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Kyiv' })).toBeNull();
  });

  it('drops the city filter when the country filter changes', async () => {
    const { fetchFn } = server((_method, url) => {
      if (url.pathname === '/auth/admin/users') {
        return jsonResponse(200, { items: [person(1, 'Ann', 1)], total: 1, pageCount: 1 });
      }
      if (url.pathname === '/auth/admin/countries/lookup') {
        return jsonResponse(200, {
          items: [
            { value: 1, label: 'Ukraine' },
            { value: 2, label: 'Poland' },
          ],
        });
      }
      if (url.pathname === '/auth/admin/cities/lookup') {
        return jsonResponse(200, { items: [{ value: 20, label: 'Kraków' }] });
      }
      return undefined;
    });
    const { router } = renderApp(routes, {
      path: '/auth/users?filter[country_id]=2&filter[city_id]=20',
      fetchFn,
    });
    const city = screen.getByRole('combobox', { name: 'Filter: City' });
    await waitFor(() => expect(city.textContent).toBe('Kraków'));

    // Kraków is none of Ukraine's cities: kept, it would match no one and show as a bare id.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Filter: Country' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Ukraine' }));
    await waitFor(() => expect(router.state.location.search).toBe('?filter%5Bcountry_id%5D=1'));
    expect(screen.getByRole('combobox', { name: 'Filter: City' }).textContent).toBe('All');
  });

  it('marks a user deleted after confirmation and refreshes the list', async () => {
    let deleted = false;
    const { fetchFn, calls } = server((method, url) => {
      if (method === 'GET' && url.pathname === '/auth/admin/users') {
        return jsonResponse(200, { items: [person(1, 'Ann', deleted ? 10 : 1)], total: 1, pageCount: 1 });
      }
      if (method === 'DELETE' && url.pathname === '/auth/admin/users/1') {
        deleted = true;
        return jsonResponse(200, person(1, 'Ann', 10));
      }
      return undefined;
    });
    renderApp(routes, { path: '/auth/users', fetchFn });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Ann Lee (ann@example.com)' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the user?' });
    expect(dialog.textContent).toContain('Ann Lee (ann@example.com) will be marked as deleted (status 10)');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls).toContain('DELETE /auth/admin/users/1'));
    expect(await within(rowOf('ann@example.com')).findByText('Deleted')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Delete Ann Lee (ann@example.com)' })).toBeNull();
    expect(notifier.getSnapshot().map((notice) => [notice.kind, notice.text])).toEqual([
      ['success', 'Record deleted'],
    ]);
  });

  it('deletes at the version the row was listed with; a record changed since is not deleted, and it says so', async () => {
    const ifMatch: (string | undefined)[] = [];
    let version = 'W/"41"';
    const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      if (init?.method === 'DELETE') {
        ifMatch.push((init.headers as Record<string, string>)['If-Match']);
        // Another administrator saved Ann after the list was read.
        return jsonResponse(412, {
          message: 'Someone else changed this record',
          current: person(1, 'Ann', 1),
        });
      }
      if (url.pathname === '/auth/admin/users') {
        return jsonResponse(200, { items: [{ ...person(1, 'Ann', 1), version }], total: 1, pageCount: 1 });
      }
      return jsonResponse(404, { message: 'Record not found' });
    }) as unknown as typeof fetch;
    renderApp(routes, { path: '/auth/users', fetchFn });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Ann Lee (ann@example.com)' }));
    version = 'W/"42"';
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the user?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(ifMatch).toEqual(['W/"41"']));
    await waitFor(() =>
      expect(notifier.getSnapshot().map((notice) => [notice.kind, notice.text])).toEqual([
        [
          'error',
          'Someone else changed this record after it was shown to you, so it was not deleted. Look at it as it is now and delete it again if you still mean to.',
        ],
      ]),
    );
    // The list is read again, so a second delete goes at the version it holds now.
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(vi.mocked(fetchFn).mock.calls.length).toBeGreaterThan(2));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Ann Lee (ann@example.com)' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete the user?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(ifMatch).toEqual(['W/"41"', 'W/"42"']));
  });

  it('does nothing when the confirmation is cancelled', async () => {
    const { fetchFn, calls } = server((method, url) =>
      method === 'GET' && url.pathname === '/auth/admin/users'
        ? jsonResponse(200, { items: [person(1, 'Ann', 1)], total: 1, pageCount: 1 })
        : undefined,
    );
    renderApp(routes, { path: '/auth/users', fetchFn });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Ann Lee (ann@example.com)' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.some((call) => call.startsWith('DELETE'))).toBe(false);
  });

  it('offers no delete on the signed-in administrator’s own row', async () => {
    const { fetchFn } = server((method, url) => {
      if (method === 'GET' && url.pathname === '/auth/admin/admins') {
        return jsonResponse(200, {
          items: [person(7, 'Root', 1), person(8, 'Eve', 1)],
          total: 2,
          pageCount: 1,
        });
      }
      if (method === 'GET' && url.pathname === '/auth/admin/profile') {
        const { id: _id, status: _status, ...profile } = person(7, 'Root', 1);
        return jsonResponse(200, profile);
      }
      return undefined;
    });
    renderApp(routes, { path: '/auth/admins', fetchFn });
    await screen.findByText('root@example.com');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Delete Root Lee (root@example.com)' })).toBeNull(),
    );
    expect(screen.getByRole('link', { name: 'Edit Root Lee (root@example.com)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Eve Lee (eve@example.com)' })).toBeTruthy();
  });

  it('shows the server’s refusal of a delete', async () => {
    // The profile is not known here, so nothing hides the row: the server's 422 is the last word.
    const { fetchFn } = server((method, url) => {
      if (method === 'GET' && url.pathname === '/auth/admin/admins') {
        return jsonResponse(200, { items: [person(7, 'Root', 1)], total: 1, pageCount: 1 });
      }
      if (method === 'DELETE' && url.pathname === '/auth/admin/admins/7') {
        return jsonResponse(422, { message: 'You cannot delete your own account' });
      }
      return undefined;
    });
    renderApp(routes, { path: '/auth/admins', fetchFn });
    expect(screen.getByRole('heading', { level: 1, name: 'Admins' })).toBeTruthy();
    expect(await within(await screen.findByRole('table')).findByText('ops')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Root Lee (root@example.com)' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the administrator?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(notifier.getSnapshot().map((notice) => [notice.kind, notice.text])).toEqual([
        ['error', 'You cannot delete your own account'],
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});
