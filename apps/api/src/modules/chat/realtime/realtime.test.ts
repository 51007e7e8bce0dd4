import type { AddressInfo } from 'node:net';
import type { ChatMessage } from '@pult/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { buildApp, type PultApp } from '../../../app.js';
import { openDatabase } from '../../../db/database.js';
import { adminHeaders } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';
import { CHAT, type ChatUser, chatUser, groupChannel, postMessage } from '../test-support/chat-factories.js';
import { openProbe, type SocketProbe } from '../test-support/socket-probe.js';

async function listen(app: PultApp['app']): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe.each(testDatabaseKinds())('chat WebSocket on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let ann: ChatUser;
  let bob: ChatUser;
  const probes: SocketProbe[] = [];
  const probe = async (user: ChatUser, cursors?: Record<string, number>) => {
    const opened = await openProbe(base, user.token, cursors);
    probes.push(opened);
    return opened;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    base = await listen(t.app);
    ann = await chatUser(t, 'Ann');
    bob = await chatUser(t, 'Bob');
  }, 60_000);
  afterAll(async () => {
    for (const opened of probes) opened.close();
    await t?.close();
  });

  it('refuses a socket without a valid token', async () => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}${CHAT}/ws`);
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'auth', token: 'nonsense' }));
    const [code] = await new Promise<[number]>((resolve) => socket.once('close', (c) => resolve([c])));
    expect(code).toBe(4001);
  });

  it('delivers new messages and deletions to the members, in order', async () => {
    const channel = await groupChannel(t, ann, [bob]);
    const bobSocket = await probe(bob);
    const first = await postMessage(t, ann, channel.id, 'привіт');
    const second = await postMessage(t, ann, channel.id, 'hello');
    await t.app.inject({
      method: 'DELETE',
      url: `${CHAT}/channels/${channel.id}/messages/${first.id}?scope=everyone`,
      headers: ann.headers,
    });
    const deleted = await bobSocket.waitFor(
      (frame) => frame.type === 'message.deleted' && frame.channel_id === channel.id,
    );
    expect(deleted.data).toMatchObject({ message_id: first.id });
    const events = bobSocket.events(channel.id);
    expect(events.map((frame) => frame.type)).toEqual([
      'message.created',
      'message.created',
      'message.deleted',
    ]);
    expect(events.map((frame) => frame.seq)).toEqual([first.seq, second.seq, second.seq + 1]);
    expect(events[0]?.data).toMatchObject({ message: { body: 'привіт', sender_uid: ann.uid } });
  });

  it('starts delivering a channel to a member added while connected, and stops when removed', async () => {
    const eve = await chatUser(t, 'Eve');
    const eveSocket = await probe(eve);
    const channel = await groupChannel(t, ann);
    await t.app.inject({
      method: 'POST',
      url: `${CHAT}/channels/${channel.id}/members`,
      headers: ann.headers,
      payload: { user_uid: eve.uid },
    });
    await postMessage(t, ann, channel.id, 'welcome');
    await eveSocket.waitFor((frame) => frame.type === 'message.created' && frame.channel_id === channel.id);
    await t.app.inject({
      method: 'DELETE',
      url: `${CHAT}/channels/${channel.id}/members/${eve.uid}`,
      headers: ann.headers,
    });
    await eveSocket.waitFor((frame) => frame.type === 'member.removed' && frame.channel_id === channel.id);
    await postMessage(t, ann, channel.id, 'after eve left');
    // A message after the removal, in a channel Eve is still in, proves the socket is still served.
    const other = await groupChannel(t, ann, [eve]);
    await postMessage(t, ann, other.id, 'ping');
    await eveSocket.waitFor((frame) => frame.type === 'message.created' && frame.channel_id === other.id);
    expect(eveSocket.events(channel.id).map((frame) => frame.type)).toEqual([
      'member.added',
      'message.created',
      'member.removed',
    ]);
  });

  it('replays what a reconnecting client missed after its cursor', async () => {
    const channel = await groupChannel(t, ann, [bob]);
    const before = await postMessage(t, ann, channel.id, 'seen');
    const first = await probe(bob);
    first.close();
    await first.closed;
    const missed: ChatMessage[] = [];
    for (let index = 0; index < 3; index += 1)
      missed.push(await postMessage(t, ann, channel.id, `missed ${index}`));
    const again = await probe(bob, { [channel.id]: before.seq });
    await again.waitFor((frame) => frame.seq === missed[2]?.seq && frame.channel_id === channel.id);
    const replayed = again.events(channel.id);
    expect(replayed.map((frame) => (frame.data as { message: { body: string } }).message.body)).toEqual([
      'missed 0',
      'missed 1',
      'missed 2',
    ]);
    await postMessage(t, ann, channel.id, 'live');
    await again.waitFor(
      (frame) => frame.channel_id === channel.id && frame.seq === (missed[2]?.seq ?? 0) + 1,
    );
  });

  it('closes the socket when the sign-in is revoked', async () => {
    const carol = await chatUser(t, 'Carol');
    const socket = await probe(carol);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/auth/user/logout',
      payload: { refresh_token: carol.refreshToken },
    });
    expect(logout.statusCode).toBe(200);
    await t.chat.sweepSessions();
    expect((await socket.closed).code).toBe(4002);
  });

  it('tells the members’ sockets when an administrator deletes a channel', async () => {
    const channel = await groupChannel(t, ann, [bob]);
    const bobSocket = await probe(bob);
    const admin = await adminHeaders(t);
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `${CHAT}/admin/channels/${channel.id}`,
      headers: admin,
    });
    expect(refused.statusCode).toBe(422);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `${CHAT}/admin/channels/${channel.id}?confirm_messages=0&confirm_members=2`,
      headers: admin,
    });
    expect(response.statusCode).toBe(200);
    await bobSocket.waitFor((frame) => frame.type === 'channel.deleted' && frame.channel_id === channel.id);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('chat across two server processes on PostgreSQL', () => {
  let t: TestApp;
  let second: PultApp;
  let closeSecond: () => Promise<void>;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    const database = await openDatabase({ databaseUrl: t.databaseUrl });
    second = await buildApp({
      config: t.config,
      db: database.db,
      clock: t.time.clock,
      logger: false,
      databaseUrl: t.databaseUrl as string,
    });
    closeSecond = async () => {
      await second.app.close();
      await database.close();
    };
  }, 60_000);
  afterAll(async () => {
    await closeSecond?.();
    await t?.close();
  });

  it('delivers an event posted on one server to sockets on the other, in order', async () => {
    const [baseA, baseB] = [await listen(t.app), await listen(second.app)];
    const ann = await chatUser(t, 'Ann');
    const bob = await chatUser(t, 'Bob');
    const channel = await groupChannel(t, ann, [bob]);
    const onA = await openProbe(baseA, bob.token);
    const onB = await openProbe(baseB, ann.token);
    const bodies = Array.from({ length: 20 }, (_, index) => `m${index}`);
    // Posted through both servers at once: each socket still sees the channel's one order.
    await Promise.all(
      bodies.map((body, index) =>
        (index % 2 ? second.app : t.app).inject({
          method: 'POST',
          url: `${CHAT}/channels/${channel.id}/messages`,
          headers: index % 2 ? ann.headers : bob.headers,
          payload: { body },
        }),
      ),
    );
    const lastSeq = 2 + bodies.length;
    for (const socket of [onA, onB]) {
      await socket.waitFor((frame) => frame.channel_id === channel.id && frame.seq === lastSeq);
      const seqs = socket.events(channel.id).map((frame) => frame.seq);
      expect(seqs).toEqual(Array.from({ length: bodies.length }, (_, index) => 3 + index));
    }
    onA.close();
    onB.close();
  });
});
