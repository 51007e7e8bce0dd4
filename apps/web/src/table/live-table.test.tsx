import type { LiveChange, ResourceDescriptor } from '@pult/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveHubProvider } from '../live/live-context';
import { createLiveHub } from '../live/live-hub';
import { jsonResponse, renderApp } from '../test/test-app';
import { ResourceTable } from './resource-table';

const things: ResourceDescriptor = {
  name: 'things',
  service: 'auth',
  path: '/admin/things',
  fields: [
    { name: 'id', label: 'common.fields.id', sortable: true, display: { kind: 'text' } },
    { name: 'email', label: 'people.fields.email', sortable: true, display: { kind: 'text' } },
  ],
  defaultSort: '-id',
};

function change(op: LiveChange['op'], id: string | null): LiveChange {
  return {
    resource: 'auth.things',
    id,
    op,
    version: op === 'update' ? 'W/"9"' : null,
    actor: { id: 2, name: 'Emily Carter' },
    at: '2026-11-26T14:02:00.000Z',
  };
}

/** A list of ten rows, newest first, whose emails and size the test changes as another admin would. */
function server() {
  const rows = new Map<number, string>();
  for (let id = 1; id <= 10; id += 1) rows.set(id, `user${id}@example.com`);
  const urls: URL[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    urls.push(url);
    const items = [...rows.entries()]
      .sort((a, b) => b[0] - a[0])
      .slice(0, 5)
      .map(([id, email]) => ({ id, email }));
    return jsonResponse(200, { items, total: rows.size, pageCount: Math.ceil(rows.size / 5) });
  }) as unknown as typeof fetch;
  return { rows, urls, fetchFn };
}

function renderTable(path = '/things?perPage=5') {
  const hub = createLiveHub();
  const api = server();
  const view = renderApp(
    [
      {
        path: '/things',
        element: (
          <LiveHubProvider hub={hub}>
            <ResourceTable descriptor={things} label="Things" />
          </LiveHubProvider>
        ),
      },
    ],
    { path, fetchFn: api.fetchFn },
  );
  return { ...view, ...api, hub };
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const emails = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent);

describe('ResourceTable and live changes', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.localStorage.setItem('language_locale', 'en-US');
  });
  afterEach(cleanup);

  it('reads a changed row again in place and highlights it', async () => {
    const { hub, rows, urls } = renderTable();
    expect(await screen.findByText('user8@example.com')).toBeTruthy();
    rows.set(8, 'renamed@example.com');
    act(() => hub.publishChange(change('update', '8')));
    expect(await screen.findByText('renamed@example.com')).toBeTruthy();
    expect(rowOf('renamed@example.com').dataset.live).toBe('updated');
    expect(emails()).toEqual([
      'user10@example.com',
      'user9@example.com',
      'renamed@example.com',
      'user7@example.com',
      'user6@example.com',
    ]);
    expect(urls).toHaveLength(2);
    // The highlight fades after 2 s.
    await waitFor(() => expect(rowOf('renamed@example.com').dataset.live).toBeUndefined(), { timeout: 3000 });
  });

  it('does not shift the list for new records: "N new — show" reads page 1 when asked', async () => {
    const { hub, rows } = renderTable();
    expect(await screen.findByText('user10@example.com')).toBeTruthy();
    rows.set(11, 'new11@example.com');
    rows.set(12, 'new12@example.com');
    act(() => {
      hub.publishChange(change('insert', '11'));
      hub.publishChange(change('insert', '12'));
      hub.publishChange(change('insert', '12'));
    });
    const show = await screen.findByRole('button', { name: '2 new — show' });
    expect(screen.getByRole('status', { hidden: true }).textContent).toContain('New records: 2');
    expect(screen.queryByText('new12@example.com')).toBeNull();
    fireEvent.click(show);
    expect(await screen.findByText('new12@example.com')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /new — show/ })).toBeNull();
  });

  it('"N new — show" on another page goes to page 1 of the current sort', async () => {
    const { hub, router } = renderTable('/things?perPage=5&page=2&sort=-email');
    expect(await screen.findByText('user10@example.com')).toBeTruthy();
    act(() => hub.publishChange(change('insert', '11')));
    fireEvent.click(await screen.findByRole('button', { name: '1 new — show' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('page')).toBeNull());
    expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('-email');
  });

  it('forgets announcements that a reload of its own already shows (a dialog’s create, a bulk action)', async () => {
    const { hub, rows, services } = renderTable();
    expect(await screen.findByText('user10@example.com')).toBeTruthy();
    rows.set(11, 'mine@example.com');
    act(() => {
      hub.publishChange(change('insert', '11'));
      hub.publishChange(change('many', null));
    });
    expect(await screen.findByRole('button', { name: 'This list has changed — show' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 5));
    // The panel's own save reloads the list, as the form dialogs and bulk actions do.
    await act(() => services.queryClient.invalidateQueries());
    expect(await screen.findByText('mine@example.com')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: /show$/ })).toBeNull());
  });

  it('marks a deleted row until the list is read again', async () => {
    const { hub, rows } = renderTable();
    expect(await screen.findByText('user9@example.com')).toBeTruthy();
    rows.delete(9);
    act(() => hub.publishChange(change('delete', '9')));
    await waitFor(() => expect(rowOf('user9@example.com').dataset.live).toBe('deleted'));
    expect(within(rowOf('user9@example.com')).getByText('Deleted')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.queryByText('user9@example.com')).toBeNull());
  });

  it('offers to show the list again after a change it cannot follow row by row', async () => {
    const { hub, rows } = renderTable();
    expect(await screen.findByText('user10@example.com')).toBeTruthy();
    rows.set(10, 'bulk@example.com');
    act(() => hub.publishChange(change('many', null)));
    fireEvent.click(await screen.findByRole('button', { name: 'This list has changed — show' }));
    expect(await screen.findByText('bulk@example.com')).toBeTruthy();
  });
});
