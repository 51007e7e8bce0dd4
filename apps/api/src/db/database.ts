import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.js';
import { preparingPool } from './prepared-statements.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
/** The database or an open transaction on it: what a query that may join a transaction runs on. */
export type Executor = Db | Transaction<Database>;

const PG_DATE_OID = 1082;

/** A PostgreSQL pool's connections, read when metrics are scraped. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

const pools = new WeakMap<Db, () => PoolStats>();

/** The pool behind `db` (PostgreSQL only; PGlite is one in-process connection and reports none). */
export function poolStatsOf(db: Db): (() => PoolStats) | undefined {
  return pools.get(db);
}

/** Listens on a NOTIFY channel of an embedded database; answers how to stop. */
export type InProcessListen = (
  channel: string,
  onPayload: (payload: string) => void,
) => Promise<() => Promise<void>>;

const inProcessListeners = new WeakMap<Db, InProcessListen>();

/**
 * LISTEN on PGlite, where every writer is this process: NOTIFY is delivered at commit, in process,
 * with no connection of its own (PostgreSQL's listeners use `createPgListener`).
 */
export function inProcessListenerOf(db: Db): InProcessListen | undefined {
  return inProcessListeners.get(db);
}

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL server's URL (none for PGlite). */
  url?: string;
  /** PGlite only: its data directory as a tar, to start other instances from (a migrated test template). */
  dump?: () => Promise<Blob>;
  close(): Promise<void>;
}

/** Upper bound for any one statement, so a pathological query cannot hold a connection. */
export const STATEMENT_TIMEOUT_MS = 10_000;

// bigint ids and counts fit in a JS number long before they overflow 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
// A date column is a calendar day, not an instant: keep it as 'YYYY-MM-DD'.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

/**
 * PostgreSQL when a URL is given, otherwise PGlite in `dataDir/pglite` (or in memory without one).
 * `pgliteDump` starts an in-memory PGlite from a dumped data directory (tests: a migrated template).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  pgliteDump?: Blob;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPGlite(options.dataDir, options.pgliteDump);
}

const IDLE_CONNECTION_MS = 5 * 60_000;

function openPostgres(connectionString: string): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    // Starting a parallel worker costs a process that must load the table's catalog afresh: worth it
    // for one long statement (an exact count asked for sets its own), a loss for the many short ones
    // ten administrators' lists run side by side (p99 of status + fragment filters at concurrency 10:
    // 1.1 s with them, 0.4 s without, measured under load).
    options: '-c max_parallel_workers_per_gather=0',
    // A new connection's first list costs 40–70 ms more while the server loads the table's catalog
    // and statistics; an administrator's clicks come seconds or minutes apart, so connections are
    // kept for minutes, not node-postgres's 10 s, and two are kept however long the panel is idle.
    idleTimeoutMillis: IDLE_CONNECTION_MS,
    min: 2,
  });
  // A server may close an idle connection (restart, failover, a dropped database). The pool discards
  // it and opens another on demand; unheard, the 'error' event would crash the whole process.
  pool.on('error', (error) => process.emitWarning(`PostgreSQL closed an idle connection: ${error.message}`));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  pools.set(db, () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
  return { db, kind: 'postgres', url: connectionString, close: () => db.destroy() };
}

async function openPGlite(dataDir: string | undefined, dump: Blob | undefined): Promise<DatabaseHandle> {
  let location: string | undefined;
  if (dataDir) {
    location = path.join(dataDir, 'pglite');
    await mkdir(location, { recursive: true });
  }
  const pglite = await PGlite.create(location, {
    // Trigram indexes serve the lists' case-insensitive "contains" filters.
    extensions: { pg_trgm },
    parsers: { [PG_DATE_OID]: (value: string) => value },
    ...(dump ? { loadDataDir: dump } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  inProcessListeners.set(db, (channel, onPayload) => pglite.listen(channel, onPayload));
  return {
    db,
    kind: 'pglite',
    dump: () => pglite.dumpDataDir('none'),
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}
