import { adminForm, adminsResource } from '@pult/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifier } from '../../notify/notifier';
import { jsonResponse, renderApp } from '../../test/test-app';
import { ADMIN_RECORD as ADMIN, fakeApi, storeSession } from './fake-api.test-support';
import { ResourceForm } from './resource-form';

function renderForm(
  answer: Parameters<typeof fakeApi>[0],
  props: { onDelete?: (version: string | null | undefined) => Promise<void>; version?: string } = {},
) {
  const api = fakeApi(answer);
  const onSaved = vi.fn();
  const view = renderApp(
    [
      {
        path: '/form',
        element: (
          <ResourceForm
            form={adminForm}
            resource={adminsResource}
            mode="edit"
            record={ADMIN}
            onSaved={onSaved}
            onCancel={() => undefined}
            version={'W/"1"'}
            {...props}
          />
        ),
      },
    ],
    { path: '/form', fetchFn: api.fetchFn },
  );
  return { ...view, api, onSaved };
}

const notices = () => notifier.getSnapshot().map((notice) => notice.text);

describe('ResourceForm', () => {
  beforeEach(storeSession);
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
    for (const notice of notifier.getSnapshot()) notifier.dismiss(notice.id);
  });

  it('adds typed groups as chips and sends them with the record', async () => {
    const { api, onSaved } = renderForm((call) =>
      call.method === 'PUT' ? jsonResponse(200, { ...ADMIN, ...(call.body as object) }) : undefined,
    );
    const groups = screen.getByLabelText(/^Groups/);
    fireEvent.change(groups, { target: { value: 'Billing' } });
    fireEvent.keyDown(groups, { key: 'Enter' });
    expect(await screen.findByText('Billing')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    // The schema lower-cases groups; that is what the server gets.
    expect(api.sent('PUT', '/admin/admins/7')[0]?.body).toMatchObject({ groups: ['billing'] });
    // At the version the form opened: a save never undoes a change it has not seen.
    expect(api.sent('PUT', '/admin/admins/7')[0]?.headers['If-Match']).toBe('W/"1"');
  });

  it("announces a general 422 with the server's text", async () => {
    renderForm((call) =>
      call.method === 'PUT'
        ? jsonResponse(422, { message: 'At least one active administrator must remain' })
        : undefined,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notices()).toContain('At least one active administrator must remain'));
  });

  it('leaves a 403 to the HTTP client, which announces it once', async () => {
    renderForm((call) => (call.method === 'PUT' ? jsonResponse(403, { error: 'Access denied' }) : undefined));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notices()).toEqual(['Access denied']));
  });

  it('offers an empty choice only for optional selects', () => {
    renderForm(() => undefined);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Gender/ }));
    expect(screen.getByRole('option', { name: 'Not set' })).toBeTruthy();
    cleanup();
    renderForm(() => undefined);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Status/ }));
    expect(screen.queryByRole('option', { name: 'Not set' })).toBeNull();
  });

  it('deletes only after confirmation', async () => {
    const onDelete = vi.fn(async () => undefined);
    renderForm(() => undefined, { onDelete });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(onDelete).not.toHaveBeenCalled();
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1) as HTMLElement);
    expect(onDelete).toHaveBeenCalledTimes(1);
    // With the version the form holds, for If-Match.
    expect(onDelete).toHaveBeenCalledWith('W/"1"');
    await waitFor(() => expect(confirm.isConnected).toBe(false));
  });

  it('on a 412 keeps the typing, shows each differing field and saves the per-field choice at the new version', async () => {
    // Someone blocked the account (status 2) and changed the last name meanwhile; you typed a phone.
    const theirs = { ...ADMIN, status: 2, last_name: 'Other' };
    const { api, onSaved } = renderForm((call) => {
      if (call.method === 'GET' && call.path === '/admin/admins/7')
        return withEtag(jsonResponse(200, theirs), 'W/"2"');
      if (call.method !== 'PUT') return undefined;
      return call.headers['If-Match'] === 'W/"2"'
        ? withEtag(jsonResponse(200, { ...theirs, ...(call.body as object) }), 'W/"3"')
        : jsonResponse(412, { message: 'Changed', current: theirs });
    });
    const phone = screen.getByLabelText(/^Phone/) as HTMLInputElement;
    fireEvent.change(phone, { target: { value: '+380441234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'Someone else changed this record' });
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('data-field'))).toEqual(['last_name', 'phone', 'status']);
    const phoneRow = rows[1] as HTMLElement;
    expect(within(phoneRow).getByText('+380441234567')).toBeTruthy();
    expect(within(phoneRow).getAllByText('empty')).toHaveLength(2);
    // A one-sided change is chosen by default: their status and name, your phone.
    expect(within(dialog).getByRole('radio', { name: 'Phone: Yours' })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('radio', { name: 'Status: Theirs now' })).toHaveProperty('checked', true);
    // Keep your own last name after all.
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Last name: Yours' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use the chosen values' }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(phone.value).toBe('+380441234567');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const puts = api.sent('PUT', '/admin/admins/7');
    expect(puts.map((call) => call.headers['If-Match'])).toEqual(['W/"1"', 'W/"2"']);
    expect(puts[1]?.body).toMatchObject({ phone: '+380441234567', status: 2, last_name: 'Ops' });
  });

  it('saves again without asking when the version moved but no field of the form changed', async () => {
    const { api, onSaved } = renderForm((call) => {
      if (call.method === 'GET') return withEtag(jsonResponse(200, ADMIN), 'W/"5"');
      if (call.method !== 'PUT') return undefined;
      return call.headers['If-Match'] === 'W/"5"'
        ? jsonResponse(200, { ...ADMIN, ...(call.body as object) })
        : jsonResponse(412, { message: 'Changed', current: ADMIN });
    });
    fireEvent.change(screen.getByLabelText(/^Phone/), { target: { value: '+380441234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.sent('PUT', '/admin/admins/7').map((call) => call.headers['If-Match'])).toEqual([
      'W/"1"',
      'W/"5"',
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('reads the version before saving a record it was given without one (a list row)', async () => {
    const { api, onSaved } = renderForm(
      (call) => {
        if (call.method === 'GET') return withEtag(jsonResponse(200, ADMIN), 'W/"9"');
        return call.method === 'PUT' ? jsonResponse(200, ADMIN) : undefined;
      },
      { version: undefined },
    );
    fireEvent.change(screen.getByLabelText(/^Phone/), { target: { value: '+380441234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.sent('PUT', '/admin/admins/7')[0]?.headers['If-Match']).toBe('W/"9"');
  });
});

function withEtag(response: Response, etag: string): Response {
  response.headers.set('ETag', etag);
  return response;
}
