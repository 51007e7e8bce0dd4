import type { MyPermissions } from '@pult/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RouteResourceProvider } from '../../../access/route-resource';
import { type FakeCall, fakeApi, storeSession } from '../../../forms/resource-form/fake-api.test-support';
import { jsonResponse, renderApp } from '../../../test/test-app';
import ChannelViewPage from './channel-view-page';

const AT = '2025-01-01T00:00:00Z';
const CHANNEL = {
  id: 5,
  type: 'group',
  name: 'ops',
  url: null,
  label: 'ops',
  display_name: 'ops',
  created_by_uid: 'u1',
  created_by_label: 'Olha',
  created_at: AT,
  member_count: 1,
  message_count: 1,
  last_message_at: AT,
};
const MEMBER = {
  chat_channel_user_id: 11,
  channel_id: 5,
  user_uid: 'u2',
  role: 'user',
  joined_at: AT,
  first_name: 'Petro',
  last_name: null,
};
const MESSAGE = {
  id: 21,
  seq: 1,
  sender_uid: 'u2',
  sender_label: 'Petro',
  peer_id: null,
  body: 'hello',
  created_at: AT,
  deleted: false,
  deleted_by_sender: false,
  deleted_by_recipient: false,
};

const allow = (resource: string, action: string) => ({ resource, action, effect: 'allow' as const });

function api(grants: MyPermissions['grants']) {
  return (call: FakeCall): Response | undefined => {
    if (call.path === '/admin/me/permissions') {
      return jsonResponse(200, {
        admin_id: 1,
        groups: ['moderators'],
        version: 'v1',
        grants,
        kinds: {},
        mfa_enrollment_required: false,
      });
    }
    if (call.path.endsWith('/admin/channels/5')) return jsonResponse(200, CHANNEL);
    if (call.path.endsWith('/admin/channels/5/members')) return jsonResponse(200, { items: [MEMBER] });
    if (call.path.endsWith('/admin/channels/5/messages')) {
      return jsonResponse(200, { items: [MESSAGE], total: 1, pageCount: 1 });
    }
    return undefined;
  };
}

async function renderView(grants: MyPermissions['grants']) {
  // The shell's access gate gives the page its resource: the channels'.
  const routes = [
    {
      path: '/chat/channels/view',
      element: (
        <RouteResourceProvider resource="chat.channels">
          <ChannelViewPage />
        </RouteResourceProvider>
      ),
    },
  ];
  const view = renderApp(routes, { path: '/chat/channels/view?id=5', fetchFn: fakeApi(api(grants)).fetchFn });
  // Outside the shell's gate the page shows everything until the grants are known: wait for them.
  await waitFor(() => expect(view.services.permissions.getState().status).toBe('ready'));
  return view;
}

describe('channel view page', () => {
  beforeEach(storeSession);
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
  });

  it('asks the memberships’ and messages’ grants for their actions, not the channel’s', async () => {
    await renderView([
      allow('chat.channels', 'read'),
      allow('chat.channel-users', 'delete'),
      allow('chat.messages', 'list'),
    ]);
    // Removing a member is the memberships' delete, granted here while the channel's is not.
    expect(await screen.findByRole('button', { name: 'Delete Petro' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete channel' })).toBeNull();
    // No update on memberships: the role is shown, not offered.
    expect(screen.queryByRole('combobox', { name: 'Role of Petro' })).toBeNull();
    expect(await screen.findByText('hello')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete for everyone: 1' })).toBeNull();
  });

  it('offers a role change with its grant, and no messages section without listing them', async () => {
    await renderView([
      allow('chat.channels', 'read'),
      allow('chat.channels', 'delete'),
      allow('chat.channel-users', 'update'),
      allow('chat.messages', 'delete'),
    ]);
    expect(await screen.findByRole('combobox', { name: 'Role of Petro' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete channel' })).toBeTruthy();
    // The channel's delete is no stand-in for the memberships'.
    expect(screen.queryByRole('button', { name: 'Delete Petro' })).toBeNull();
    // Without listing messages there is no messages section to show.
    expect(screen.queryByRole('heading', { name: 'Messages' })).toBeNull();
  });
});
