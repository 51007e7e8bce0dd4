import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, signIn } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

const PROFILE = '/auth/admin/profile';
const VERSION_TAG = /^W\/"\d+"$/;

type Body = Record<string, unknown>;

/** The profile form's body, from the profile as `GET` shows it. */
const formBody = (profile: Body, change: Body = {}) => ({
  first_name: profile.first_name,
  last_name: profile.last_name,
  username: profile.username,
  phone: profile.phone,
  photo: profile.photo,
  about_me: profile.about_me,
  ...change,
});

/**
 * The profile is the signed-in administrator's own admins row, saved by a route of its own: it has a
 * version like every record with a form (docs/architecture.md, "Record versions").
 */
describe.each(testDatabaseKinds())('the profile’s version on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  /** A fresh administrator each test: their profile is theirs alone. */
  const signedIn = async (lang: 'en-US' | 'uk-UA' = 'en-US') => {
    const { admin, password } = await createAdmin(t.db);
    const pair = await signIn(t, admin.email, password);
    return { admin, headers: { authorization: `Bearer ${pair.access_token}`, Lang: lang } };
  };
  const read = async (headers: Record<string, string>) => {
    const response = await t.app.inject({ method: 'GET', url: PROFILE, headers });
    expect(response.statusCode, response.body).toBe(200);
    const etag = String(response.headers.etag);
    expect(etag).toMatch(VERSION_TAG);
    return { etag, item: response.json<Body>() };
  };
  const put = (headers: Record<string, string>, payload: Body, ifMatch?: string) =>
    t.app.inject({
      method: 'PUT',
      url: PROFILE,
      headers: { ...headers, ...(ifMatch ? { 'if-match': ifMatch } : {}) },
      payload,
    });

  it('answers its version, saves at it, and refuses a stale one with the profile now, changing nothing', async () => {
    const { headers } = await signedIn();
    const opened = await read(headers);
    expect((await read(headers)).etag).toBe(opened.etag);

    const saved = await put(headers, formBody(opened.item, { phone: '+380501112233' }), opened.etag);
    expect(saved.statusCode, saved.body).toBe(200);
    const newTag = String(saved.headers.etag);
    expect(newTag).toMatch(VERSION_TAG);
    expect(newTag).not.toBe(opened.etag);
    const now = await read(headers);
    expect(now.etag).toBe(newTag);

    // A second tab opened before that save.
    const stale = await put(headers, formBody(opened.item, { about_me: 'Mine' }), opened.etag);
    expect(stale.statusCode, stale.body).toBe(412);
    expect(stale.headers.etag).toBe(newTag);
    expect(stale.json()).toEqual({ message: expect.any(String), current: now.item });
    expect(stale.json().current.phone).toBe('+380501112233');
    expect(await read(headers)).toEqual(now);
  });

  it('sees a change through the administrators’ form as a new version', async () => {
    const { admin, headers } = await signedIn();
    const opened = await read(headers);
    await t.db.updateTable('admins').set({ first_name: 'Renamed' }).where('id', '=', admin.id).execute();
    const stale = await put(headers, formBody(opened.item, { last_name: 'Mine' }), opened.etag);
    expect(stale.statusCode, stale.body).toBe(412);
    expect(stale.json().current).toMatchObject({ first_name: 'Renamed', last_name: opened.item.last_name });
  });

  it('keeps today’s behaviour without If-Match and with `*`; a broken header matches nothing', async () => {
    const { headers } = await signedIn();
    const opened = await read(headers);
    const plain = await put(headers, formBody(opened.item, { username: 'plain' }));
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers.etag).toBe((await read(headers)).etag);
    expect((await put(headers, formBody(opened.item, { username: 'any' }), '*')).statusCode).toBe(200);
    expect((await put(headers, formBody(opened.item), 'not-a-tag')).statusCode).toBe(412);
  });

  it('answers the 412 in the request’s language', async () => {
    const { headers } = await signedIn('uk-UA');
    const opened = await read(headers);
    const stale = await put(headers, formBody(opened.item), 'W/"1"');
    expect(stale.statusCode).toBe(412);
    expect(stale.json().message).toMatch(/^Хтось інший змінив цей запис/);
  });

  it('lets exactly one of 20 concurrent saves from one version through', async () => {
    const { headers } = await signedIn();
    const opened = await read(headers);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        put(headers, formBody(opened.item, { first_name: `Racer ${n}` }), opened.etag),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(412)]);
    const winner = answers.find((answer) => answer.statusCode === 200);
    const now = await read(headers);
    expect(now.item.first_name).toBe(winner?.json().first_name);
    expect(now.etag).toBe(winner?.headers.etag);
    for (const answer of answers.filter((answer) => answer.statusCode === 412)) {
      expect(answer.json().current).toEqual(now.item);
    }
  });

  it('declares the 412 in /openapi.json', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(document.paths['/auth/admin/profile'].put.responses['412']).toBeDefined();
  });
});
