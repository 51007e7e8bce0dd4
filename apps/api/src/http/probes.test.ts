import Fastify from 'fastify';
import {
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.js';
import { shutDown } from '../shutdown.js';
import { parsePrometheusText } from '../test/prom-text.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-database.js';
import { createReadiness, registerProbes } from './probes.js';
import { registerRequestIds, requestIdOptions } from './request-id.js';

/** A database whose connection never comes (a pool that waits forever), or whose queries fail. */
function brokenDb(mode: 'hangs' | 'fails'): Db {
  const connection: DatabaseConnection = {
    executeQuery: async () => {
      throw Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' });
    },
    // biome-ignore lint/correctness/useYield: never streams
    async *streamQuery() {
      throw new Error('not used');
    },
  };
  const driver: Driver = {
    init: async () => {},
    acquireConnection: () =>
      mode === 'hangs' ? new Promise<DatabaseConnection>(() => {}) : Promise.resolve(connection),
    beginTransaction: async () => {},
    commitTransaction: async () => {},
    rollbackTransaction: async () => {},
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  return new Kysely({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }) as unknown as Db;
}

const METRICS_TOKEN = 'metrics-token-0123456789';

/** `pult_ready` as a scrape of `/metrics` reads it. */
async function readyMetric(t: TestApp): Promise<number> {
  const response = await t.app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  return parsePrometheusText(response.body).value('pult_ready');
}

describe.each(testDatabaseKinds())('probes (%s)', (kind) => {
  const apps: TestApp[] = [];
  const open = async () => {
    const t = await createTestApp(kind, { METRICS_TOKEN });
    apps.push(t);
    return t;
  };
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((t) => t.close()));
  });

  it('/readyz is 503 while a migration this code knows has not run, 200 once it has', async () => {
    const t = await open();
    const [last] = await sql<{ name: string; timestamp: string }>`
      select name, timestamp from schema_migrations order by name desc limit 1`
      .execute(t.db)
      .then((r) => r.rows);
    await sql`delete from schema_migrations where name = ${last!.name}`.execute(t.db);
    const pending = await t.app.inject({ url: '/readyz', headers: { 'x-request-id': 'probe-1' } });
    expect(pending.statusCode).toBe(503);
    expect(pending.json()).toEqual({
      status: 'unavailable',
      reason: 'migrations-pending',
      request_id: 'probe-1',
    });
    expect(await readyMetric(t)).toBe(0);
    // Liveness is another question: the process and its database are fine.
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);

    await sql`insert into schema_migrations (name, timestamp) values (${last!.name}, ${last!.timestamp})`.execute(
      t.db,
    );
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(await readyMetric(t)).toBe(1);
  });

  it('/readyz is 503 during the SIGTERM drain while requests are still served, then the listener closes', async () => {
    const t = await open();
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    expect(await readyMetric(t)).toBe(1);
    let databaseClosed = false;
    const stopping = shutDown(t, {
      drainMs: 400,
      closeDatabase: async () => {
        databaseClosed = true;
      },
    });
    const draining = await t.app.inject({ url: '/readyz' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toMatchObject({ status: 'unavailable', reason: 'shutting-down' });
    // The metrics still answer while draining (so `up` stays 1); the readiness gauge says the truth.
    expect(await readyMetric(t)).toBe(0);
    // Still serving: liveness and ordinary requests answer during the drain.
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/config.json' })).statusCode).toBe(200);
    expect(databaseClosed).toBe(false);
    await stopping;
    expect(databaseClosed).toBe(true);
  });
});

describe('/readyz when the database does not answer', () => {
  for (const mode of ['hangs', 'fails'] as const) {
    it(`is 503 when the database ${mode}`, async () => {
      const app = Fastify({ logger: false, ...requestIdOptions });
      registerRequestIds(app);
      const check = registerProbes(app, { db: brokenDb(mode), readiness: createReadiness(), timeoutMs: 100 });
      try {
        const started = Date.now();
        const response = await app.inject({ url: '/readyz' });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({
          status: 'unavailable',
          reason: 'database-unavailable',
          request_id: response.headers['x-request-id'],
        });
        expect(Date.now() - started).toBeLessThan(2_000);
        expect((await app.inject({ url: '/healthz' })).statusCode).toBe(503);
        // What the pult_ready gauge asks: the same check, the same answer.
        expect(await check()).toMatchObject({ ready: false, reason: 'database-unavailable' });
      } finally {
        await app.close();
      }
    });
  }
});
