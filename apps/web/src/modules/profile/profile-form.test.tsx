import type { Profile } from '@pult/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, storeSession, withEtag } from '../../forms/resource-form/fake-api.test-support';
import { LiveHubProvider } from '../../live/live-context';
import { createLiveHub } from '../../live/live-hub';
import { notifier } from '../../notify/notifier';
import { jsonResponse, renderApp } from '../../test/test-app';
import { ProfileForm } from './profile-form';

const PROFILE: Profile = {
  uid: '5b1c0e5e-0000-4000-8000-000000000001',
  email: 'olha@pult.test',
  first_name: 'Olha',
  last_name: 'Ops',
  username: null,
  phone: null,
  photo: null,
  about_me: null,
  groups: ['superadmin'],
  language: 'en-US',
  gender: null,
  birthday: null,
  created_at: '2025-01-01T00:00:00Z',
};

function renderProfileForm(answer: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi(answer);
  renderApp([{ path: '/profile', element: <ProfileForm profile={PROFILE} version={'W/"1"'} /> }], {
    path: '/profile',
    fetchFn: api.fetchFn,
  });
  return api;
}

describe('ProfileForm', () => {
  beforeEach(storeSession);
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
    for (const notice of notifier.getSnapshot()) notifier.dismiss(notice.id);
  });

  it('saves at the version it opened and takes the new one for the next save', async () => {
    const api = renderProfileForm((call) =>
      call.method === 'PUT'
        ? withEtag(jsonResponse(200, { ...PROFILE, ...(call.body as object) }), 'W/"2"')
        : undefined,
    );
    const phone = (await screen.findByLabelText(/^Phone/)) as HTMLInputElement;
    fireEvent.change(phone, { target: { value: '+380441234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PUT', '/admin/profile')).toHaveLength(1));
    await waitFor(() => expect(notifier.getSnapshot().map((notice) => notice.kind)).toContain('success'));
    fireEvent.change(phone, { target: { value: '+380441234568' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PUT', '/admin/profile')).toHaveLength(2));
    expect(api.sent('PUT', '/admin/profile').map((call) => call.headers['If-Match'])).toEqual([
      'W/"1"',
      'W/"2"',
    ]);
  });

  it('on a 412 keeps the typing, shows the conflict dialog and saves the choice at the new version', async () => {
    // Another tab (or an administrator) changed the last name and the phone meanwhile.
    const theirs = { ...PROFILE, last_name: 'Other', phone: '+380500000000' };
    const api = renderProfileForm((call) => {
      if (call.method === 'GET' && call.path === '/admin/profile')
        return withEtag(jsonResponse(200, theirs), 'W/"2"');
      if (call.method !== 'PUT') return undefined;
      return call.headers['If-Match'] === 'W/"2"'
        ? withEtag(jsonResponse(200, { ...theirs, ...(call.body as object) }), 'W/"3"')
        : jsonResponse(412, { message: 'Changed', current: theirs });
    });
    const phone = (await screen.findByLabelText(/^Phone/)) as HTMLInputElement;
    fireEvent.change(phone, { target: { value: '+380441234567' } });
    fireEvent.change(screen.getByLabelText(/^About me/), { target: { value: 'On call' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'Someone else changed this record' });
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('data-field'))).toEqual(['last_name', 'phone', 'about_me']);
    // Both changed the phone: a clash keeps yours unless told; their last name comes in.
    expect(within(dialog).getByRole('radio', { name: 'Phone: Yours' })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('radio', { name: 'Last name: Theirs now' })).toHaveProperty(
      'checked',
      true,
    );
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Phone: Theirs now' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use the chosen values' }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(phone.value).toBe('+380500000000');
    expect((screen.getByLabelText(/^Last name/) as HTMLInputElement).value).toBe('Other');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PUT', '/admin/profile')).toHaveLength(2));
    const puts = api.sent('PUT', '/admin/profile');
    expect(puts.map((call) => call.headers['If-Match'])).toEqual(['W/"1"', 'W/"2"']);
    expect(puts[1]?.body).toMatchObject({ last_name: 'Other', phone: '+380500000000', about_me: 'On call' });
  });

  it("tells of another administrator's change to the profile, and Reload shows it as it is now", async () => {
    const hub = createLiveHub();
    const api = fakeApi((call) => {
      if (call.path === '/admin/me/permissions') {
        return jsonResponse(200, {
          admin_id: 7,
          groups: ['superadmin'],
          version: 'v1',
          grants: [],
          kinds: {},
          mfa_enrollment_required: false,
        });
      }
      if (call.method === 'GET' && call.path === '/admin/profile')
        return withEtag(jsonResponse(200, { ...PROFILE, phone: '+380500000000' }), 'W/"2"');
      return undefined;
    });
    const view = renderApp(
      [
        {
          path: '/profile',
          element: (
            <LiveHubProvider hub={hub}>
              <ProfileForm profile={PROFILE} version={'W/"1"'} />
            </LiveHubProvider>
          ),
        },
      ],
      { path: '/profile', fetchFn: api.fetchFn },
    );
    // The profile is followed as the administrator's own record, once their id is known.
    await waitFor(() => expect(view.services.permissions.getState().status).toBe('ready'));
    const phone = (await screen.findByLabelText(/^Phone/)) as HTMLInputElement;
    const change = {
      resource: 'auth.admins',
      op: 'update' as const,
      version: 'W/"2"',
      actor: { id: 3, name: 'Emily Carter' },
      at: '2026-11-26T14:02:30.000Z',
    };
    // Another administrator's record is not this profile.
    act(() => hub.publishChange({ ...change, id: '8' }));
    act(() => hub.publishChange({ ...change, id: '7' }));
    expect(await screen.findByText('Changed by Emily Carter at 14:02 UTC.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(phone.value).toBe('+380500000000'));
    expect(screen.queryByText(/Changed by/)).toBeNull();
    expect(api.sent('GET', '/admin/profile')).toHaveLength(1);
  });
});
