import type { ErrorGroup, ErrorItem, ErrorRecord, ListResponse, LogItem, LogRecord } from '@pult/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorageTest, STORAGE } from '../../test/storage-factories.js';
import type { TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

describe.each(testDatabaseKinds())('storage logs and errors on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let service: Record<string, string>;

  beforeAll(async () => {
    ({ t, admin, service } = await openStorageTest(kind));
  });
  afterAll(() => t?.close());

  /** JSON text as sent, so any JSON value (and nesting a serializer would choke on) can be sent. */
  const ingestRaw = (kind: 'logs' | 'errors', json: string, headers = service) =>
    t.app.inject({
      method: 'POST',
      url: `${STORAGE}/${kind}`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: json,
    });
  const ingest = (kind: 'logs' | 'errors', payload: unknown, headers = service) =>
    ingestRaw(kind, JSON.stringify(payload), headers);
  const adminGet = <T>(url: string) =>
    t.app.inject({ method: 'GET', url: `${STORAGE}${url}`, headers: admin }).then((r) => {
      if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
      return r.json<T>();
    });
  const adminPost = (url: string, payload?: object) =>
    t.app.inject({
      method: 'POST',
      url: `${STORAGE}${url}`,
      headers: admin,
      ...(payload ? { payload } : {}),
    });
  const minutesAgo = (minutes: number) => new Date(t.time.clock().getTime() - minutes * 60_000).toISOString();
  /** A service name of this test only, so lists can be narrowed to what the test wrote. */
  let sequence = 0;
  const serviceName = () => `svc-${kind}-${++sequence}`;
  async function serviceId(name: string) {
    const lookup = await adminGet<{ items: { value: number; label: string }[] }>(
      '/admin/log-services/lookup',
    );
    return lookup.items.find((item) => item.label === name)?.value;
  }

  describe('ingestion', () => {
    it('needs the storage API key', async () => {
      const entry = { message: 'x', level: 'info', service: 'web' };
      expect((await ingest('logs', entry, {})).statusCode).toBe(401);
      expect((await ingest('logs', entry, admin)).statusCode).toBe(401);
      expect((await ingest('errors', entry, { 'x-api-key': 'nope' })).statusCode).toBe(401);
    });

    it('stores one entry with the client’s time and its own receive time', async () => {
      const name = serviceName();
      const response = await ingest('logs', {
        message: 'Користувач увійшов',
        level: 'info',
        service: name,
        environment: 'staging',
        trace_log: 'line 1\nline 2',
        context: { user: { id: 7, roles: ['a', 'b'] } },
        created_at: minutesAgo(5),
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toEqual({ accepted: 1 });
      const id = await serviceId(name);
      const list = await adminGet<ListResponse<LogItem>>(`/admin/logs?filter[service_id]=${id}`);
      expect(list.items).toHaveLength(1);
      expect(list.items[0]).toMatchObject({
        message: 'Користувач увійшов',
        service: name,
        environment: 'staging',
      });
      expect(list.items[0]).not.toHaveProperty('context');
      const record = await adminGet<LogRecord>(`/admin/logs/${list.items[0]?.id}`);
      expect(record).toMatchObject({
        trace_log: 'line 1\nline 2',
        context: { user: { id: 7, roles: ['a', 'b'] } },
        created_at: minutesAgo(5),
        received_at: t.time.clock().toISOString(),
      });
    });

    it('refuses a batch with bad entries whole, naming each bad index', async () => {
      const name = serviceName();
      const response = await ingest('logs', [
        { message: 'fine', level: 'info', service: name },
        { message: 'bad level', level: 'verbose', service: name },
        { message: '', level: 'warn', service: name, extra: 1 },
        {
          message: 'future',
          level: 'info',
          service: name,
          created_at: new Date(t.time.clock().getTime() + 2 * 3600_000).toISOString(),
        },
        { message: 'bad service', level: 'info', service: 'no spaces allowed' },
      ]);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: {
          '1.level': ['Choose one of the options'],
          '2.message': ['This field is required'],
          '2.extra': ['Unknown field'],
          '3.created_at': ['The time is more than an hour ahead of the server’s clock'],
          '4.service': ['Use 1–100 letters, digits, dots, dashes and underscores'],
        },
      });
      expect(await serviceId(name)).toBeUndefined();
      const count = await t.db
        .selectFrom('storage_logs')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(1);
    });

    it('takes 1 to 1,000 entries and refuses other shapes', async () => {
      const entry = { message: 'm', level: 'debug', service: serviceName() };
      expect(
        (
          await ingest(
            'logs',
            Array.from({ length: 1000 }, () => entry),
          )
        ).json(),
      ).toEqual({ accepted: 1000 });
      for (const body of [[], Array.from({ length: 1001 }, () => entry), 'text', 42]) {
        const response = await ingest('logs', body);
        expect(response.statusCode).toBe(422);
        expect(response.json()).toEqual({ message: 'Send one entry or a batch of 1 to 1,000 entries' });
      }
    });

    it('limits the context to 64 KB and 64 levels, never failing on a deep one', async () => {
      const base = { message: 'ctx', level: 'info', service: serviceName() };
      const big = await ingest('logs', { ...base, context: { blob: 'x'.repeat(64 * 1024) } });
      expect(big.json()).toEqual({ message: { context: ['The context is larger than 64 KB'] } });
      const nested = (depth: number) => `${'{"d":'.repeat(depth)}1${'}'.repeat(depth)}`;
      const batchWithContext = (context: string) =>
        `[${JSON.stringify(base)},${JSON.stringify(base).slice(0, -1)},"context":${context}}]`;
      const tooDeep = await ingestRaw('logs', batchWithContext(nested(100)));
      expect(tooDeep.statusCode).toBe(422);
      expect(tooDeep.json()).toEqual({
        message: { '1.context': ['The context is nested too deeply (64 levels at most)'] },
      });
      // Far deeper, the body itself is refused before it is parsed into a stack-breaking value.
      const wayTooDeep = await ingestRaw('logs', batchWithContext(nested(5000)));
      expect(wayTooDeep.statusCode).toBe(422);
      let fine: unknown = 1;
      for (let i = 0; i < 64; i += 1) fine = [fine];
      expect((await ingest('logs', { ...base, context: fine })).statusCode).toBe(201);
      const nul = await ingest('logs', { ...base, context: { text: 'a\u0000b' } });
      expect(nul.json()).toEqual({ message: { context: ['Invalid value'] } });
    });
  });

  describe('lists', () => {
    it('filters by level, service, environment, message and day', async () => {
      const name = serviceName();
      const yesterday = new Date(t.time.clock().getTime() - 86_400_000);
      await ingest('logs', [
        { message: 'Payment 1 accepted', level: 'info', service: name, environment: 'production' },
        { message: 'Payment 2 declined', level: 'warn', service: name, environment: 'production' },
        { message: 'Payment 3 declined', level: 'warn', service: name, environment: 'staging' },
        { message: 'Old news', level: 'warn', service: name, created_at: yesterday.toISOString() },
      ]);
      const id = await serviceId(name);
      const envs = await adminGet<{ items: { value: number; label: string }[] }>(
        '/admin/log-environments/lookup',
      );
      const staging = envs.items.find((item) => item.label === 'staging')?.value;
      const messages = async (query: string) =>
        (await adminGet<ListResponse<LogItem>>(`/admin/logs?filter[service_id]=${id}&${query}`)).items.map(
          (item) => item.message,
        );
      expect(await messages('filter[level]=warn&filter[message]=DECLINED')).toEqual([
        'Payment 3 declined',
        'Payment 2 declined',
      ]);
      expect(await messages(`filter[environment_id]=${staging}`)).toEqual(['Payment 3 declined']);
      const today = t.time.clock().toISOString().slice(0, 10);
      const day = yesterday.toISOString().slice(0, 10);
      expect(await messages(`filter[created_at]=${day}`)).toEqual(['Old news']);
      expect(await messages(`filter[created_at]=${day},${today}&sort=created_at`)).toHaveLength(4);
      const bad = await t.app.inject({
        method: 'GET',
        url: `${STORAGE}/admin/logs?filter[level]=loud&sort=message`,
        headers: admin,
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json()).toEqual({
        message: { 'filter[level]': ['Choose one of the options'], sort: ['This column cannot be sorted'] },
      });
      expect(
        (await t.app.inject({ method: 'GET', url: `${STORAGE}/admin/logs/999999999`, headers: admin }))
          .statusCode,
      ).toBe(404);
      expect(
        (await t.app.inject({ method: 'GET', url: `${STORAGE}/admin/logs/abc`, headers: admin })).statusCode,
      ).toBe(404);
    });
  });

  describe('triage', () => {
    const trace = (frame: string) => `Error: boom\n    at ${frame}\n    at next (lib/router.js:10:3)`;

    it('groups identical errors, counts them, and keeps first and last seen', async () => {
      const name = serviceName();
      await ingest('errors', [
        {
          message: 'Order 1234 failed for user 9f1c2a7e-0b1d-4c1e-9a3b-2d4e5f607182',
          level: 'error',
          service: name,
          trace_log: trace('pay (src/pay.ts:10:5)'),
          created_at: minutesAgo(30),
        },
        {
          message: 'Order 98 failed for user 00000000-0000-4000-8000-000000000001',
          level: 'error',
          service: name,
          trace_log: trace('pay (src/pay.ts:12:7)'),
          created_at: minutesAgo(10),
        },
        {
          message: 'Order 5 failed for user 00000000-0000-4000-8000-000000000002',
          level: 'fatal',
          service: name,
          trace_log: trace('refund (src/refund.ts:3:1)'),
          created_at: minutesAgo(20),
        },
      ]);
      const id = await serviceId(name);
      const groups = await adminGet<ListResponse<ErrorGroup>>(
        `/admin/error-groups?filter[service_id]=${id}&sort=-count`,
      );
      expect(groups.items.map((group) => [group.count, group.top_frame, group.status])).toEqual([
        [2, 'at pay (src/pay.ts)', 'open'],
        [1, 'at refund (src/refund.ts)', 'open'],
      ]);
      expect(groups.items[0]).toMatchObject({ first_seen: minutesAgo(30), last_seen: minutesAgo(10) });
      const occurrences = await adminGet<ListResponse<ErrorItem>>(
        `/admin/errors?filter[group_id]=${groups.items[0]?.id}`,
      );
      expect(occurrences.total).toBe(2);
      const record = await adminGet<ErrorRecord>(`/admin/errors/${occurrences.items[0]?.id}`);
      expect(record.trace_log).toContain('at pay (src/pay.ts:12:7)');
    });

    it('hides a resolved group from the open view and reopens it on a new occurrence', async () => {
      const name = serviceName();
      const entry = {
        message: 'Timeout after 3000 ms',
        level: 'error',
        service: name,
        trace_log: trace('fetch (a.ts:1:1)'),
      };
      await ingest('errors', entry);
      const id = await serviceId(name);
      const open = async () =>
        (
          await adminGet<ListResponse<ErrorGroup>>(
            `/admin/error-groups?filter[service_id]=${id}&filter[status]=open`,
          )
        ).items;
      const group = (await open())[0]!;
      const resolved = await adminPost(`/admin/error-groups/${group.id}/resolve`);
      expect(resolved.json<ErrorGroup>()).toMatchObject({
        status: 'resolved',
        resolved_at: t.time.clock().toISOString(),
      });
      expect(await open()).toEqual([]);
      t.time.advance(60);
      await ingest('errors', { ...entry, message: 'Timeout after 5000 ms' });
      const reopened = await open();
      expect(reopened.map((g) => [g.id, g.count, g.status, g.resolved_at])).toEqual([
        [group.id, 2, 'open', null],
      ]);
      // The recurrence is an episode of its own: the Errors report keeps the first resolution and
      // times the second from the new occurrence (30 s), not from the first sighting (90 s).
      t.time.advance(30);
      expect((await adminPost(`/admin/error-groups/${group.id}/resolve`)).statusCode).toBe(200);
      const { rows } = await sql<{ resolutions: number; seconds: number }>`select
          (select sum(n) from report_error_resolutions where service_id = ${id})::int as resolutions,
          (select sum(n) from report_error_resolve_seconds where service_id = ${id})::int as seconds`.execute(
        t.db,
      );
      expect(rows[0]).toEqual({ resolutions: 2, seconds: 30 });
      const manual = await adminPost(`/admin/error-groups/${group.id}/reopen`);
      expect(manual.statusCode).toBe(200);
      expect((await adminPost('/admin/error-groups/99999999/resolve')).statusCode).toBe(404);
    });

    it('adds concurrent batches of one error up exactly', async () => {
      const name = serviceName();
      const entry = { message: 'Same fault', level: 'error', service: name };
      const responses = await Promise.all(
        Array.from({ length: 8 }, () =>
          ingest(
            'errors',
            Array.from({ length: 25 }, () => entry),
          ),
        ),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
      const id = await serviceId(name);
      const groups = await adminGet<ListResponse<ErrorGroup>>(`/admin/error-groups?filter[service_id]=${id}`);
      expect(groups.items.map((g) => g.count)).toEqual([200]);
    });
  });

  describe('deleting errors by date', () => {
    it('needs at least one date, in order', async () => {
      const none = await adminPost('/admin/errors/delete-range', {});
      expect(none.statusCode).toBe(422);
      expect(none.json()).toEqual({ message: { from: ['Give at least one date (from or to)'] } });
      const reversed = await adminPost('/admin/errors/delete-range', {
        from: '2026-02-02',
        to: '2026-02-01',
      });
      expect(reversed.json()).toEqual({ message: { to: ['The start date is after the end date'] } });
      const count = await t.app.inject({
        method: 'GET',
        url: `${STORAGE}/admin/errors/range-count`,
        headers: admin,
      });
      expect(count.statusCode).toBe(422);
    });

    it('counts, then deletes the days asked for, lowering and removing groups', async () => {
      const name = serviceName();
      const day = (offsetDays: number) => new Date(Date.UTC(2020, 0, 10 + offsetDays, 12)).toISOString();
      await ingest('errors', [
        { message: 'Old A', level: 'error', service: name, created_at: day(0) },
        { message: 'Old A', level: 'error', service: name, created_at: day(1) },
        { message: 'Old A', level: 'error', service: name, created_at: day(5) },
        { message: 'Old B', level: 'error', service: name, created_at: day(1) },
      ]);
      const count = await adminGet<{ count: number }>(
        '/admin/errors/range-count?from=2020-01-10&to=2020-01-11',
      );
      expect(count).toEqual({ count: 3 });
      const deleted = await adminPost('/admin/errors/delete-range', { from: '2020-01-10', to: '2020-01-11' });
      expect(deleted.json()).toEqual({ deleted: 3, message: 'Errors deleted: 3' });
      const id = await serviceId(name);
      const groups = await adminGet<ListResponse<ErrorGroup>>(`/admin/error-groups?filter[service_id]=${id}`);
      expect(groups.items.map((g) => [g.message, g.count])).toEqual([['Old A', 1]]);
      // Only "to": everything up to that day.
      expect((await adminPost('/admin/errors/delete-range', { to: '2020-01-31' })).json()).toMatchObject({
        deleted: 1,
      });
    });
  });

  describe('retention', () => {
    it('keeps its settings in range', async () => {
      const bad = await t.app.inject({
        method: 'PUT',
        url: `${STORAGE}/admin/settings`,
        headers: admin,
        payload: { log_retention_days: 0, error_retention_days: 1.5 },
      });
      expect(bad.json()).toEqual({
        message: {
          log_retention_days: ['A whole number of days from 1 to 3,650'],
          error_retention_days: ['A whole number of days from 1 to 3,650'],
        },
      });
      expect(await adminGet('/admin/settings')).toEqual({ log_retention_days: 30, error_retention_days: 90 });
    });

    it('prunes logs and errors older than their retention', async () => {
      const name = serviceName();
      const set = await t.app.inject({
        method: 'PUT',
        url: `${STORAGE}/admin/settings`,
        headers: admin,
        payload: { log_retention_days: 2, error_retention_days: 3 },
      });
      expect(set.statusCode).toBe(200);
      const daysAgo = (days: number) => new Date(t.time.clock().getTime() - days * 86_400_000).toISOString();
      await ingest('logs', [
        { message: 'keep', level: 'info', service: name, created_at: daysAgo(1) },
        { message: 'drop', level: 'info', service: name, created_at: daysAgo(2.5) },
      ]);
      await ingest('errors', [
        { message: 'keep', level: 'error', service: name, created_at: daysAgo(2.5) },
        { message: 'drop', level: 'error', service: name, created_at: daysAgo(4) },
      ]);
      await t.pruneExpired();
      const id = await serviceId(name);
      const logs = await adminGet<ListResponse<LogItem>>(`/admin/logs?filter[service_id]=${id}`);
      expect(logs.items.map((item) => item.message)).toEqual(['keep']);
      const errors = await adminGet<ListResponse<ErrorItem>>(`/admin/errors?filter[service_id]=${id}`);
      expect(errors.items.map((item) => item.message)).toEqual(['keep']);
      const groups = await adminGet<ListResponse<ErrorGroup>>(`/admin/error-groups?filter[service_id]=${id}`);
      expect(groups.items.map((g) => g.message)).toEqual(['keep']);
    });
  });
});
