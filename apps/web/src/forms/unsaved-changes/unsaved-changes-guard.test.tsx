import { adminForm, adminsResource } from '@pult/contract';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../test/test-app';
import { ADMIN_RECORD as ADMIN, fakeApi, storeSession } from '../resource-form/fake-api.test-support';
import { ResourceForm } from '../resource-form/resource-form';

/** The edit form at /form, whose Save and Cancel both go back to /list like the real screens. */
function renderGuardedForm() {
  const api = fakeApi((call) =>
    call.method === 'PUT' ? jsonResponse(200, { ...ADMIN, ...(call.body as object) }) : undefined,
  );
  const view = renderApp(
    [
      { path: '/', element: <p>sign-in</p> },
      { path: '/list', element: <p>the list</p> },
      {
        path: '/form',
        element: (
          <ResourceForm
            form={adminForm}
            resource={adminsResource}
            mode="edit"
            record={ADMIN}
            version={'W/"1"'}
            onSaved={() => void view.router.navigate('/list')}
            onCancel={() => void view.router.navigate('/list')}
          />
        ),
      },
    ],
    { path: '/form', fetchFn: api.fetchFn },
  );
  return view;
}

function typeFirstName(value: string) {
  fireEvent.change(screen.getByLabelText(/^First name/), { target: { value } });
}

const path = (view: ReturnType<typeof renderGuardedForm>) => view.router.state.location.pathname;

describe('leaving a form with unsaved changes', () => {
  beforeEach(storeSession);
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
  });

  it('asks first; Stay keeps the form and its typing', async () => {
    const view = renderGuardedForm();
    typeFirstName('Olena');
    await act(() => view.router.navigate('/list'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(path(view)).toBe('/form');
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(path(view)).toBe('/form');
    expect((screen.getByLabelText(/^First name/) as HTMLInputElement).value).toBe('Olena');
  });

  it('leaves when the user confirms', async () => {
    const view = renderGuardedForm();
    typeFirstName('Olena');
    await act(() => view.router.navigate('/list'));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(path(view)).toBe('/list'));
  });

  it('does not ask for a pristine form', async () => {
    const view = renderGuardedForm();
    await act(() => view.router.navigate('/list'));
    expect(path(view)).toBe('/list');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("does not ask when the form's own Cancel or Save leaves", async () => {
    const cancelled = renderGuardedForm();
    typeFirstName('Olena');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(path(cancelled)).toBe('/list'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    cleanup();

    const saved = renderGuardedForm();
    typeFirstName('Olena');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(path(saved)).toBe('/list'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('lets a session that ended take the user to sign-in', async () => {
    const view = renderGuardedForm();
    typeFirstName('Olena');
    await act(() => view.services.session.signOut({ callServer: false }));
    await waitFor(() => expect(path(view)).toBe('/'));
  });

  it('asks the browser to confirm closing the tab only while there are changes', () => {
    renderGuardedForm();
    const pristine = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(pristine);
    expect(pristine.defaultPrevented).toBe(false);
    typeFirstName('Olena');
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });
});
