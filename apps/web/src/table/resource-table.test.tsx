import type { ResourceDescriptor } from '@pult/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '../test/test-app';
import { ResourceTable } from './resource-table';

const STATUS_OPTIONS = [
  { value: 1, label: 'people.status.1' },
  { value: 10, label: 'people.status.10' },
];

/** A small descriptor with one column of each filter type. */
const things: ResourceDescriptor = {
  name: 'things',
  service: 'auth',
  path: '/admin/things',
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
      name: 'status',
      label: 'people.fields.status',
      sortable: true,
      filter: { type: 'select', options: STATUS_OPTIONS },
      display: { kind: 'option', options: STATUS_OPTIONS },
    },
    { name: 'groups', label: 'people.fields.groups', sortable: false, display: { kind: 'tags' } },
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

function thing(id: number) {
  return {
    id,
    email: `user${id}@example.com`,
    status: id % 2 === 0 ? 10 : 1,
    groups: id === 1 ? ['ops', 'billing'] : [],
    created_at: '2025-01-15T10:30:00Z',
  };
}

type Answer = (url: URL) => Response | Promise<Response>;

/** Answers list requests with `answer` and records their URLs. */
function listServer(answer: Answer = pageOf(200)) {
  const urls: URL[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    urls.push(url);
    return answer(url);
  }) as unknown as typeof fetch;
  return { fetchFn, urls, last: () => urls.at(-1) };
}

function pageOf(total: number): Answer {
  return (url) => {
    const page = Number(url.searchParams.get('page') ?? 1);
    const perPage = Number(url.searchParams.get('perPage') ?? 10);
    const first = (page - 1) * perPage + 1;
    const count = Math.max(0, Math.min(perPage, total - first + 1));
    const items = Array.from({ length: count }, (_, index) => thing(first + index));
    return jsonResponse(200, { items, total, pageCount: Math.ceil(total / perPage) });
  };
}

const params = (url: URL | undefined) => Object.fromEntries(url?.searchParams ?? []);

function renderTable(path: string, answer?: Answer) {
  const server = listServer(answer);
  const view = renderApp(
    [{ path: '/things', element: <ResourceTable descriptor={things} label="Things" /> }],
    {
      path,
      fetchFn: server.fetchFn,
    },
  );
  const search = () => new URLSearchParams(view.router.state.location.search);
  return { ...view, ...server, search };
}

const header = (name: string) => screen.getByRole('columnheader', { name });

describe('ResourceTable', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.localStorage.setItem('language_locale', 'en-US');
  });
  afterEach(cleanup);

  it('requests what the URL says, leaving out invalid parameters', async () => {
    const { last } = renderTable(
      '/things?page=2&perPage=20&sort=-email&filter[email]=ann&filter[id]=x&filter[nope]=1&tab=a',
    );
    expect(await screen.findByText('user21@example.com')).toBeTruthy();
    expect(last()?.pathname).toBe('/auth/admin/things');
    expect(params(last())).toEqual({ page: '2', perPage: '20', sort: '-email', 'filter[email]': 'ann' });
    expect(screen.getByDisplayValue('ann')).toBeTruthy();
    expect(screen.getByText('21–40 of 200')).toBeTruthy();
  });

  it('renders cells by display kind', async () => {
    renderTable('/things');
    const row = (await screen.findByText('user1@example.com')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(within(row).getByText('ops')).toBeTruthy();
    expect(within(row).getByText('billing')).toBeTruthy();
    // Timestamps are in UTC and say so, as the date filters select UTC days, in the UI language's form.
    expect(
      within(row).getByText((text) => text.replace(/\s/g, ' ') === '01/15/2025, 10:30 AM UTC'),
    ).toBeTruthy();
    expect(screen.getByPlaceholderText('YYYY-MM-DD, UTC')).toBeTruthy();
    const deleted = screen.getByText('user2@example.com').closest('tr') as HTMLElement;
    expect(within(deleted).getByText('Deleted')).toBeTruthy();
    // Empty tags show the "none" mark.
    expect(within(deleted).getByText('—')).toBeTruthy();
  });

  it('shows the default sort and toggles a clicked column', async () => {
    const { last, search } = renderTable('/things');
    await screen.findByText('user1@example.com');
    expect(header('Created').getAttribute('aria-sort')).toBe('descending');
    expect(header('E-mail').getAttribute('aria-sort')).toBeNull();
    expect(header('Groups').querySelector('button')).toBeNull();

    fireEvent.click(within(header('E-mail')).getByRole('button'));
    await waitFor(() => expect(params(last()).sort).toBe('email'));
    expect(search().get('sort')).toBe('email');
    expect(header('E-mail').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Created').getAttribute('aria-sort')).toBeNull();

    fireEvent.click(within(header('E-mail')).getByRole('button'));
    await waitFor(() => expect(params(last()).sort).toBe('-email'));
    expect(header('E-mail').getAttribute('aria-sort')).toBe('descending');
  });

  it('applies a text filter after the debounce and goes back to page 1', async () => {
    const { last, search } = renderTable('/things?page=3');
    await screen.findByText('user21@example.com');
    fireEvent.change(screen.getByLabelText('Filter: E-mail'), { target: { value: 'ann' } });
    // Not before the pause in typing.
    expect(search().get('filter[email]')).toBeNull();
    await waitFor(() => expect(search().get('filter[email]')).toBe('ann'));
    expect(search().get('page')).toBeNull();
    await waitFor(() => expect(params(last())).toEqual({ 'filter[email]': 'ann' }));

    // A change of the URL from elsewhere replaces what the input shows.
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0] as HTMLElement);
    await waitFor(() => expect(screen.getByLabelText('Filter: E-mail')).toHaveProperty('value', ''));
    expect(search().get('filter[email]')).toBeNull();
  });

  it('does not apply a number filter that is not an integer', async () => {
    const { urls, search } = renderTable('/things');
    await screen.findByText('user1@example.com');
    fireEvent.change(screen.getByLabelText('Filter: ID'), { target: { value: '1.5' } });
    expect(await screen.findByText('Must be an integer')).toBeTruthy();
    expect(search().get('filter[id]')).toBeNull();
    expect(urls.some((url) => url.searchParams.has('filter[id]'))).toBe(false);

    fireEvent.change(screen.getByLabelText('Filter: ID'), { target: { value: '15' } });
    expect(screen.queryByText('Must be an integer')).toBeNull();
    await waitFor(() => expect(search().get('filter[id]')).toBe('15'));
  });

  it('checks a typed date filter and applies a picked range', async () => {
    const { search, last } = renderTable('/things');
    await screen.findByText('user1@example.com');
    const input = screen.getByLabelText('Filter: Created');
    fireEvent.change(input, { target: { value: '2025-13-01' } });
    expect(await screen.findByText('Format: YYYY-MM-DD or YYYY-MM-DD,YYYY-MM-DD')).toBeTruthy();
    expect(search().get('filter[created_at]')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Choose dates: Created' }));
    const picker = await screen.findByRole('form', { name: 'Choose dates: Created' });
    // Days are typed in the UI language's form (English: month first), whatever the browser's locale.
    fireEvent.change(within(picker).getByLabelText('From'), { target: { value: '31/01/2025' } });
    fireEvent.change(within(picker).getByLabelText('To'), { target: { value: '01/01/2025' } });
    fireEvent.click(within(picker).getByRole('button', { name: 'Apply' }));
    expect(await within(picker).findByText('Format: MM/DD/YYYY')).toBeTruthy();
    expect(search().get('filter[created_at]')).toBeNull();
    fireEvent.change(within(picker).getByLabelText('From'), { target: { value: '1/31/2025' } });
    fireEvent.click(within(picker).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(search().get('filter[created_at]')).toBe('2025-01-01,2025-01-31'));
    await waitFor(() => expect(params(last())['filter[created_at]']).toBe('2025-01-01,2025-01-31'));
    expect(screen.getByDisplayValue('2025-01-01,2025-01-31')).toBeTruthy();
    expect(screen.queryByText('Format: YYYY-MM-DD or YYYY-MM-DD,YYYY-MM-DD')).toBeNull();
    // Opened again, it shows the applied range in the same form.
    fireEvent.click(screen.getByRole('button', { name: 'Choose dates: Created' }));
    const reopened = await screen.findByRole('form', { name: 'Choose dates: Created' });
    expect((within(reopened).getByLabelText('From') as HTMLInputElement).value).toBe('01/01/2025');
    expect((within(reopened).getByLabelText('To') as HTMLInputElement).value).toBe('01/31/2025');
  });

  it('filters by a select option at once', async () => {
    const { search } = renderTable('/things?page=2');
    await screen.findByText('user11@example.com');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Filter: Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Deleted' }));
    await waitFor(() => expect(search().get('filter[status]')).toBe('10'));
    expect(search().get('page')).toBeNull();
    // "Clear filters" removes it again.
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0] as HTMLElement);
    await waitFor(() => expect(search().get('filter[status]')).toBeNull());
  });

  it('goes back to page 1 when the page size changes', async () => {
    const { search, last } = renderTable('/things?page=4');
    await screen.findByText('user31@example.com');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Rows per page:' }));
    fireEvent.click(await screen.findByRole('option', { name: '50' }));
    await waitFor(() => expect(search().get('perPage')).toBe('50'));
    expect(search().get('page')).toBeNull();
    await waitFor(() => expect(params(last())).toEqual({ perPage: '50' }));
    expect(await screen.findByText('1–50 of 200')).toBeTruthy();
  });

  it('adds no history entry for a choice that changes nothing', async () => {
    const { router, search } = renderTable('/things?page=3');
    await screen.findByText('user21@example.com');
    const before = router.state.location.key;
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Filter: Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'All' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(router.state.location.key).toBe(before);
    expect(search().get('page')).toBe('3');
  });

  it('moves between pages with the pagination buttons', async () => {
    const { search } = renderTable('/things');
    await screen.findByText('user1@example.com');
    const nav = screen.getByRole('navigation', { name: 'Table pages' });
    expect(within(nav).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('button', { name: 'First page' })).toHaveProperty('disabled', true);
    expect(within(nav).getByRole('button', { name: 'Page 20' })).toBeTruthy();
    expect(within(nav).queryByRole('button', { name: 'Page 9' })).toBeNull();

    fireEvent.click(within(nav).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(search().get('page')).toBe('2'));
    fireEvent.click(within(nav).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(search().get('page')).toBe('3'));
    expect(await screen.findByText('user21@example.com')).toBeTruthy();
    fireEvent.click(within(nav).getByRole('button', { name: 'Last page' }));
    await waitFor(() => expect(search().get('page')).toBe('20'));
    expect(await screen.findByText('user191@example.com')).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);
    fireEvent.click(within(nav).getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(search().get('page')).toBe('19'));
    fireEvent.click(within(nav).getByRole('button', { name: 'First page' }));
    await waitFor(() => expect(search().get('page')).toBeNull());
  });

  it('keeps the previous page on screen while the next one loads', async () => {
    const answer = pageOf(200);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    renderTable('/things', async (url) => {
      if (url.searchParams.get('page') === '2') await held;
      return answer(url);
    });
    await screen.findByText('user1@example.com');
    expect(screen.queryByRole('progressbar')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('progressbar', { name: 'Loading…' })).toBeTruthy();
    expect(screen.getByText('user1@example.com')).toBeTruthy();
    release();
    expect(await screen.findByText('user11@example.com')).toBeTruthy();
    expect(screen.queryByText('user1@example.com')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });

  it('shows the error state with a retry button', async () => {
    let fail = true;
    const ok = pageOf(3);
    renderTable('/things', (url) => (fail ? jsonResponse(404, { message: 'Nope' }) : ok(url)));
    expect(await screen.findByText('Failed to load data.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('user1@example.com')).toBeTruthy();
    expect(screen.queryByText('Failed to load data.')).toBeNull();
  });

  it('keeps the pagination on an error, so another page or page size can be tried', async () => {
    const ok = pageOf(200);
    const { search } = renderTable('/things?page=4', (url) =>
      url.searchParams.get('page') === '4' ? jsonResponse(404, { message: 'Gone' }) : ok(url),
    );
    expect(await screen.findByText('Failed to load data.')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Table pages' });
    // No rows to describe, so no range; the pages up to this one are still offered.
    expect(screen.queryByText(/ of /)).toBeNull();
    expect(within(nav).getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('combobox', { name: 'Rows per page:' })).toBeTruthy();
    fireEvent.click(within(nav).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(search().get('page')).toBe('3'));
    expect(await screen.findByText('user21@example.com')).toBeTruthy();
    expect(screen.getByText('21–30 of 200')).toBeTruthy();
  });

  it('shows a 422 for a filter under that filter', async () => {
    renderTable('/things?filter[email]=ann', () =>
      jsonResponse(422, { message: { 'filter[email]': ['Not like that', 'Nor that'] } }),
    );
    expect(await screen.findByText('Not like that, Nor that')).toBeTruthy();
    expect(
      screen.getByText('The server did not accept a filter: correct the highlighted field.'),
    ).toBeTruthy();
    expect(screen.getByLabelText('Filter: E-mail').getAttribute('aria-invalid')).toBe('true');
  });

  it('says so when nothing matches', async () => {
    renderTable('/things?filter[email]=zzz', () => jsonResponse(200, { items: [], total: 0, pageCount: 0 }));
    expect(await screen.findByText('No records match')).toBeTruthy();
    expect(screen.getByText('0–0 of 0')).toBeTruthy();
  });

  it('moves from a page past the end to the last page', async () => {
    const { search } = renderTable('/things?page=30');
    await waitFor(() => expect(search().get('page')).toBe('20'));
    expect(await screen.findByText('user191@example.com')).toBeTruthy();
  });

  it('renders row actions and a chosen subset of columns', async () => {
    const server = listServer();
    renderApp(
      [
        {
          path: '/things',
          element: (
            <ResourceTable
              descriptor={things}
              columns={['email', 'id']}
              rowActions={(item) => <button type="button">Open {String(item.id)}</button>}
            />
          ),
        },
      ],
      { path: '/things', fetchFn: server.fetchFn },
    );
    expect(await screen.findByRole('button', { name: 'Open 1' })).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers.slice(0, 3)).toEqual(['E-mail', 'ID', 'Actions']);
  });

  describe('at phone width', () => {
    beforeEach(() => setViewportWidth(390));
    afterEach(() => setViewportWidth(1024));

    it('shows each record as a card with its labelled fields and actions', async () => {
      const server = listServer();
      renderApp(
        [
          {
            path: '/things',
            element: (
              <ResourceTable
                descriptor={{ ...things, cardFields: ['email', 'status'] }}
                label="Things"
                rowActions={(item) => <button type="button">Open {String(item.id)}</button>}
              />
            ),
          },
        ],
        { path: '/things', fetchFn: server.fetchFn },
      );
      const cards = within(await screen.findByRole('list', { name: 'Things' })).getAllByRole('listitem');
      expect(cards).toHaveLength(10);
      expect(screen.queryByRole('table')).toBeNull();
      const first = within(cards[0]!);
      expect(first.getByText('E-mail').tagName).toBe('DT');
      expect(first.getByText('user1@example.com')).toBeTruthy();
      expect(first.getByText('Status')).toBeTruthy();
      expect(first.queryByText('Groups')).toBeNull();
      expect(first.getByRole('button', { name: 'Open 1' })).toBeTruthy();
      expect(screen.getByText('Page 1 of 20')).toBeTruthy();
    });

    it('sorts and filters from the controls above the cards', async () => {
      const { search } = renderTable('/things');
      await screen.findByText('user1@example.com');
      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Sort by' }));
      fireEvent.click(await screen.findByRole('option', { name: 'E-mail' }));
      await waitFor(() => expect(search().get('sort')).toBe('email'));
      fireEvent.click(screen.getByRole('button', { name: 'Ascending — change to descending' }));
      await waitFor(() => expect(search().get('sort')).toBe('-email'));
      fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
      fireEvent.change(screen.getByLabelText('Filter: E-mail'), { target: { value: 'ann' } });
      await waitFor(() => expect(search().get('filter[email]')).toBe('ann'));
    });
  });
});

/** happy-dom answers media queries by its window's size. */
function setViewportWidth(width: number): void {
  (
    window as unknown as { happyDOM: { setViewport: (size: { width: number }) => void } }
  ).happyDOM.setViewport({
    width,
  });
}
