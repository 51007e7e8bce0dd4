import type { ResourceDescriptor } from '@pult/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '../test/test-app';
import { ResourceTable } from './resource-table';
import { loadColumns, loadView, orderColumns, saveView } from './table-prefs';

const gadgets: ResourceDescriptor = {
  name: 'gadgets',
  service: 'auth',
  path: '/admin/gadgets',
  fields: [
    {
      name: 'id',
      label: 'common.fields.id',
      sortable: true,
      filter: { type: 'number' },
      display: { kind: 'text' },
    },
    {
      name: 'email',
      label: 'people.fields.email',
      sortable: true,
      filter: { type: 'text' },
      display: { kind: 'text' },
    },
    {
      name: 'created_at',
      label: 'common.fields.created_at',
      sortable: true,
      filter: { type: 'date' },
      display: { kind: 'datetime' },
    },
  ],
  defaultSort: '-created_at',
};

function listServer() {
  const urls: URL[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    urls.push(url);
    const perPage = Number(url.searchParams.get('perPage') ?? 10);
    const items = Array.from({ length: perPage }, (_, i) => ({
      id: i + 1,
      email: `g${i + 1}@example.com`,
      created_at: '2025-01-15T10:30:00Z',
    }));
    return jsonResponse(200, { items, total: 500, pageCount: Math.ceil(500 / perPage) });
  }) as unknown as typeof fetch;
  return { fetchFn, urls };
}

function renderGadgets(path: string) {
  const server = listServer();
  const view = renderApp(
    [{ path: '/gadgets', element: <ResourceTable descriptor={gadgets} label="Gadgets" /> }],
    {
      path,
      fetchFn: server.fetchFn,
    },
  );
  const search = () => new URLSearchParams(view.router.state.location.search);
  return { ...view, ...server, search };
}

/** The titles of the header row (the filter row below it has header cells too). */
const headers = () =>
  // `hidden`: while the picker is open, the page behind it is hidden from the accessibility tree.
  within(screen.getAllByRole('row', { hidden: true })[0]!)
    .getAllByRole('columnheader', { hidden: true })
    .map((cell) => cell.textContent);

describe('remembered table preferences', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.localStorage.setItem('language_locale', 'en-US');
  });
  afterEach(cleanup);

  it('keeps a view through storage, dropping what the grammar no longer accepts', () => {
    const query = {
      page: 3,
      perPage: 50 as const,
      sort: [{ field: 'email', direction: 'desc' as const }],
      filters: {},
    };
    saveView(window.localStorage, gadgets, query);
    expect(loadView(window.localStorage, gadgets)).toEqual(query);
    window.localStorage.setItem('pult.table.gadgets.view', 'perPage=7&filter[nope]=1&page=2');
    expect(loadView(window.localStorage, gadgets)).toMatchObject({ page: 2, perPage: 10, filters: {} });
    window.localStorage.setItem('pult.table.gadgets.columns', '{"order":"email"}');
    expect(loadColumns(window.localStorage, gadgets)).toBeNull();
  });

  it('orders offered columns by the preference, new columns after the known ones', () => {
    expect(orderColumns(['a', 'b', 'c', 'd'], { order: ['c', 'a', 'gone'], hidden: [] })).toEqual([
      'c',
      'a',
      'b',
      'd',
    ]);
    expect(orderColumns(['a', 'b'], null)).toEqual(['a', 'b']);
  });

  it('restores the last view of a list opened without table state, and lets a URL with state win', async () => {
    const first = renderGadgets('/gadgets?perPage=50&sort=email&page=2');
    await screen.findByText('g1@example.com');
    await waitFor(() =>
      expect(window.localStorage.getItem('pult.table.gadgets.view')).toBe('page=2&perPage=50&sort=email'),
    );
    first.unmount();

    const back = renderGadgets('/gadgets');
    await waitFor(() => expect(back.search().toString()).toBe('page=2&perPage=50&sort=email'));
    await waitFor(() => expect(back.urls.at(-1)?.searchParams.get('perPage')).toBe('50'));
    back.unmount();

    const linked = renderGadgets('/gadgets?filter[email]=g1');
    await screen.findByText('g1@example.com');
    expect(linked.search().get('perPage')).toBeNull();
    await waitFor(() =>
      expect(window.localStorage.getItem('pult.table.gadgets.view')).toBe('filter%5Bemail%5D=g1'),
    );
  });

  it('hides and reorders columns from the picker, and remembers the choice per resource', async () => {
    const first = renderGadgets('/gadgets');
    await screen.findByText('g1@example.com');
    expect(headers()).toEqual(['ID', 'E-mail', 'Created']);
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const dialog = await screen.findByRole('dialog', { name: 'Columns' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'ID' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move Created up' }));
    await waitFor(() => expect(headers()).toEqual(['Created', 'E-mail']));
    first.unmount();

    renderGadgets('/gadgets');
    await screen.findByText('g1@example.com');
    expect(headers()).toEqual(['Created', 'E-mail']);
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset columns' }));
    await waitFor(() => expect(headers()).toEqual(['ID', 'E-mail', 'Created']));
  });
});
