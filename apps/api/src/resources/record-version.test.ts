import {
  adminUpdateSchema,
  bucketUpdateSchema,
  channelUserRoleSchema,
  cityWriteSchema,
  countryWriteSchema,
  groupWriteSchema,
  pushConfigWriteSchema,
  STATUS,
  settingUpdateSchema,
  smsConfigWriteSchema,
  smtpConfigWriteSchema,
  templateWriteSchema,
  translationWriteSchema,
  userUpdateSchema,
} from '@pult/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PultApp } from '../app.js';
import { CHAT, chatUser, groupChannel } from '../modules/chat/test-support/chat-factories.js';
import { pushBody, smsBody, smtpBody } from '../modules/notification/configs/config-bodies.test-support.js';
import {
  adminHeaders,
  adminWithGrants,
  createAdmin,
  createCity,
  createCountry,
  createGroup,
  createTemplate,
  createTranslation,
  createUser,
} from '../test/factories.js';
import { startSecondProcess } from '../test/second-process.js';
import { createBucket, STORAGE } from '../test/storage-factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-database.js';

const NOTIFICATION = '/notification/api/v1/admin';
const VERSION_TAG = /^W\/"\d+"$/;

type Headers = Record<string, string>;
type Body = Record<string, unknown>;

/** The writable fields of a record as a `GET` shows them: a form's body, secrets left out. */
function bodyOf(item: Body, schema: { shape: Record<string, unknown> }): Body {
  return Object.fromEntries(
    Object.keys(schema.shape)
      .filter((field) => item[field] !== undefined)
      .map((field) => [field, item[field]]),
  );
}

interface RecordCase {
  name: string;
  /** The record's URL, once made. */
  make(t: TestApp, headers: Headers): Promise<string>;
  schema: { shape: Record<string, unknown> };
  /** A change of the form's body, different every time `n` is. */
  change(body: Body, n: number): Body;
}

let made = 0;
const unique = () => {
  made += 1;
  return `${made}${Date.now().toString(36)}`;
};

async function created(response: LightMyRequestResponse): Promise<Body> {
  if (response.statusCode !== 201) throw new Error(`Not created: ${response.statusCode} ${response.body}`);
  return response.json<Body>();
}

/** Every record resource with an edit form. */
const RECORDS: RecordCase[] = [
  {
    name: 'users',
    make: async (t) => `/auth/admin/users/${(await createUser(t.db)).user.id}`,
    schema: userUpdateSchema,
    change: (body, n) => ({ ...body, first_name: `Lesia ${n}` }),
  },
  {
    name: 'admins',
    make: async (t) => `/auth/admin/admins/${(await createAdmin(t.db, { groups: [] })).admin.id}`,
    schema: adminUpdateSchema,
    change: (body, n) => ({ ...body, first_name: `Taras ${n}` }),
  },
  {
    name: 'countries',
    make: async (t) => `/auth/admin/countries/${(await createCountry(t.db)).id}`,
    schema: countryWriteSchema,
    change: (body, n) => ({ ...body, name_en: `Country ${n}` }),
  },
  {
    name: 'cities',
    make: async (t) => `/auth/admin/cities/${(await createCity(t.db, (await createCountry(t.db)).id)).id}`,
    schema: cityWriteSchema,
    change: (body, n) => ({ ...body, name_en: `City ${n}` }),
  },
  {
    name: 'settings',
    make: async (t, headers) => {
      const key = `test.version-${unique()}`;
      await created(
        await t.app.inject({
          method: 'POST',
          url: '/auth/admin/settings',
          headers,
          payload: { key, type: 'string', value: 'first' },
        }),
      );
      return `/auth/admin/settings/${key}`;
    },
    schema: settingUpdateSchema,
    change: (body, n) => ({ ...body, value: `value ${n}` }),
  },
  {
    name: 'groups',
    make: async (t) =>
      `/auth/admin/groups/${(await createGroup(t.db, `versions-${unique()}`, [{ resource: 'auth.users', action: 'list' }])).id}`,
    schema: groupWriteSchema,
    change: (body, n) => ({ ...body, description: `Description ${n}` }),
  },
  {
    name: 'templates',
    make: async (t) => `${NOTIFICATION}/templates/${(await createTemplate(t.db)).id}`,
    schema: templateWriteSchema,
    change: (body, n) => ({ ...body, content: `<p>Hello ${n}, {name}!</p>` }),
  },
  {
    name: 'translations',
    make: async (t) =>
      `${NOTIFICATION}/translations/${(await createTranslation(t.db, 'versions', `key_${unique()}`, { 'en-US': 'One' })).id}`,
    schema: translationWriteSchema,
    change: (body, n) => ({ ...body, value_en: `Text ${n}` }),
  },
  ...(
    [
      ['smtp-configs', smtpConfigWriteSchema, smtpBody],
      ['sms-configs', smsConfigWriteSchema, smsBody],
      ['push-configs', pushConfigWriteSchema, pushBody],
    ] as const
  ).map(
    ([path, schema, body]): RecordCase => ({
      name: path,
      make: async (t, headers) => {
        const response = await t.app.inject({
          method: 'POST',
          url: `${NOTIFICATION}/${path}`,
          headers,
          payload: body({ name: `Versions ${unique()}` }),
        });
        return `${NOTIFICATION}/${path}/${(await created(response)).id}`;
      },
      schema,
      change: (item, n) => ({ ...item, name: `Versions ${n} ${unique()}` }),
    }),
  ),
  {
    name: 'buckets',
    make: async (t, headers) => `${STORAGE}/admin/buckets/${(await createBucket(t, headers)).id}`,
    schema: bucketUpdateSchema,
    change: (body, n) => ({ ...body, size_limit_mb: (n % 50) + 2 }),
  },
  {
    name: 'channel-users',
    make: async (t) => {
      const owner = await chatUser(t, 'Ann');
      const member = await chatUser(t, 'Bob');
      const channel = await groupChannel(t, owner, [member]);
      const row = await t.db
        .selectFrom('chat_channel_users')
        .select('id')
        .where('channel_id', '=', channel.id)
        .where('user_uid', '=', member.uid)
        .executeTakeFirstOrThrow();
      return `${CHAT}/admin/channel-users/${row.id}`;
    },
    schema: channelUserRoleSchema,
    // Every n names another role than n - 1, so each save from the record before it changes it.
    change: (body, n) => ({ ...body, role: (['user', 'moderator', 'admin'] as const)[n % 3] }),
  },
];

describe.each(testDatabaseKinds())('record versions on %s', (kind) => {
  let t: TestApp;
  let headers: Headers;

  beforeAll(async () => {
    t = await createTestApp(kind);
    headers = await adminHeaders(t);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const call = (
    method: 'GET' | 'PUT' | 'DELETE' | 'POST',
    url: string,
    options: { ifMatch?: string; payload?: object; as?: Headers } = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...(options.as ?? headers), ...(options.ifMatch ? { 'if-match': options.ifMatch } : {}) },
      ...(options.payload ? { payload: options.payload } : {}),
    });
  const read = async (url: string, as?: Headers) => {
    const response = await call('GET', url, as ? { as } : {});
    expect(response.statusCode, response.body).toBe(200);
    const etag = String(response.headers.etag);
    expect(etag).toMatch(VERSION_TAG);
    return { etag, item: response.json<Body>() };
  };

  /** The row of the record `url` names, as its list answers it (searched page by page). */
  const listedRow = async (url: string): Promise<Body> => {
    const id = decodeURIComponent(url.slice(url.lastIndexOf('/') + 1));
    for (let page = 1; ; page++) {
      const response = await call('GET', `${url.slice(0, url.lastIndexOf('/'))}?perPage=100&page=${page}`);
      expect(response.statusCode, response.body).toBe(200);
      const list = response.json<{ items: Body[]; pageCount: number }>();
      const row = list.items.find((item) => String(item.id ?? item.key) === id);
      if (row) return row;
      if (page >= list.pageCount) throw new Error(`${url} is not in its list`);
    }
  };

  describe.each(RECORDS)('$name', (record) => {
    it('lists its row with the version its GET answers, so a delete from a stale row is refused', async () => {
      const url = await record.make(t, headers);
      const opened = await read(url);
      const row = await listedRow(url);
      expect(row.version).toBe(opened.etag);

      // Another administrator saves the record after the list was read.
      const saved = await call('PUT', url, {
        payload: record.change(bodyOf(opened.item, record.schema), 7),
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const staleDelete = await call('DELETE', url, { ifMatch: String(row.version) });
      expect(staleDelete.statusCode, staleDelete.body).toBe(412);
      const now = await listedRow(url);
      expect(now.version).toBe(saved.headers.etag);
      const gone = await call('DELETE', url, { ifMatch: String(now.version) });
      expect(gone.statusCode, gone.body).toBe(200);
    });

    it('answers its version, takes a save only at that version, and refuses a stale one with the record now', async () => {
      const url = await record.make(t, headers);
      const opened = await read(url);
      expect((await read(url)).etag).toBe(opened.etag);

      const saved = await call('PUT', url, {
        ifMatch: opened.etag,
        payload: record.change(bodyOf(opened.item, record.schema), 1),
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const newTag = String(saved.headers.etag);
      expect(newTag).toMatch(VERSION_TAG);
      expect(newTag).not.toBe(opened.etag);
      const now = await read(url);
      expect(now.etag).toBe(newTag);

      // The other administrator's form was opened before that save.
      const stale = await call('PUT', url, {
        ifMatch: opened.etag,
        payload: record.change(bodyOf(opened.item, record.schema), 2),
      });
      expect(stale.statusCode, stale.body).toBe(412);
      expect(stale.headers.etag).toBe(newTag);
      expect(stale.json()).toEqual({ message: expect.any(String), current: now.item });
      expect(await read(url)).toEqual(now);

      const staleDelete = await call('DELETE', url, { ifMatch: opened.etag });
      expect(staleDelete.statusCode, staleDelete.body).toBe(412);
      expect(staleDelete.json()).toEqual({ message: expect.any(String), current: now.item });
      expect(await read(url)).toEqual(now);

      // A strong tag of the same version, or one in a list, matches too (the version is compared).
      const listed = await call('PUT', url, {
        ifMatch: `"1", ${newTag.slice(2)}`,
        payload: record.change(bodyOf(now.item, record.schema), 3),
      });
      expect(listed.statusCode, listed.body).toBe(200);
      const gone = await call('DELETE', url, { ifMatch: String(listed.headers.etag) });
      expect(gone.statusCode, gone.body).toBe(200);
    });

    it('keeps today’s behaviour without If-Match, and takes `*` as any version', async () => {
      const url = await record.make(t, headers);
      const opened = await read(url);
      const plain = await call('PUT', url, { payload: record.change(bodyOf(opened.item, record.schema), 4) });
      expect(plain.statusCode, plain.body).toBe(200);
      expect(plain.headers.etag).toBe((await read(url)).etag);
      const any = await call('PUT', url, {
        ifMatch: '*',
        payload: record.change(bodyOf(opened.item, record.schema), 5),
      });
      expect(any.statusCode, any.body).toBe(200);
      // A header that is no list of entity tags names no version: the precondition fails.
      const broken = await call('PUT', url, {
        ifMatch: 'not-a-tag',
        payload: record.change(bodyOf(opened.item, record.schema), 6),
      });
      expect(broken.statusCode, broken.body).toBe(412);
      expect((await call('DELETE', url)).statusCode).toBe(200);
    });
  });

  it('documents the 412 answer of every save and delete in /openapi.json', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const paths = document.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    const oneRecord = Object.entries(paths).filter(([path, item]) => path.endsWith('/{id}') && item.put);
    expect(oneRecord.map(([path]) => path)).toEqual(
      expect.arrayContaining(['/auth/admin/users/{id}', `${STORAGE}/admin/buckets/{id}`]),
    );
    for (const [path, item] of oneRecord) {
      expect(item.put?.responses['412'], path).toBeDefined();
      expect(item.delete?.responses['412'], path).toBeDefined();
    }
  });

  it('lets a panel on the allowed origin send If-Match and read ETag (CORS)', async () => {
    const origin = new URL(t.config.publicUrl).origin;
    const url = `/auth/admin/countries/${(await createCountry(t.db)).id}`;
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url,
      headers: {
        origin,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization,content-type,if-match',
      },
    });
    expect(String(preflight.headers['access-control-allow-headers'])).toMatch(/\bIf-Match\b/);
    const answer = await t.app.inject({ method: 'GET', url, headers: { ...headers, origin } });
    expect(answer.headers.etag).toMatch(VERSION_TAG);
    expect(String(answer.headers['access-control-expose-headers'])).toMatch(/\bETag\b/);
  });

  it('answers 404, not 412, for a record that does not exist', async () => {
    const stale = await call('PUT', '/auth/admin/countries/999999', {
      ifMatch: 'W/"1"',
      payload: { code: 'ZZ', name_uk: 'Зет', name_en: 'Zed' },
    });
    expect(stale.statusCode).toBe(404);
    expect((await call('DELETE', '/auth/admin/countries/999999', { ifMatch: 'W/"1"' })).statusCode).toBe(404);
  });

  it('answers the 412 in the request’s language', async () => {
    const url = `/auth/admin/countries/${(await createCountry(t.db)).id}`;
    const stale = await call('DELETE', url, { ifMatch: 'W/"1"', as: { ...headers, Lang: 'uk-UA' } });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().message).toMatch(/^Хтось інший змінив цей запис/);
    const english = await call('DELETE', url, { ifMatch: 'W/"1"' });
    expect(english.json().message).toMatch(/^Someone else changed this record/);
  });

  describe('every write path changes the version', () => {
    it('a bulk action', async () => {
      const { user } = await createUser(t.db);
      const url = `/auth/admin/users/${user.id}`;
      const before = await read(url);
      const bulk = await call('POST', '/auth/admin/users/bulk', {
        payload: { action: 'setStatus', value: STATUS.locked, ids: [user.id] },
      });
      expect(bulk.json()).toMatchObject({ updated: 1 });
      const after = await read(url);
      expect(after.etag).not.toBe(before.etag);
      const stale = await call('PUT', url, {
        ifMatch: before.etag,
        payload: bodyOf({ ...before.item, phone: '+380501112233' }, userUpdateSchema),
      });
      expect(stale.statusCode).toBe(412);
      expect(stale.json().current).toMatchObject({ status: STATUS.locked, phone: before.item.phone });
    });

    it('a module action: adding an administrator to a group', async () => {
      const { admin } = await createAdmin(t.db, { groups: [] });
      const group = await createGroup(t.db, `members-${unique()}`, []);
      const url = `/auth/admin/admins/${admin.id}`;
      const before = await read(url);
      const added = await call('PUT', `/auth/admin/groups/${group.id}/members/${admin.id}`);
      expect(added.statusCode, added.body).toBe(200);
      const after = await read(url);
      expect(after.etag).not.toBe(before.etag);
      expect(after.item.groups).toEqual([group.name]);
      const stale = await call('PUT', url, {
        ifMatch: before.etag,
        payload: bodyOf({ ...before.item, first_name: 'Ivan' }, adminUpdateSchema),
      });
      expect(stale.statusCode).toBe(412);
      // Saving the old form would have taken the new membership away.
      expect((await read(url)).item.groups).toEqual([group.name]);
    });

    it('a module action: another configuration taking the default', async () => {
      const first = await created(
        await call('POST', `${NOTIFICATION}/sms-configs`, {
          payload: smsBody({ name: `Default ${unique()}`, is_default: true }),
        }),
      );
      const url = `${NOTIFICATION}/sms-configs/${first.id}`;
      const before = await read(url);
      await created(
        await call('POST', `${NOTIFICATION}/sms-configs`, {
          payload: smsBody({ name: `Default ${unique()}`, is_default: true }),
        }),
      );
      const after = await read(url);
      expect(after.item.is_default).toBe(false);
      expect(after.etag).not.toBe(before.etag);
    });

    it('a module action: retrying a failed e-mail (its detail answers a version too)', async () => {
      const email = await t.db
        .insertInto('email_queue')
        .values({
          email_to: `retry-${unique()}@pult.test`,
          template_name: 'welcome',
          message_id: `<${unique()}@pult.test>`,
          subject: 'Hello',
          body_text: 'Hello',
          body_html: null,
          status: 'failed',
          max_attempts: 1,
          next_attempt_at: new Date(t.time.clock()),
          updated_at: new Date(t.time.clock()),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const url = `${NOTIFICATION}/email-queue/${email.id}`;
      const before = await read(url);
      const retried = await call('POST', `${url}/retry`);
      expect(retried.statusCode, retried.body).toBe(200);
      const after = await read(url);
      expect(after.item.status).toBe('pending');
      expect(after.etag).not.toBe(before.etag);
      expect(retried.headers.etag).toBe(after.etag);
    });

    it('a module action: resolving an error group (its detail answers a version too)', async () => {
      const service = await t.db
        .insertInto('storage_log_names')
        .values({ kind: 'service', name: `versions-${unique()}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      const now = new Date(t.time.clock());
      const group = await t.db
        .insertInto('storage_error_groups')
        .values({
          fingerprint: `fp-${unique()}`,
          service_id: service.id,
          level: 'error',
          message: 'Boom',
          top_frame: null,
          count: 1,
          first_seen: now,
          last_seen: now,
          resolved_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const url = `${STORAGE}/admin/error-groups/${group.id}`;
      const before = await read(url);
      const resolved = await call('POST', `${url}/resolve`);
      expect(resolved.statusCode, resolved.body).toBe(200);
      const after = await read(url);
      expect(after.item.status).toBe('resolved');
      expect(after.etag).not.toBe(before.etag);
      expect(resolved.headers.etag).toBe(after.etag);
    });

    it('any other writer of the row (a worker, a migration, SQL by hand)', async () => {
      const template = await createTemplate(t.db);
      const url = `${NOTIFICATION}/templates/${template.id}`;
      const before = await read(url);
      await t.db
        .updateTable('notification_templates')
        .set({ priority: 3 })
        .where('id', '=', template.id)
        .execute();
      expect((await read(url)).etag).not.toBe(before.etag);
    });
  });

  it('lets exactly one of 20 concurrent saves from one version through', async () => {
    const { user } = await createUser(t.db);
    const url = `/auth/admin/users/${user.id}`;
    const opened = await read(url);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        call('PUT', url, {
          ifMatch: opened.etag,
          payload: bodyOf({ ...opened.item, first_name: `Racer ${n}` }, userUpdateSchema),
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(412)]);
    const winner = answers.find((answer) => answer.statusCode === 200);
    const now = await read(url);
    expect(now.item.first_name).toBe(winner?.json().first_name);
    expect(now.etag).toBe(winner?.headers.etag);
    // Every loser was shown the winner's record.
    for (const answer of answers.filter((answer) => answer.statusCode === 412)) {
      expect(answer.json().current).toEqual(now.item);
    }
  });

  it('lets exactly one of 20 concurrent deletes and saves from one version through', async () => {
    const country = await createCountry(t.db);
    const url = `/auth/admin/countries/${country.id}`;
    const opened = await read(url);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        n % 2 === 0
          ? call('DELETE', url, { ifMatch: opened.etag })
          : call('PUT', url, {
              ifMatch: opened.etag,
              payload: bodyOf({ ...opened.item, name_en: `Racer ${n}` }, countryWriteSchema),
            }),
      ),
    );
    const winners = answers.filter((answer) => answer.statusCode === 200);
    expect(winners).toHaveLength(1);
    // The others were refused: 412 while the record is there, 404 once a delete won.
    for (const answer of answers) expect([200, 404, 412]).toContain(answer.statusCode);
  });

  it('takes locks in one order: saves of an administrator and membership changes never deadlock', async () => {
    const group = await createGroup(t.db, `order-${unique()}`, []);
    const admins = await Promise.all(Array.from({ length: 6 }, () => createAdmin(t.db, { groups: [] })));
    const answers = await Promise.all(
      admins.flatMap(({ admin }) => [
        (async () => {
          const opened = await read(`/auth/admin/admins/${admin.id}`);
          return call('PUT', `/auth/admin/admins/${admin.id}`, {
            ifMatch: opened.etag,
            payload: bodyOf({ ...opened.item, first_name: 'Ordered' }, adminUpdateSchema),
          });
        })(),
        call('PUT', `/auth/admin/groups/${group.id}/members/${admin.id}`),
        call('POST', '/auth/admin/admins/bulk', {
          payload: { action: 'setStatus', value: STATUS.active, ids: [admin.id] },
        }),
      ]),
    );
    for (const answer of answers) expect([200, 412], answer.body).toContain(answer.statusCode);
  });

  it('shows a scoped administrator the current record only as far as their grants read it', async () => {
    const scoped = await adminWithGrants(t, [
      {
        resource: 'auth.users',
        action: 'read',
        where: { status: { eq: STATUS.active } },
        fields: ['id', 'email', 'first_name', 'last_name', 'status'],
      },
      { resource: 'auth.users', action: 'read', where: { status: { eq: STATUS.locked } } },
      { resource: 'auth.users', action: 'update', where: { status: { in: [STATUS.active, STATUS.locked] } } },
    ]);
    const { user } = await createUser(t.db, { phone: '+380501234567', about_me: 'private' });
    const url = `/auth/admin/users/${user.id}`;
    const opened = await read(url, scoped.headers);
    expect(opened.item).not.toHaveProperty('phone');
    await t.db.updateTable('users').set({ first_name: 'Changed' }).where('id', '=', user.id).execute();
    const body = bodyOf({ ...user, first_name: 'Mine' }, userUpdateSchema);
    const stale = await call('PUT', url, { as: scoped.headers, ifMatch: opened.etag, payload: body });
    expect(stale.statusCode, stale.body).toBe(412);
    expect(stale.json().current).toEqual({ ...opened.item, first_name: 'Changed' });
    expect(stale.json().current).not.toHaveProperty('phone');
    expect(stale.body).not.toContain('private');

    // Locked, the record meets the wider read grant: every field shows.
    await t.db.updateTable('users').set({ status: STATUS.locked }).where('id', '=', user.id).execute();
    const locked = await call('PUT', url, {
      as: scoped.headers,
      ifMatch: opened.etag,
      payload: { ...body, status: STATUS.locked },
    });
    expect(locked.statusCode, locked.body).toBe(412);
    expect(locked.json().current).toMatchObject({ phone: '+380501234567', about_me: 'private' });
  });

  it('hides the current record from an administrator who may update but not read it', async () => {
    const writer = await adminWithGrants(t, [
      { resource: 'auth.users', action: 'update', where: { status: { eq: STATUS.active } } },
      { resource: 'auth.users', action: 'read', where: { status: { eq: STATUS.locked } } },
    ]);
    const { user } = await createUser(t.db, { phone: '+380501234567' });
    const stale = await call('PUT', `/auth/admin/users/${user.id}`, {
      as: writer.headers,
      ifMatch: 'W/"1"',
      payload: bodyOf({ ...user, first_name: 'Mine' }, userUpdateSchema),
    });
    expect(stale.statusCode, stale.body).toBe(412);
    expect(stale.json().current).toEqual({ id: user.id });
  });
});

/**
 * Two server processes on one PostgreSQL database: the version check is the database's, so saves
 * from one version through both processes still let exactly one through.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('record versions across two server processes', () => {
  let t: TestApp;
  let other: PultApp;
  let closeOther: () => Promise<void>;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    ({ other, close: closeOther } = await startSecondProcess(t));
  }, 60_000);
  afterAll(async () => {
    await closeOther?.();
    await t?.close();
  });

  it('lets exactly one of 20 concurrent saves from one version through, across both', async () => {
    const headers = await adminHeaders(t);
    const template = await createTemplate(t.db);
    const url = `${NOTIFICATION}/templates/${template.id}`;
    const opened = await t.app.inject({ method: 'GET', url, headers });
    const etag = String(opened.headers.etag);
    // The other process answers the same version.
    expect((await other.app.inject({ method: 'GET', url, headers })).headers.etag).toBe(etag);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        (n % 2 === 0 ? t.app : other.app).inject({
          method: 'PUT',
          url,
          headers: { ...headers, 'if-match': etag },
          payload: bodyOf({ ...opened.json(), content: `<p>Racer ${n}</p>` }, templateWriteSchema),
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, ...Array(19).fill(412)]);
    const winner = answers.find((answer) => answer.statusCode === 200);
    const now = await other.app.inject({ method: 'GET', url, headers });
    expect(now.headers.etag).toBe(winner?.headers.etag);
    expect(now.json().content).toBe(winner?.json().content);
  });
});
