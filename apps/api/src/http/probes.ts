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

export type UnreadyReason = 'shutting-down' | 'migrations-pending' | 'database-unavailable';

/** What `/readyz` would answer now; a database failure carries its error for the log. */
export type ReadyState = { ready: true } | { ready: false; reason: UnreadyReason; error?: unknown };

/**
 * The readiness question itself, shared by `/readyz` and the `pult_ready` metric so that the two never
 * disagree: ready only when every migration this code knows has run, the database answers within the
 * timeout, and the process is not draining after SIGTERM.
 */
export function createReadinessCheck(options: ProbeOptions): () => Promise<ReadyState> {
  const { db, readiness } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // Migrations only ever get done: once they are, the check needs just `select 1`.
  let migrated = false;
  return async () => {
    if (readiness.draining) return { ready: false, reason: 'shutting-down' };
    try {
      const pending = await withTimeout(
        migrated ? sql`select 1`.execute(db).then(() => []) : pendingMigrations(db),
        timeoutMs,
      );
      if (pending.length > 0) return { ready: false, reason: 'migrations-pending' };
      migrated = true;
    } catch (error) {
      return { ready: false, reason: 'database-unavailable', error };
    }
    // The drain may have begun while the database answered.
    if (readiness.draining) return { ready: false, reason: 'shutting-down' };
    return { ready: true };
  };
}

/**
 * `/healthz`: liveness (the process answers and so does its database, within the timeout). `/readyz`: readiness for a
 * load balancer (`createReadinessCheck`): 200, or 503 `{ status, reason, request_id }`. Answers the
 * readiness check, for the metric.
 */
export function registerProbes(app: FastifyInstance, options: ProbeOptions): () => Promise<ReadyState> {
  const { db } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const check = createReadinessCheck(options);

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
    const state = await check();
    reply.header('cache-control', 'no-store');
    if (state.ready) return { status: 'ok' };
    if (state.reason === 'database-unavailable') {
      request.log.warn(
        { err: state.error, timedOut: state.error instanceof ProbeTimeout },
        'Readiness: database',
      );
    }
    return reply.status(503).send({ status: 'unavailable', reason: state.reason, request_id: request.id });
  });
  return check;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProbeTimeout(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
