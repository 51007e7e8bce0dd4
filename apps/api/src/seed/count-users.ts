/** Prints how many users the configured database holds (used by bench/list-api before seeding). */
import { loadConfig } from '../config/env.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

const config = loadConfig(process.env);
const database = await openDatabase(config);
try {
  await migrateToLatest(database.db);
  const row = await database.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  console.log(Number(row.count));
} finally {
  await database.close();
}
