import { adminForm, adminsResource } from '@pult/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifier } from '../../notify/notifier';
import { jsonResponse, renderApp } from '../../test/test-app';
import { ADMIN_RECORD as ADMIN, fakeApi, storeSession } from './fake-api.test-support';
import { ResourceForm } from './resource-form';

function renderForm(answer: Parameters<typeof fakeApi>[0], props: { onDelete?: () => Promise<void> } = {}) {
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
    await waitFor(() => expect(confirm.isConnected).toBe(false));
  });
});
