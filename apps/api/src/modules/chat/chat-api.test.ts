import type { Channel, ChannelMember, ChatMessage } from '@pult/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';
import { CHAT, type ChatUser, chatUser, groupChannel, postMessage } from './test-support/chat-factories.js';

interface Page {
  items: ChatMessage[];
  next_cursor: string | null;
}

describe.each(testDatabaseKinds())('chat API on %s', (kind) => {
  let t: TestApp;
  let ann: ChatUser;
  let bob: ChatUser;
  let eve: ChatUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    ann = await chatUser(t, 'Ann');
    bob = await chatUser(t, 'Bob');
    eve = await chatUser(t, 'Eve');
  }, 60_000);
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: ChatUser, payload?: object) =>
    t.app.inject({ method, url: `${CHAT}${url}`, headers: user.headers, ...(payload ? { payload } : {}) });

  const page = async (user: ChatUser, channelId: number, query = '') => {
    const response = await call('GET', `/channels/${channelId}/messages${query}`, user);
    expect(response.statusCode).toBe(200);
    return response.json<Page>();
  };

  it('needs a platform user’s token', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${CHAT}/channels` });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toHaveProperty('message');
  });

  it('creates a group channel with the creator as admin and validates its fields', async () => {
    const channel = await groupChannel(t, ann, [bob]);
    expect(channel).toMatchObject({ type: 'group', role: 'admin', member_count: 2, unread_count: 0 });
    const taken = await call('POST', '/channels', bob, { type: 'group', name: 'x', url: channel.url });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().message.url).toEqual(['This address is already taken']);
    const bad = await call('POST', '/channels', bob, { type: 'group', name: '', url: 'A B', extra: 1 });
    expect(bad.statusCode).toBe(422);
    const unknownMember = await call('POST', '/channels', bob, {
      type: 'group',
      name: 'n',
      url: `n-${Date.now()}`,
      member_uids: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknownMember.statusCode).toBe(422);
    expect(unknownMember.json().message).toHaveProperty('member_uids');
  });

  it('lets only members read or write (403 {error}) and answers 404 for unknown channels', async () => {
    const channel = await groupChannel(t, ann, [bob]);
    const read = await call('GET', `/channels/${channel.id}/messages`, eve);
    expect(read.statusCode).toBe(403);
    expect(read.json()).toEqual({ error: 'Only members of this channel may read or write it' });
    const write = await call('POST', `/channels/${channel.id}/messages`, eve, { body: 'hi' });
    expect(write.statusCode).toBe(403);
    expect((await call('GET', '/channels/999999999/messages', ann)).statusCode).toBe(404);
    expect((await call('GET', '/channels/abc', ann)).statusCode).toBe(404);
  });

  it('posts messages of 1–4,000 characters and de-duplicates by client id', async () => {
    const channel = await groupChannel(t, ann, [bob]);
    const empty = await call('POST', `/channels/${channel.id}/messages`, ann, { body: '   ' });
    expect(empty.statusCode).toBe(422);
    const long = await call('POST', `/channels/${channel.id}/messages`, ann, { body: 'я'.repeat(4001) });
    expect(long.statusCode).toBe(422);
    expect(long.json().message.body).toEqual(['A message is 4,000 characters at most']);
    const max = await call('POST', `/channels/${channel.id}/messages`, ann, { body: 'я'.repeat(4000) });
    expect(max.statusCode).toBe(201);

    const [first, second] = await Promise.all([
      call('POST', `/channels/${channel.id}/messages`, bob, { body: 'once', client_id: 'c-1' }),
      call('POST', `/channels/${channel.id}/messages`, bob, { body: 'once', client_id: 'c-1' }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
    expect(first.json().id).toBe(second.json().id);
    const listed = await page(ann, channel.id);
    expect(listed.items.filter((message) => message.client_id === 'c-1')).toHaveLength(1);
  });

  it('lists my channels with the last message and unread count; marking read clears it', async () => {
    const channel = await groupChannel(t, ann, [bob]);
    await postMessage(t, ann, channel.id, 'one');
    const last = await postMessage(t, ann, channel.id, 'two');
    const mine = (await call('GET', '/channels', bob)).json<{ items: Channel[] }>().items;
    const listed = mine.find((item) => item.id === channel.id);
    expect(listed?.unread_count).toBe(2);
    expect(listed?.last_message?.body).toBe('two');
    expect(listed?.role).toBe('user');
    const read = await call('POST', `/channels/${channel.id}/read`, bob, { seq: last.seq });
    expect(read.json()).toEqual({ last_read_seq: last.seq });
    const after = (await call('GET', `/channels/${channel.id}`, bob)).json<Channel>();
    expect(after.unread_count).toBe(0);
    expect(
      (await call('GET', '/channels', eve)).json<{ items: Channel[] }>().items.map((c) => c.id),
    ).not.toContain(channel.id);
  });

  it('pages newest first by cursor, without a skipped or repeated message while others write', async () => {
    const channel = await groupChannel(t, ann, [bob]);
    for (let index = 0; index < 25; index += 1) await postMessage(t, ann, channel.id, `m${index}`);
    const seen: string[] = [];
    let cursor: string | null = null;
    let writes = 0;
    do {
      const query: string = `?limit=7${cursor ? `&before=${cursor}` : ''}`;
      const result = await page(bob, channel.id, query);
      seen.push(...result.items.map((message) => message.body));
      // Others keep writing between pages: newer messages must not shift the older pages.
      await Promise.all([
        postMessage(t, bob, channel.id, `new${writes}`),
        postMessage(t, ann, channel.id, `new${writes}b`),
      ]);
      writes += 1;
      cursor = result.next_cursor;
    } while (cursor);
    expect(seen).toEqual(Array.from({ length: 25 }, (_, index) => `m${24 - index}`));
    const bad = await call('GET', `/channels/${channel.id}/messages?before=x&limit=500`, bob);
    expect(bad.statusCode).toBe(422);
  });

  it('numbers a channel’s messages without gaps under concurrent posts', async () => {
    const channel = await groupChannel(t, ann, [bob]);
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        postMessage(t, index % 2 ? ann : bob, channel.id, `c${index}`),
      ),
    );
    const listed = await page(ann, channel.id, '?limit=100');
    const seqs = listed.items.map((message) => message.seq).sort((a, b) => a - b);
    for (let index = 1; index < seqs.length; index += 1)
      expect(seqs[index]).toBeGreaterThan(seqs[index - 1] as number);
    expect(new Set(seqs).size).toBe(20);
  });

  it('creates one direct channel per pair, also when both create it at once', async () => {
    const [x, y] = await Promise.all([chatUser(t, 'Xenia'), chatUser(t, 'Yurii')]);
    const results = await Promise.all([
      call('POST', '/channels', x, { type: 'direct', peer_id: y.uid }),
      call('POST', '/channels', y, { type: 'direct', peer_id: x.uid }),
      call('POST', '/channels', x, { type: 'direct', peer_id: y.uid }),
    ]);
    const ids = new Set(results.map((response) => response.json<Channel>().id));
    expect(ids.size).toBe(1);
    expect(results.filter((response) => response.statusCode === 201)).toHaveLength(1);
    const channel = results[0]?.json<Channel>() as Channel;
    expect(channel.member_count).toBe(2);
    expect(results[1]?.json<Channel>().peer_id).toBe(x.uid);
    const self = await call('POST', '/channels', x, { type: 'direct', peer_id: x.uid });
    expect(self.statusCode).toBe(422);
    const nobody = await call('POST', '/channels', x, {
      type: 'direct',
      peer_id: '00000000-0000-4000-8000-000000000001',
    });
    expect(nobody.statusCode).toBe(422);
    expect(nobody.json().message).toHaveProperty('peer_id');
  });

  it('deletes for me with the sender’s and the recipient’s flags', async () => {
    const [x, y] = await Promise.all([chatUser(t), chatUser(t)]);
    const channel = (await call('POST', '/channels', x, { type: 'direct', peer_id: y.uid })).json<Channel>();
    const mine = await postMessage(t, x, channel.id, 'from x');
    const theirs = await postMessage(t, y, channel.id, 'from y');
    expect(mine.peer_id).toBe(y.uid);
    const bySender = await call('DELETE', `/channels/${channel.id}/messages/${mine.id}?scope=me`, x);
    expect(bySender.json()).toMatchObject({
      deleted_by_sender: true,
      deleted_by_recipient: false,
      deleted: false,
    });
    const byRecipient = await call('DELETE', `/channels/${channel.id}/messages/${theirs.id}?scope=me`, x);
    expect(byRecipient.json()).toMatchObject({ deleted_by_sender: false, deleted_by_recipient: true });
    expect((await page(x, channel.id)).items).toHaveLength(0);
    expect((await page(y, channel.id)).items.map((message) => message.body)).toEqual(['from y', 'from x']);
    const badScope = await call('DELETE', `/channels/${channel.id}/messages/${mine.id}?scope=all`, x);
    expect(badScope.statusCode).toBe(422);
  });

  it('hides a group message for one member only', async () => {
    const channel = await groupChannel(t, ann, [bob, eve]);
    const message = await postMessage(t, ann, channel.id, 'group text');
    await call('DELETE', `/channels/${channel.id}/messages/${message.id}?scope=me`, bob);
    expect((await page(bob, channel.id)).items).toHaveLength(0);
    expect((await page(eve, channel.id)).items).toHaveLength(1);
  });

  it('deletes for everyone by the sender, a moderator or an admin only', async () => {
    const channel = await groupChannel(t, ann, [bob, eve]);
    const message = await postMessage(t, bob, channel.id, 'secret');
    const byEve = await call('DELETE', `/channels/${channel.id}/messages/${message.id}?scope=everyone`, eve);
    expect(byEve.statusCode).toBe(403);
    expect(byEve.json()).toHaveProperty('error');
    await call('PUT', `/channels/${channel.id}/members/${eve.uid}`, ann, { role: 'moderator' });
    const byModerator = await call(
      'DELETE',
      `/channels/${channel.id}/messages/${message.id}?scope=everyone`,
      eve,
    );
    expect(byModerator.statusCode).toBe(200);
    expect(byModerator.json()).toMatchObject({ deleted: true, body: '' });
    const seenByAnn = (await page(ann, channel.id)).items[0];
    expect(seenByAnn).toMatchObject({ id: message.id, deleted: true, body: '' });
    const own = await postMessage(t, bob, channel.id, 'mine');
    expect(
      (await call('DELETE', `/channels/${channel.id}/messages/${own.id}?scope=everyone`, bob)).statusCode,
    ).toBe(200);
    expect(
      (await call('DELETE', `/channels/${channel.id}/messages/999999?scope=everyone`, bob)).statusCode,
    ).toBe(404);
  });

  it('lets admins manage members and roles, and keeps one admin', async () => {
    const channel = await groupChannel(t, ann);
    const byOutsider = await call('POST', `/channels/${channel.id}/members`, bob, { user_uid: bob.uid });
    expect(byOutsider.statusCode).toBe(403);
    const added = await call('POST', `/channels/${channel.id}/members`, ann, { user_uid: bob.uid });
    expect(added.statusCode).toBe(201);
    expect(added.json<{ items: ChannelMember[] }>().items.map((member) => member.role)).toEqual([
      'admin',
      'user',
    ]);
    const again = await call('POST', `/channels/${channel.id}/members`, ann, { user_uid: bob.uid });
    expect(again.statusCode).toBe(422);
    const { user: locked } = await createUser(t.db, { status: 2 });
    const inactive = await call('POST', `/channels/${channel.id}/members`, ann, {
      user_uid: String(locked.uid),
    });
    expect(inactive.statusCode).toBe(422);
    const byUser = await call('PUT', `/channels/${channel.id}/members/${ann.uid}`, bob, { role: 'user' });
    expect(byUser.statusCode).toBe(403);
    const demoteSelf = await call('PUT', `/channels/${channel.id}/members/${ann.uid}`, ann, { role: 'user' });
    expect(demoteSelf.statusCode).toBe(422);
    const leaveAlone = await call('POST', `/channels/${channel.id}/leave`, ann, {});
    expect(leaveAlone.statusCode).toBe(422);
    expect(leaveAlone.json().message).toBe(
      'The channel’s last admin must name another member as admin first',
    );
    const notMember = await call('POST', `/channels/${channel.id}/leave`, ann, { successor_uid: eve.uid });
    expect(notMember.statusCode).toBe(422);
    const left = await call('POST', `/channels/${channel.id}/leave`, ann, { successor_uid: bob.uid });
    expect(left.statusCode).toBe(200);
    const members = (await call('GET', `/channels/${channel.id}/members`, bob)).json<{
      items: ChannelMember[];
    }>();
    expect(members.items.map((member) => [member.user_uid, member.role])).toEqual([[bob.uid, 'admin']]);
    expect((await call('GET', `/channels/${channel.id}/messages`, ann)).statusCode).toBe(403);
    const removed = await call('DELETE', `/channels/${channel.id}/members/${eve.uid}`, bob);
    expect(removed.statusCode).toBe(404);
  });

  it('keeps one admin when two admins demote each other at once', async () => {
    const channel = await groupChannel(t, ann, [bob]);
    await call('PUT', `/channels/${channel.id}/members/${bob.uid}`, ann, { role: 'admin' });
    const results = await Promise.all([
      call('PUT', `/channels/${channel.id}/members/${bob.uid}`, ann, { role: 'user' }),
      call('PUT', `/channels/${channel.id}/members/${ann.uid}`, bob, { role: 'user' }),
    ]);
    const members = (await call('GET', `/channels/${channel.id}/members`, ann)).json<{
      items: ChannelMember[];
    }>();
    expect(members.items.filter((member) => member.role === 'admin')).toHaveLength(1);
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 403]);
  });

  it('counts messages per day for the dashboard', async () => {
    const { chatMessagesPerDay } = await import('./index.js');
    const today = new Date().toISOString().slice(0, 10);
    const counts = await chatMessagesPerDay(t.db, today, today);
    const total = await t.db
      .selectFrom('chat_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(counts).toEqual([{ day: today, messages: Number(total.n) }]);
  });
});
