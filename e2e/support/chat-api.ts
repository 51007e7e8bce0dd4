import WebSocket from 'ws';
import {
  type AdminApi,
  type PersonRecord,
  publicCall,
  TEST_PASSWORD,
  type TokenPair,
  uniqueTag,
} from './admin-api.js';

export const CHAT = '/chat/rest/v1';

export interface ChatPerson {
  uid: string;
  name: string;
  token: string;
  call<Body = unknown>(method: string, path: string, body?: unknown): Promise<Body>;
}

/** A new platform user, signed in through `/auth/user/signin`, calling the chat API as themselves. */
export async function chatPerson(api: AdminApi, firstName: string): Promise<ChatPerson> {
  const lastName = uniqueTag('u');
  const record = (await api.createUser({ first_name: firstName, last_name: lastName })) as PersonRecord & {
    uid: string;
  };
  const signin = await publicCall<TokenPair>(api.baseURL, 'POST', '/auth/user/signin', {
    body: { email: record.email, password: TEST_PASSWORD },
  });
  if (signin.status !== 200) throw new Error(`User sign-in failed: ${signin.status}`);
  const token = signin.body.access_token;
  return {
    uid: String(record.uid),
    name: `${firstName} ${lastName}`,
    token,
    async call<Body>(method: string, path: string, body?: unknown) {
      const response = await publicCall<Body>(api.baseURL, method, `${CHAT}${path}`, {
        body,
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.status < 200 || response.status > 299) {
        throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
      }
      return response.body;
    },
  };
}

export interface ChatFrame {
  type: string;
  channel_id?: number;
  seq?: number;
  data?: Record<string, unknown>;
}

/** A platform user's chat socket, collecting the frames it receives. */
export async function chatSocket(baseURL: string, token: string) {
  const socket = new WebSocket(`${baseURL.replace(/^http/, 'ws')}${CHAT}/ws`);
  const frames: ChatFrame[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(String(data)) as ChatFrame));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'auth', token }));
  return { frames, close: () => socket.close() };
}
