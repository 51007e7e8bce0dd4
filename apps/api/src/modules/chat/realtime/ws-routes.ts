import { CHAT_CLOSE, type ChatClientFrame, chatClientFrameSchema } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { access } from '../../../access/route-access.js';
import type { Db } from '../../../db/database.js';
import type { Clock } from '../../../lib/clock.js';
import type { AuthApi } from '../../auth/index.js';
import { eventsAfter } from '../service/event-log.js';
import type { Hub } from './hub.js';
import { SocketClient } from './socket-client.js';

export interface ChatSocketDeps {
  db: Db;
  auth: AuthApi;
  hub: Hub;
  clock: Clock;
}

/** How long a new socket may take to send its `auth` frame. */
const AUTH_TIMEOUT_MS = 10_000;
export const MAX_FRAME_BYTES = 16_384;

/**
 * `GET /ws`: the chat's WebSocket. The first frame authenticates (`{type:"auth", token, cursors}`),
 * then the server sends `ready` and, per channel, what came after the client's cursor and everything
 * new, in order. Revoked or expired sign-ins are closed by the session sweep (see `sweepSessions`).
 */
export function registerChatSocket(app: FastifyInstance, deps: ChatSocketDeps): void {
  const { db, hub } = deps;
  const readEvents = (channelId: number, afterSeq: number, limit: number) =>
    eventsAfter(db, channelId, afterSeq, limit);

  app.get('/ws', { websocket: true, config: { access: access.platform } }, (socket: WebSocket, request) => {
    let client: SocketClient | undefined;
    let authenticating = false;
    const timeout = setTimeout(() => socket.close(CHAT_CLOSE.unauthorized, 'auth expected'), AUTH_TIMEOUT_MS);
    const fail = (error: unknown) => {
      request.log.warn({ err: error }, 'Chat socket failed');
      socket.close(1011, 'server error');
    };

    const authenticate = async (frame: Extract<ChatClientFrame, { type: 'auth' }>) => {
      authenticating = true;
      const user = await deps.auth.authenticateUser(frame.token).catch(() => undefined);
      if (!user) {
        socket.close(CHAT_CLOSE.unauthorized, 'invalid token');
        return;
      }
      if (socket.readyState !== socket.OPEN) return;
      clearTimeout(timeout);
      const joined = new SocketClient(
        socket,
        { uid: user.uid, sessionId: user.sessionId, tokenExpiresAt: user.tokenExpiresAt },
        readEvents,
        fail,
      );
      // Known to the hub before its channels are read, so a channel it joins meanwhile is not missed.
      hub.add(joined);
      client = joined;
      const memberships = await db
        .selectFrom('chat_channel_users as cu')
        .innerJoin('chat_channels as c', 'c.id', 'cu.channel_id')
        .select(['c.id', 'c.last_seq'])
        .where('cu.user_uid', '=', user.uid)
        .execute();
      const cursors = frame.cursors ?? {};
      for (const { id, last_seq } of memberships) {
        const seen = cursors[String(id)];
        hub.subscribe(joined, id, seen === undefined ? last_seq : Math.min(seen, last_seq));
      }
      joined.send({
        type: 'ready',
        user_uid: user.uid,
        channels: Object.fromEntries(memberships.map((row) => [row.id, row.last_seq])),
      });
      // Whatever committed after the cursors (or while the channels were read) goes out now.
      for (const { id } of memberships) joined.catchUp(id);
    };

    const reauthenticate = async (token: string) => {
      const user = await deps.auth.authenticateUser(token).catch(() => undefined);
      if (!client) return;
      if (!user || user.uid !== client.identity.uid) {
        socket.close(CHAT_CLOSE.unauthorized, 'invalid token');
        return;
      }
      client.identity = { uid: user.uid, sessionId: user.sessionId, tokenExpiresAt: user.tokenExpiresAt };
      client.send({ type: 'reauthed', expires_at: user.tokenExpiresAt });
    };

    socket.on('message', (data: RawData, isBinary: boolean) => {
      const frame = parseFrame(data, isBinary);
      if (!frame) {
        socket.close(CHAT_CLOSE.badFrame, 'bad frame');
        return;
      }
      if (frame.type === 'auth') {
        if (authenticating) socket.close(CHAT_CLOSE.badFrame, 'already authenticated');
        else authenticate(frame).catch(fail);
      } else if (!client) {
        socket.close(CHAT_CLOSE.unauthorized, 'auth expected');
      } else if (frame.type === 'reauth') {
        reauthenticate(frame.token).catch(fail);
      } else {
        client.send({ type: 'pong' });
      }
    });
    socket.on('pong', () => {
      if (client) client.alive = true;
    });
    socket.on('close', () => {
      clearTimeout(timeout);
      if (client) hub.remove(client);
    });
  });
}

function parseFrame(data: RawData, isBinary: boolean): ChatClientFrame | undefined {
  if (isBinary) return undefined;
  try {
    const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : data.toString();
    const parsed = chatClientFrameSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Closes sockets whose sign-in was revoked or whose access token expired without a `reauth`, and
 * those that stopped answering pings (a dead peer never sends a close).
 */
export async function sweepSessions(hub: Hub, auth: AuthApi, clock: Clock): Promise<void> {
  const clients = hub.clients();
  const nowSeconds = clock().getTime() / 1000;
  const sessions = [...new Set(clients.map((client) => client.identity.sessionId))];
  const live = new Map<string, boolean>();
  await Promise.all(sessions.map(async (id) => live.set(id, await auth.isSessionLive(id))));
  for (const client of clients) {
    const { socket, identity } = client;
    if (!live.get(identity.sessionId) || identity.tokenExpiresAt <= nowSeconds) {
      socket.close(CHAT_CLOSE.sessionEnded, 'session ended');
      continue;
    }
    if (!client.alive) {
      socket.terminate();
      continue;
    }
    client.alive = false;
    socket.ping();
  }
}
