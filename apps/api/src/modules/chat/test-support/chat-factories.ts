import type { Channel, ChatMessage } from '@pult/contract';
import { createUser, signInUser } from '../../../test/factories.js';
import type { TestApp } from '../../../test/test-app.js';

export const CHAT = '/chat/rest/v1';

export interface ChatUser {
  uid: string;
  token: string;
  refreshToken: string;
  headers: Record<string, string>;
}

/** A platform user, signed in: their uid and bearer headers. */
export async function chatUser(t: TestApp, firstName = 'Lesia'): Promise<ChatUser> {
  const { user, password } = await createUser(t.db, { first_name: firstName });
  const tokens = await signInUser(t, user.email, password);
  return {
    uid: String(user.uid),
    token: tokens.access_token,
    refreshToken: tokens.refresh_token,
    headers: { authorization: `Bearer ${tokens.access_token}`, lang: 'en-US' },
  };
}

let urlSequence = 0;

export async function groupChannel(t: TestApp, owner: ChatUser, members: ChatUser[] = []): Promise<Channel> {
  urlSequence += 1;
  const response = await t.app.inject({
    method: 'POST',
    url: `${CHAT}/channels`,
    headers: owner.headers,
    payload: {
      type: 'group',
      name: `Team ${urlSequence}`,
      url: `team-${urlSequence}-${Date.now()}`,
      member_uids: members.map((member) => member.uid),
    },
  });
  if (response.statusCode !== 201) throw new Error(`Channel not created: ${response.body}`);
  return response.json<Channel>();
}

export async function postMessage(
  t: TestApp,
  user: ChatUser,
  channelId: number,
  body: string,
  clientId?: string,
) {
  const response = await t.app.inject({
    method: 'POST',
    url: `${CHAT}/channels/${channelId}/messages`,
    headers: user.headers,
    payload: { body, ...(clientId ? { client_id: clientId } : {}) },
  });
  if (response.statusCode !== 201 && response.statusCode !== 200) {
    throw new Error(`Message not posted: ${response.statusCode} ${response.body}`);
  }
  return response.json<ChatMessage>();
}
