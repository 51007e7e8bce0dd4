import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeCall, fakeApi, storeSession } from '../../forms/resource-form/fake-api.test-support';
import { notifier } from '../../notify/notifier';
import { jsonResponse, renderApp } from '../../test/test-app';
import CitiesPage from './cities-page';
import CountriesPage from './countries-page';

const routes = [
  { path: '/auth/countries', element: <CountriesPage /> },
  { path: '/auth/cities', element: <CitiesPage /> },
];
const AT = '2025-01-01T00:00:00Z';
const UKRAINE = { id: 1, code: 'UA', name_uk: 'Україна', name_en: 'Ukraine', created_at: AT, updated_at: AT };
const KYIV = {
  id: 11,
  country_id: 1,
  country_name: 'Ukraine',
  name_uk: 'Київ',
  name_en: 'Kyiv',
  created_at: AT,
  updated_at: AT,
};

function geoApi(call: FakeCall): Response | undefined {
  if (call.method === 'GET' && call.path === '/admin/countries') {
    return jsonResponse(200, { items: [UKRAINE], total: 1, pageCount: 1 });
  }
  if (call.method === 'GET' && call.path === '/admin/cities') {
    return jsonResponse(200, { items: [KYIV], total: 1, pageCount: 1 });
  }
  if (call.path === '/admin/countries/lookup') {
    return jsonResponse(200, {
      items: [
        { value: 1, label: 'Ukraine' },
        { value: 2, label: 'Poland' },
      ],
    });
  }
  if (call.method === 'POST' && call.path === '/admin/countries') {
    return jsonResponse(201, { ...UKRAINE, id: 2, ...(call.body as object) });
  }
  // A form opened from a list row reads the record's version (ETag) before it saves.
  if (call.method === 'GET' && call.path === '/admin/cities/11') {
    const response = jsonResponse(200, KYIV);
    response.headers.set('ETag', 'W/"5"');
    return response;
  }
  if (call.method === 'PUT' && call.path === '/admin/cities/11') {
    return jsonResponse(200, { ...KYIV, ...(call.body as object) });
  }
  if (call.method === 'DELETE' && call.path === '/admin/countries/1') {
    return jsonResponse(422, { message: 'The country has cities or users; remove them first' });
  }
  return undefined;
}

const notices = () => notifier.getSnapshot().map((notice) => notice.text);

describe('countries and cities pages', () => {
  beforeEach(storeSession);
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
    for (const notice of notifier.getSnapshot()) notifier.dismiss(notice.id);
  });

  it('creates a country in a dialog, checking it first', async () => {
    const api = fakeApi(geoApi);
    renderApp(routes, { path: '/auth/countries', fetchFn: api.fetchFn });
    fireEvent.click(screen.getByRole('button', { name: 'New country' }));
    const dialog = await screen.findByRole('dialog', { name: 'New country' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findAllByText('This field is required')).length).toBe(3);

    fireEvent.change(within(dialog).getByLabelText(/^ISO code/), { target: { value: 'pl' } });
    fireEvent.change(within(dialog).getByLabelText(/^Name \(Ukrainian\)/), { target: { value: 'Польща' } });
    fireEvent.change(within(dialog).getByLabelText(/^Name \(English\)/), { target: { value: 'Poland' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The schema's own transform (upper case) is what goes out.
    expect(api.sent('POST', '/admin/countries')[0]?.body).toEqual({
      code: 'PL',
      name_uk: 'Польща',
      name_en: 'Poland',
    });
    expect(notices()).toContain('Changes saved');
  });

  it("shows the server's reason when a country in use cannot be deleted", async () => {
    renderApp(routes, { path: '/auth/countries', fetchFn: fakeApi(geoApi).fetchFn });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Ukraine' }));
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(notices()).toContain('The country has cities or users; remove them first'));
  });

  it('edits a city with its country chosen from the lookup', async () => {
    const api = fakeApi(geoApi);
    renderApp(routes, { path: '/auth/cities', fetchFn: api.fetchFn });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Kyiv' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the city “Kyiv”' });
    const country = within(dialog).getByLabelText(/^Country/) as HTMLInputElement;
    await waitFor(() => expect(country.value).toBe('Ukraine'));
    fireEvent.change(within(dialog).getByLabelText(/^Name \(English\)/), { target: { value: 'Kiev' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PUT', '/admin/cities/11')).toHaveLength(1));
    expect(api.sent('PUT', '/admin/cities/11')[0]?.headers['If-Match']).toBe('W/"5"');
    expect(api.sent('PUT', '/admin/cities/11')[0]?.body).toEqual({
      country_id: 1,
      name_uk: 'Київ',
      name_en: 'Kiev',
    });
  });
});
