import type { ChannelAdmin, ChannelMessageAdmin, ChannelUserAdmin, ListResponse } from '@pult/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';
import { CHAT, type ChatUser, chatUser, groupChannel, postMessage } from '../test-support/chat-factories.js';

describe.each(testDatabaseKinds())('chat administration on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let ann: ChatUser;
  let bob: ChatUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = { ...(await adminHeaders(t)), lang: 'en-US' };
    ann = await chatUser(t, 'Ann');
    bob = await chatUser(t, 'Bob');
  }, 60_000);
  afterAll(() => t?.close());

  const get = <T>(url: string) =>
    t.app.inject({ method: 'GET', url: `${CHAT}${url}`, headers: admin }).then((r) => {
      expect(r.statusCode, r.body).toBe(200);
      return r.json<T>();
    });

  it('is for administrators only', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${CHAT}/admin/channels` })).statusCode).toBe(401);
    const asUser = await t.app.inject({ method: 'GET', url: `${CHAT}/admin/channels`, headers: ann.headers });
    expect(asUser.statusCode).toBe(401);
  });

  it('lists memberships with channel and user names, filters them, changes a role and removes a member', async () => {
    const channel = await groupChannel(t, ann, [bob]);
    const list = await get<ListResponse<ChannelUserAdmin>>(
      `/admin/channel-users?filter[channel_id]=${channel.id}&sort=-joined_at`,
    );
    expect(list.total).toBe(2);
    const bobRow = list.items.find((item) => item.user_uid === bob.uid) as ChannelUserAdmin;
    expect(bobRow.user_label).toMatch(/^Bob .* <user\d+@pult\.test>$/);
    expect(bobRow.channel_label).toContain(channel.url as string);
    const byRole = await get<ListResponse<ChannelUserAdmin>>(
      `/admin/channel-users?filter[channel_id]=${channel.id}&filter[role]=admin`,
    );
    expect(byRole.items.map((item) => item.user_uid)).toEqual([ann.uid]);
    const byUid = await get<ListResponse<ChannelUserAdmin>>(
      `/admin/channel-users?filter[user_uid]=${bob.uid.slice(0, 13)}`,
    );
    expect(byUid.items.every((item) => item.user_uid === bob.uid)).toBe(true);
    const bad = await t.app.inject({
      method: 'GET',
      url: `${CHAT}/admin/channel-users?filter[role]=boss`,
      headers: admin,
    });
    expect(bad.statusCode).toBe(422);

    const promoted = await t.app.inject({
      method: 'PUT',
      url: `${CHAT}/admin/channel-users/${bobRow.id}`,
      headers: admin,
      payload: { role: 'moderator' },
    });
    expect(promoted.json()).toMatchObject({ role: 'moderator' });
    const annRow = list.items.find((item) => item.user_uid === ann.uid) as ChannelUserAdmin;
    const lastAdmin = await t.app.inject({
      method: 'DELETE',
      url: `${CHAT}/admin/channel-users/${annRow.id}`,
      headers: admin,
    });
    expect(lastAdmin.statusCode).toBe(422);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${CHAT}/admin/channel-users/${bobRow.id}`,
      headers: admin,
    });
    expect(removed.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `${CHAT}/admin/channel-users/${bobRow.id}`, headers: admin }))
        .statusCode,
    ).toBe(404);
    const after = await get<ChannelAdmin>(`/admin/channels/${channel.id}`);
    expect(after.member_count).toBe(1);
  });

  it('lists channels with creator, counts and last activity, sorted and filtered', async () => {
    const channel = await groupChannel(t, bob, [ann]);
    await postMessage(t, ann, channel.id, 'one');
    await postMessage(t, bob, channel.id, 'two');
    const list = await get<ListResponse<ChannelAdmin>>(
      `/admin/channels?filter[url]=${channel.url}&sort=-message_count`,
    );
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      type: 'group',
      created_by_uid: bob.uid,
      member_count: 2,
      message_count: 2,
    });
    expect(list.items[0]?.created_by_label).toMatch(/^Bob /);
    expect(list.items[0]?.last_message_at).not.toBeNull();
    const all = await get<ListResponse<ChannelAdmin>>('/admin/channels?sort=-last_message_at&perPage=100');
    expect(all.total).toBeGreaterThanOrEqual(2);
    const direct = await t.app.inject({
      method: 'POST',
      url: `${CHAT}/channels`,
      headers: ann.headers,
      payload: { type: 'direct', peer_id: bob.uid },
    });
    const directs = await get<ListResponse<ChannelAdmin>>('/admin/channels?filter[type]=direct');
    expect(directs.items.map((item) => item.id)).toContain(direct.json().id);
    expect(directs.items[0]?.label).toContain('↔');
  });

  it('moderates a channel’s messages: newest first, deleted ones marked', async () => {
    const channel = await groupChannel(t, ann, [bob]);
    const first = await postMessage(t, ann, channel.id, 'keep');
    const second = await postMessage(t, bob, channel.id, 'remove me');
    const page = await get<ListResponse<ChannelMessageAdmin>>(`/admin/channels/${channel.id}/messages`);
    expect(page.items.map((item) => item.id)).toEqual([second.id, first.id]);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `${CHAT}/admin/channels/${channel.id}/messages/${second.id}`,
      headers: admin,
    });
    expect(deleted.json()).toMatchObject({ deleted: true, body: '' });
    const marked = await get<ListResponse<ChannelMessageAdmin>>(
      `/admin/channels/${channel.id}/messages?filter[deleted]=true`,
    );
    expect(marked.items.map((item) => item.id)).toEqual([second.id]);
    const seenByAnn = await t.app.inject({
      method: 'GET',
      url: `${CHAT}/channels/${channel.id}/messages`,
      headers: ann.headers,
    });
    expect(seenByAnn.json().items[0]).toMatchObject({ id: second.id, deleted: true });
    expect(
      (await t.app.inject({ method: 'GET', url: `${CHAT}/admin/channels/999999/messages`, headers: admin }))
        .statusCode,
    ).toBe(404);
  });

  it('deletes a channel only with the counts confirmed', async () => {
    const channel = await groupChannel(t, ann, [bob]);
    await postMessage(t, ann, channel.id, 'x');
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `${CHAT}/admin/channels/${channel.id}?confirm_messages=0&confirm_members=2`,
      headers: admin,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      'The channel holds 1 messages and 2 members. Confirm deleting it with them.',
    );
    const done = await t.app.inject({
      method: 'DELETE',
      url: `${CHAT}/admin/channels/${channel.id}?confirm_messages=1&confirm_members=2`,
      headers: admin,
    });
    expect(done.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `${CHAT}/channels/${channel.id}`, headers: ann.headers }))
        .statusCode,
    ).toBe(404);
  });
});
