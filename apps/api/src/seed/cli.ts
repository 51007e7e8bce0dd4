import { sql } from 'kysely';
import { ConfigError, loadConfig } from '../config/env.js';
import { type DatabaseHandle, type Db, type Executor, openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { hashPassword } from '../lib/passwords.js';
import { insertUsers, loadPlaceIds, type PlaceIds } from './bulk-insert.js';
import { DEMO_USER_PASSWORD, seedReferenceData } from './demo.js';
import { createPeopleGenerator, type PeopleGenerator } from './people-generator.js';
import { createProgressBar, formatCount, formatDuration } from './progress-bar.js';
import { parseSeedArguments, type SeedOptions, USAGE, UsageError, usersToAdd } from './seed-arguments.js';

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
  await migrateToLatest(db);
  const present = await countUsers(db);
  const users = usersToAdd(options.goal, present);
  const goal = present + users;
  if (users === 0) {
    process.stdout.write(`The users table already holds ${formatCount(present)} users: nothing to add.\n`);
    return false;
  }
  log(
    `Seeding ${formatCount(users)} users into ${target} (${formatCount(present)} there, ${formatCount(goal)} after)`,
  );
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
  const resume = `npm run seed -- --total ${goal} --seed ${options.seed}`;
  const { done, inserted, stopped } = await insertBatches(db, { users, batch: options.batch }, context).catch(
    (error: unknown) => {
      log(`The batches already inserted stay; to add the rest: ${resume}`);
      throw error;
    },
  );
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
  // The same goal again adds only what is missing: the generator continues past the largest id.
  if (total < goal) log(`To add the rest: ${resume}`);
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
  options: { users: number; batch: number },
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
      await sql`vacuum full analyze list_day_counts, list_month_counts, row_counts`.execute(connection);
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
