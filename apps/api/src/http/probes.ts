import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { pendingMigrations } from '../db/migrate.js';

/** Whether this process should be sent traffic: false from SIGTERM on (the drain), before the listener closes. */
export interface Readiness {
  readonly draining: boolean;
  beginDrain(): void;
}

export function createReadiness(): Readiness {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    beginDrain() {
      draining = true;
    },
  };
}

export interface ProbeOptions {
  db: Db;
  readiness: Readiness;
  /** How long the database may take to answer `/readyz` before it counts as down. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 2_000;

class ProbeTimeout extends Error {}

/**
 * `/healthz`: liveness (the process answers and so does its database, within the timeout). `/readyz`: readiness for a
 * load balancer: 200 only when every migration this code knows has run, the database answers within
 * the timeout, and the process is not draining after SIGTERM; 503 `{ status, reason, request_id }`
 * otherwise.
 */
export function registerProbes(app: FastifyInstance, options: ProbeOptions): void {
  const { db, readiness } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // Migrations only ever get done: once they are, the probe needs just `select 1`.
  let migrated = false;

  app.get('/healthz', async (request, reply) => {
    try {
      await withTimeout(
        db
          .selectFrom('schema_migrations' as never)
          .select((eb) => eb.lit(1).as('ok'))
          .limit(1)
          .execute(),
        timeoutMs,
      );
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable', request_id: request.id });
    }
  });

  app.get('/readyz', async (request, reply) => {
    const unready = (reason: 'shutting-down' | 'migrations-pending' | 'database-unavailable') =>
      reply
        .status(503)
        .header('cache-control', 'no-store')
        .send({ status: 'unavailable', reason, request_id: request.id });
    if (readiness.draining) return unready('shutting-down');
    try {
      const pending = await withTimeout(
        migrated ? sql`select 1`.execute(db).then(() => []) : pendingMigrations(db),
        timeoutMs,
      );
      if (pending.length > 0) return unready('migrations-pending');
      migrated = true;
    } catch (error) {
      request.log.warn({ err: error, timedOut: error instanceof ProbeTimeout }, 'Readiness: database');
      return unready('database-unavailable');
    }
    // The drain may have begun while the database answered.
    if (readiness.draining) return unready('shutting-down');
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProbeTimeout(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
