import { STATUS, userUpdateSchema } from '@pult/contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, adminWithGrants, createCountry, createUser } from '../test/factories.js';
import { startSecondProcess } from '../test/second-process.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-database.js';
import { withClient } from '../test/with-client.js';
import { type LiveStreamClient, openLiveStream } from './live-stream.test-support.js';

const USERS = '/auth/admin/users';

describe.each(testDatabaseKinds())('live change stream on %s', (kind) => {
  let t: TestApp;
  let baseUrl: string;
  let root: { authorization: string; Lang: string };
  const open: LiveStreamClient[] = [];

  const stream = async (authorization: string, lastEventId?: string) => {
    const client = await openLiveStream(baseUrl, authorization, lastEventId);
    open.push(client);
    return client;
  };
  /** A form's save: the record as read, with `change` over it. */
  const save = async (id: number, change: Record<string, unknown>) => {
    const read = await t.app.inject({ method: 'GET', url: `${USERS}/${id}`, headers: root });
    const item = read.json() as Record<string, unknown>;
    const body = Object.fromEntries(
      Object.keys(userUpdateSchema.shape).flatMap((field) =>
        item[field] === undefined ? [] : [[field, item[field]]],
      ),
    );
    return t.app.inject({
      method: 'PUT',
      url: `${USERS}/${id}`,
      headers: root,
      payload: { ...body, ...change },
    });
  };
  const hasChange = (
    client: LiveStreamClient,
    test: (change: NonNullable<LiveStreamClient['frames'][0]['change']>) => boolean,
  ) => client.until((frames) => frames.some((frame) => frame.change !== undefined && test(frame.change)));

  beforeAll(async () => {
    t = await createTestApp(kind);
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    root = await adminHeaders(t);
  });
  afterAll(async () => {
    for (const client of open) client.close();
    await t.close();
  });

  it('answers an event stream only to a signed-in administrator', async () => {
    const anonymous = await fetch(`${baseUrl}/auth/admin/events`);
    expect(anonymous.status).toBe(401);
    const client = await stream(root.authorization);
    expect(client.response.status).toBe(200);
    expect(client.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(client.response.headers.get('cache-control')).toBe('no-store');
  });

  it("carries a form's save with the record's new version and who saved it", async () => {
    const { user } = await createUser(t.db);
    const client = await stream(root.authorization);
    const saved = await save(user.id, { first_name: 'Olena' });
    expect(saved.statusCode).toBe(200);
    // The user's insert may reach the stream too: the feed may not have read it when the stream joined.
    const isSave = (c: { resource: string; id: string | null; op: string }) =>
      c.resource === 'auth.users' && c.id === String(user.id) && c.op === 'update';
    await hasChange(client, isSave);
    const change = client.changes().find(isSave);
    expect(change).toMatchObject({ version: saved.headers.etag });
    expect(change?.actor?.name).toBeTruthy();
  });

  it('carries changes no request made (a worker, SQL by hand), without an actor', async () => {
    const { user } = await createUser(t.db);
    const client = await stream(root.authorization);
    await t.db.updateTable('users').set({ status: STATUS.locked }).where('id', '=', user.id).execute();
    await hasChange(client, (change) => change.id === String(user.id) && change.op === 'update');
    expect(client.changes().find((c) => c.id === String(user.id))?.actor).toBeNull();
    const { user: other } = await createUser(t.db);
    await hasChange(client, (change) => change.id === String(other.id) && change.op === 'insert');
    await t.db.deleteFrom('users').where('id', '=', other.id).execute();
    await hasChange(client, (change) => change.id === String(other.id) && change.op === 'delete');
  });

  it('says "many" once for a statement that changes many rows', async () => {
    const client = await stream(root.authorization);
    const country = await createCountry(t.db);
    await sql`insert into cities (country_id, name_en, name_uk)
      select ${country.id}, 'Town ' || i, 'Місто ' || i from generate_series(1, 600) as i`.execute(t.db);
    await hasChange(client, (change) => change.resource === 'auth.cities' && change.op === 'many');
    expect(client.changes().filter((c) => c.resource === 'auth.cities')).toEqual([
      expect.objectContaining({ id: null, op: 'many', version: null }),
    ]);
  });

  it('never names a row, or a resource, the administrator may not list', async () => {
    const countriesOnly = await adminWithGrants(t, [{ resource: 'auth.countries', action: 'list' }]);
    const someUsers = await adminWithGrants(t, [
      { resource: 'auth.users', action: 'list', where: { status: { eq: STATUS.active } } },
    ]);
    const a = await stream(countriesOnly.headers.authorization);
    const b = await stream(someUsers.headers.authorization);
    const { user } = await createUser(t.db, { status: STATUS.banned });
    const country = await createCountry(t.db);
    await hasChange(a, (change) => change.resource === 'auth.countries' && change.id === String(country.id));
    await hasChange(b, (change) => change.resource === 'auth.users');
    expect(a.changes().some((change) => change.resource === 'auth.users')).toBe(false);
    // A scoped reader learns that users changed, never which one.
    expect(b.changes().filter((change) => change.resource === 'auth.users')).toEqual([
      expect.objectContaining({ id: null, op: 'many', version: null, actor: null }),
    ]);
    expect(JSON.stringify(b.frames)).not.toContain(`"${user.id}"`);
    expect(b.changes().some((change) => change.resource === 'auth.countries')).toBe(false);
  });

  it('resumes after a dropped connection with Last-Event-ID, losing and repeating nothing', async () => {
    // Each step is a change, or a dropped connection: before or after the last change arrived, with
    // changes made while no stream is open, then a reconnect from the last id received.
    const step = fc.oneof(
      fc.constant({ kind: 'change' as const }),
      fc.record({
        kind: fc.constant('drop' as const),
        afterLastArrived: fc.boolean(),
        madeWhileAway: fc.integer({ min: 0, max: 2 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 2, maxLength: 6 }), async (steps) => {
        const made: string[] = [];
        const seen: string[] = [];
        const change = async () => made.push(String((await createCountry(t.db)).id));
        let client = await stream(root.authorization);
        try {
          for (const next of steps) {
            await change();
            if (next.kind === 'change') continue;
            if (next.afterLastArrived) {
              await client.until((frames) => frames.some((frame) => frame.change?.id === made.at(-1)));
            }
            seen.push(...takeCountries(client));
            const last = client.lastId;
            client.close();
            for (let i = 0; i < next.madeWhileAway; i += 1) await change();
            client = await stream(root.authorization, last);
          }
          // A last change after the last drop: once it is in, anything lost or repeated would be too.
          await change();
          await client.until((frames) => frames.some((frame) => frame.change?.id === made.at(-1)));
          seen.push(...takeCountries(client));
          expect(seen).toEqual(made);
        } finally {
          client.close();
        }
      }),
      // A handful of runs of a handful of changes: each change is a real write and a real delivery.
      { numRuns: 8 },
    );
  });

  it('tells a stream whose position is no longer kept to reload', async () => {
    const before = await stream(root.authorization);
    const position = before.lastId;
    before.close();
    await createCountry(t.db);
    await sql`update change_events set at = at - interval '1 hour'`.execute(t.db);
    await t.changeFeed.prune();
    const client = await stream(root.authorization, position);
    await client.until((frames) => frames.some((frame) => frame.event === 'reset'));
    expect(client.changes()).toEqual([]);
  });

  it("ends when the administrator's groups change, so the panel reconnects with its new rights", async () => {
    const reader = await adminWithGrants(t, [{ resource: 'auth.countries', action: 'list' }]);
    const client = await stream(reader.headers.authorization);
    await t.db
      .updateTable('admin_groups')
      .set({ description: 'changed' })
      .where('id', '=', reader.group.id)
      .execute();
    await client.until(() => client.ended).catch(() => undefined);
    expect(client.ended).toBe(true);
    expect(client.frames.map((frame) => frame.event)).toContain('access');
  });

  it('tells an administrator of a change to their own record (their profile) even when they may not list administrators', async () => {
    const reader = await adminWithGrants(t, [{ resource: 'auth.countries', action: 'list' }]);
    // The feed has read past the reader's creation before their stream opens (a change made after it
    // has reached a stream): read late on a busy machine, that change to their own record would end
    // the stream before the one this test makes.
    const watcher = await stream(root.authorization);
    const marker = await createCountry(t.db);
    await hasChange(
      watcher,
      (change) => change.resource === 'auth.countries' && change.id === String(marker.id),
    );
    const client = await stream(reader.headers.authorization);
    // Another administrator changes their name through the administrators' form.
    await t.db
      .updateTable('admins')
      .set({ first_name: 'Renamed' })
      .where('id', '=', reader.admin.id)
      .execute();
    await client.until(() => client.ended).catch(() => undefined);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/auth/admin/profile',
      headers: reader.headers,
    });
    expect(client.changes()).toContainEqual(
      expect.objectContaining({
        resource: 'auth.admins',
        id: String(reader.admin.id),
        op: 'update',
        version: profile.headers.etag,
      }),
    );
    // Nobody else's administrator record reaches them.
    expect(client.changes().every((change) => change.id === String(reader.admin.id))).toBe(true);
    expect(client.frames.map((frame) => frame.event)).toContain('access');
  });

  if (kind === 'postgres') {
    it('delivers an event whose transaction commits after a later one, in commit-safe order', async () => {
      const client = await stream(root.authorization);
      const url = t.databaseUrl ?? '';
      const early = await withClient(url, async (slow) => {
        await slow.query('begin');
        const { rows } = await slow.query<{ id: number }>(
          "insert into countries (code, name_en, name_uk) values ('QA', 'Early', 'Рання') returning id",
        );
        const late = await createCountry(t.db);
        // The later transaction has committed; its event waits for the earlier one.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(client.changes().some((change) => change.id === String(late.id))).toBe(false);
        await slow.query('commit');
        return { early: String(rows[0]?.id), late: String(late.id) };
      });
      await hasChange(client, (change) => change.id === early.late);
      const ids = client.changes().map((change) => change.id);
      expect(ids).toContain(early.early);
      expect(ids.indexOf(early.early)).toBeLessThan(ids.indexOf(early.late));
    });

    it('does not wait for a long write transaction in another database of the same server', async () => {
      const client = await stream(root.authorization);
      // Transaction ids are the server's: this one, open in the server's admin database, is older
      // than the country's, and only a transaction of Pult's own database may hold its events back.
      await withClient(process.env.TEST_DATABASE_URL ?? '', async (elsewhere) => {
        await elsewhere.query('begin');
        await elsewhere.query('select pg_current_xact_id()');
        try {
          const country = await createCountry(t.db);
          await hasChange(
            client,
            (change) => change.resource === 'auth.countries' && change.id === String(country.id),
          );
        } finally {
          await elsewhere.query('rollback');
        }
      });
    });

    it("reaches a stream on another process, through PostgreSQL's notifications", async () => {
      const second = await startSecondProcess(t);
      try {
        const otherUrl = await second.other.app.listen({ port: 0, host: '127.0.0.1' });
        const client = await openLiveStream(otherUrl, root.authorization);
        open.push(client);
        const { user } = await createUser(t.db);
        const saved = await save(user.id, { last_name: 'Kosach' });
        await hasChange(
          client,
          (change) => change.id === String(user.id) && change.version === saved.headers.etag,
        );
        client.close();
      } finally {
        await second.close();
      }
    });
  }
});

/** The country ids a stream has received, in order (and forgets them, for the next connection). */
function takeCountries(client: LiveStreamClient): string[] {
  const ids = client
    .changes()
    .filter((change) => change.resource === 'auth.countries' && change.op === 'insert')
    .map((change) => change.id ?? '');
  client.frames.length = 0;
  return ids;
}
