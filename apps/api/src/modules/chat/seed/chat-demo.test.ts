import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

describe('chat demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    for (let index = 0; index < 8; index += 1) await createUser(t.db);
  }, 60_000);
  afterAll(() => t?.close());

  it('adds channels among the demo users and a few hundred messages, once', async () => {
    await t.chat.seedDemo();
    await t.chat.seedDemo();
    const channels = await t.db.selectFrom('chat_channels').select(['type', 'message_count']).execute();
    expect(channels.map((channel) => channel.type).sort()).toEqual([
      'direct',
      'direct',
      'group',
      'group',
      'group',
    ]);
    const messages = channels.reduce((sum, channel) => sum + channel.message_count, 0);
    expect(messages).toBeGreaterThanOrEqual(300);
    const roles = await t.db.selectFrom('chat_channel_users').select('role').distinct().execute();
    expect(roles.map((row) => row.role).sort()).toEqual(['admin', 'moderator', 'user']);
    // Spread over days, so the dashboard and the Chat report have a history to show.
    const { rows } = await sql<{ days: number }>`
      select count(distinct (created_at at time zone 'UTC')::date)::int as days from chat_messages`.execute(
      t.db,
    );
    expect(rows[0]?.days).toBeGreaterThan(10);
  });
});
