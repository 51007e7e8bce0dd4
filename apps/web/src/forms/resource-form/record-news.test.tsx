import { adminForm, adminsResource, type LiveChange } from '@pult/contract';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LiveHubProvider } from '../../live/live-context';
import { createLiveHub } from '../../live/live-hub';
import { notifier } from '../../notify/notifier';
import { jsonResponse, renderApp } from '../../test/test-app';
import {
  ADMIN_RECORD as ADMIN,
  type FakeCall,
  fakeApi,
  storeSession,
  withEtag,
} from './fake-api.test-support';
import { ResourceForm } from './resource-form';

function change(patch: Partial<LiveChange> = {}): LiveChange {
  return {
    resource: 'auth.admins',
    id: '7',
    op: 'update',
    version: 'W/"2"',
    actor: { id: 3, name: 'Emily Carter' },
    at: '2026-11-26T14:02:30.000Z',
    ...patch,
  };
}

function renderForm(answer: (call: FakeCall) => Response | undefined) {
  const hub = createLiveHub();
  const api = fakeApi(answer);
  const view = renderApp(
    [
      {
        path: '/form',
        element: (
          <LiveHubProvider hub={hub}>
            <ResourceForm
              form={adminForm}
              resource={adminsResource}
              mode="edit"
              record={ADMIN}
              onCancel={() => undefined}
              version={'W/"1"'}
            />
          </LiveHubProvider>
        ),
      },
    ],
    { path: '/form', fetchFn: api.fetchFn },
  );
  return { ...view, api, hub };
}

const firstName = () => screen.getByLabelText(/^First name/) as HTMLInputElement;

describe('ResourceForm and live changes', () => {
  beforeEach(storeSession);
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
    for (const notice of notifier.getSnapshot()) notifier.dismiss(notice.id);
  });

  it('tells who changed the open record and when, and Reload shows the record as it is now', async () => {
    const { hub, api } = renderForm((call) => {
      if (call.path !== '/admin/admins/7') return undefined;
      if (call.method === 'PUT')
        return withEtag(jsonResponse(200, { ...ADMIN, first_name: 'Olena' }), 'W/"3"');
      return withEtag(jsonResponse(200, { ...ADMIN, first_name: 'Olena' }), 'W/"2"');
    });
    act(() => hub.publishChange(change()));
    expect(await screen.findByText('Changed by Emily Carter at 14:02 UTC.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(firstName().value).toBe('Olena'));
    expect(screen.queryByText(/Changed by/)).toBeNull();
    expect(api.sent('GET', '/admin/admins/7')).toHaveLength(1);
    // The next save goes at the version just read.
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PUT', '/admin/admins/7')).toHaveLength(1));
    expect(api.sent('PUT', '/admin/admins/7')[0]?.headers['If-Match']).toBe('W/"2"');
  });

  it('asks before Reload throws typed changes away', async () => {
    const { hub } = renderForm((call) =>
      call.method === 'GET'
        ? withEtag(jsonResponse(200, { ...ADMIN, first_name: 'Olena' }), 'W/"2"')
        : undefined,
    );
    fireEvent.change(firstName(), { target: { value: 'Mine' } });
    act(() => hub.publishChange(change({ actor: null })));
    expect(await screen.findByText('Changed by another administrator at 14:02 UTC.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText('Reload the record?')).toBeTruthy();
    expect(firstName().value).toBe('Mine');
  });

  it('Compare opens the conflict dialog with the record as it is now', async () => {
    const { hub } = renderForm((call) =>
      call.method === 'GET' && call.path === '/admin/admins/7'
        ? withEtag(jsonResponse(200, { ...ADMIN, first_name: 'Olena' }), 'W/"2"')
        : undefined,
    );
    fireEvent.change(firstName(), { target: { value: 'Mine' } });
    act(() => hub.publishChange(change()));
    fireEvent.click(await screen.findByRole('button', { name: 'Compare' }));
    expect(await screen.findByText('Someone else changed this record')).toBeTruthy();
  });

  it('is silent about a change at the version the form holds, or of another record', async () => {
    const { hub } = renderForm(() => undefined);
    act(() => {
      hub.publishChange(change({ version: 'W/"1"' }));
      hub.publishChange(change({ id: '8' }));
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(/Changed by/)).toBeNull();
  });

  it.each([
    ['W/"2"', false],
    ['W/"3"', true],
  ])(
    'judges a change arriving during its own save (%s) by the version the save answers',
    async (version, shown) => {
      let answerPut: (() => void) | null = null;
      const api = fakeApi(() => undefined);
      const fetchFn: typeof fetch = (input, init) =>
        init?.method === 'PUT'
          ? new Promise<Response>((resolve) => {
              answerPut = () =>
                resolve(withEtag(jsonResponse(200, { ...ADMIN, first_name: 'Mine' }), 'W/"2"'));
            })
          : api.fetchFn(input, init);
      const hub = createLiveHub();
      renderApp(
        [
          {
            path: '/form',
            element: (
              <LiveHubProvider hub={hub}>
                <ResourceForm
                  form={adminForm}
                  resource={adminsResource}
                  mode="edit"
                  record={ADMIN}
                  onCancel={() => undefined}
                  version={'W/"1"'}
                />
              </LiveHubProvider>
            ),
          },
        ],
        { path: '/form', fetchFn },
      );
      fireEvent.change(firstName(), { target: { value: 'Mine' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(answerPut).not.toBeNull());
      // The change is written before the save's answer comes back.
      act(() => hub.publishChange(change({ version })));
      expect(screen.queryByText(/Changed by/)).toBeNull();
      act(() => answerPut?.());
      await waitFor(() =>
        expect(notifier.getSnapshot().map((notice) => notice.text)).toContain('Changes saved'),
      );
      if (shown) expect(await screen.findByText('Changed by Emily Carter at 14:02 UTC.')).toBeTruthy();
      else expect(screen.queryByText(/Changed by/)).toBeNull();
    },
  );

  it('tells of a deletion, with nothing to reload', async () => {
    const { hub } = renderForm(() => undefined);
    act(() => hub.publishChange(change({ op: 'delete', version: null })));
    expect(await screen.findByText('Deleted by Emily Carter at 14:02 UTC.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
  });
});
