import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { ConfigError, loadConfig } from '../config/env.js';
import { type DatabaseHandle, type Db, type Executor, openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { hashPassword } from '../lib/passwords.js';
import { insertUsers, loadPlaceIds, type PlaceIds } from './bulk-insert.js';
import { DEMO_SEED, DEMO_USER_PASSWORD, seedReferenceData } from './demo.js';
import { createPeopleGenerator, type PeopleGenerator } from './people-generator.js';
import { createProgressBar, formatCount, formatDuration } from './progress-bar.js';

const USAGE = `Usage: npm run seed -- --users <count> [--batch <size>] [--seed <number>]

Adds <count> generated platform users (about 70% Ukrainian, 30% English-speaking) to the
database the server uses, creating the countries and cities first if the database has none.
Every seeded user's password is "${DEMO_USER_PASSWORD}".

Options:
  --users <count>   how many users to add, 1 to 100,000,000 (required)
  --batch <size>    rows per INSERT statement, 1 to 100,000 (default 10,000)
  --seed <number>   generator seed, for a different population (default ${DEMO_SEED})
  -h, --help        show this help

The database is chosen as the server chooses it: DATABASE_URL for PostgreSQL, otherwise the
embedded database in DATA_DIR (default ./data, relative to where npm was run).
Stop the server first when it uses the embedded database: only one process may open it.

Example: npm run seed -- --users 1000000 --batch 10000`;

const MAX_USERS = 100_000_000;
const MAX_BATCH = 100_000;

interface SeedOptions {
  users: number;
  batch: number;
  seed: number;
}

class UsageError extends Error {}

/** The command line as options, `'help'` for --help; a UsageError names what is wrong. */
function parseSeedArguments(args: readonly string[]): SeedOptions | 'help' {
  let values: { users?: string; batch?: string; seed?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: {
        users: { type: 'string' },
        batch: { type: 'string' },
        seed: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return 'help';
  if (values.users === undefined) throw new UsageError('--users <count> is required');
  return {
    users: parseCount('--users', values.users, 1, MAX_USERS),
    batch: values.batch === undefined ? 10_000 : parseCount('--batch', values.batch, 1, MAX_BATCH),
    seed: values.seed === undefined ? DEMO_SEED : parseCount('--seed', values.seed, 0, 0xffff_ffff),
  };
}

/** Accepts 1000000, 1_000_000 and 1,000,000: people paste counts in all three forms. */
function parseCount(name: string, text: string, min: number, max: number): number {
  const digits = text.replace(/[_,]/g, '');
  const value = /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(
      `${name} must be a whole number from ${formatCount(min)} to ${formatCount(max)} (got "${text}")`,
    );
  }
  return value;
}

async function main(): Promise<number> {
  let options: SeedOptions | 'help';
  try {
    options = parseSeedArguments(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`seed: ${error.message}\nRun "npm run seed -- --help" for usage.\n`);
    return 1;
  }
  if (options === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  // npm runs workspace scripts inside apps/api; a relative DATA_DIR must mean what it means to the server.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`seed: ${error.message}\n`);
    return 1;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const interrupted = await seed(
      database,
      options,
      config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`,
    );
    // 130 = 128 + SIGINT, what a shell expects of a command stopped by Ctrl+C.
    return interrupted ? 130 : 0;
  } finally {
    await database.close();
  }
}

/** Returns whether Ctrl+C cut the run short. */
async function seed(database: DatabaseHandle, options: SeedOptions, target: string): Promise<boolean> {
  const { db } = database;
  const log = (text: string) => process.stderr.write(`${text}\n`);
  log(`Seeding ${formatCount(options.users)} users into ${target}`);
  await migrateToLatest(db);
  const reference = await seedReferenceData(db);
  if (reference) log(`Added ${reference.countries} countries and ${reference.cities} cities`);

  const context: BatchContext = {
    places: await loadPlaceIds(db),
    passwordHash: await hashPassword(DEMO_USER_PASSWORD),
    generator: createPeopleGenerator({ seed: options.seed, now: new Date() }),
    offset: await maxUserId(db),
    concurrency: database.kind === 'postgres' ? 2 : 1,
  };
  const started = performance.now();
  const { done, inserted, stopped } = await insertBatches(db, options, context);
  const seconds = (performance.now() - started) / 1000;

  log('Updating the visibility map and planner statistics (VACUUM ANALYZE users, list counters)…');
  await vacuumSeededTables(db);
  const total = await countUsers(db);
  const skipped = done - inserted;
  process.stdout.write(
    `${stopped ? 'Interrupted: added' : 'Added'} ${formatCount(inserted)} users in ${formatDuration(seconds)} ` +
      `(${formatCount(inserted / Math.max(seconds, 0.001))} rows/s)` +
      `${skipped > 0 ? `, skipped ${formatCount(skipped)} whose e-mail already existed` : ''}; ` +
      `the users table now holds ${formatCount(total)}.\n`,
  );
  return stopped;
}

interface BatchContext {
  places: PlaceIds;
  passwordHash: string;
  generator: PeopleGenerator;
  /** Generator indexes start past the largest id, so e-mail numbers continue after earlier runs. */
  offset: number;
  /**
   * Batches in flight at once. PostgreSQL works on one while this process generates the next (20–30%
   * more rows/s on two cores); the embedded database runs on this thread, so there it is one.
   */
  concurrency: number;
}

async function insertBatches(
  db: Db,
  options: SeedOptions,
  context: BatchContext,
): Promise<{ done: number; inserted: number; stopped: boolean }> {
  const progress = createProgressBar({ total: options.users, unit: 'users', stream: process.stderr });
  // Ctrl+C ends after the batches in flight, so the embedded database is closed cleanly, never mid-write.
  let stopped = false;
  const stop = () => {
    stopped = true;
  };
  process.once('SIGINT', stop);
  let planned = 0;
  let done = 0;
  let inserted = 0;
  const worker = async () => {
    while (planned < options.users && !stopped) {
      const first = planned;
      const size = Math.min(options.batch, options.users - first);
      planned += size;
      const rows = Array.from({ length: size }, (_, k) => context.generator.user(context.offset + first + k));
      let added: number;
      try {
        added = await withoutTimeout(db, (trx) =>
          insertUsers(trx, rows, context.passwordHash, context.places),
        );
      } catch (error) {
        stopped = true;
        throw error;
      }
      // Added only after the await: `inserted += await …` would read the total before another batch landed.
      inserted += added;
      done += size;
      progress.update(done);
      // PGlite answers without ever leaving the microtask queue; without a turn of the event loop a
      // Ctrl+C would only be noticed after the last batch.
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  try {
    const results = await Promise.allSettled(Array.from({ length: context.concurrency }, worker));
    const failure = results.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
  } finally {
    process.off('SIGINT', stop);
  }
  progress.finish(done);
  return { done, inserted, stopped };
}

/**
 * The server's statement timeout guards interactive requests; a large batch (or ANALYZE of a big
 * table) may rightly take longer, so it is lifted for this one transaction only.
 */
function withoutTimeout<T>(db: Db, run: (trx: Executor) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`set local statement_timeout = 0`.execute(trx);
    return run(trx);
  });
}

/**
 * VACUUM sets the visibility map, which lets deep list pages use index-only scans (PGlite has no
 * autovacuum to do it later). It cannot run in a transaction, so the timeout is lifted on one session.
 * Seeded days are spread over three years, so every batch rewrote every day's counter row: 6,500 live
 * rows left 225,000 dead ones, and a deep page's running sum read them all (4.5 ms instead of 1.4 ms).
 * The counters are a few thousand rows, so rewriting them compact holds its lock for milliseconds.
 */
async function vacuumSeededTables(db: Db): Promise<void> {
  await db.connection().execute(async (connection) => {
    await sql`set statement_timeout = 0`.execute(connection);
    try {
      await sql`vacuum analyze users`.execute(connection);
      await sql`vacuum full analyze list_day_counts, row_counts`.execute(connection);
    } finally {
      await sql`reset statement_timeout`.execute(connection);
    }
  });
}

async function maxUserId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}

async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`seed failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
